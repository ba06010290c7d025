"""footfall's trajectory outputs as analysis tools in Python read them: the SQLite store through
Python's own sqlite3 module, the Jülich text format the way PedPy's load_trajectory_from_txt parses
it (frame rate from the "framerate" comment, unit from "x/m", whitespace-separated columns)."""
import csv
import os
import sqlite3
import subprocess

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FOOTFALL = os.path.join(ROOT, "build", "footfall")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    if not os.access(FOOTFALL, os.X_OK):
        pytest.skip("build/footfall is not built (tools/setup.sh)")
    out = tmp_path_factory.mktemp("run")
    subprocess.run([FOOTFALL, "run", os.path.join(ROOT, "data", "scenarios", "intersection.yaml"), "--headless",
                    "-q", "--frames", "300", "--seed", "5", "--trajectory", str(out / "t.csv"), "--db",
                    str(out / "t.db"), "--jupedsim-txt", str(out / "t.txt")], check=True)
    with open(out / "t.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    return out, rows


def read_txt_like_pedpy(path):
    frame_rate, metres, data = None, False, []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                if "framerate" in line and frame_rate is None:
                    for token in line.split():
                        try:
                            frame_rate = float(token)
                            break
                        except ValueError:
                            continue
                metres = metres or "x/m" in line.lower()
                continue
            id_, frame, x, y, z = line.split()[:5]
            data.append((int(id_), int(frame), float(x), float(y), float(z)))
    return frame_rate, metres, data


def test_the_juelich_text_reads_back_to_the_csv(run):
    out, rows = run
    frame_rate, metres, data = read_txt_like_pedpy(out / "t.txt")
    assert frame_rate == 30.0 and metres
    assert [(int(r["id"]), int(r["frame"]), float(r["x"]), float(r["y"])) for r in rows] == \
        [d[:4] for d in data]
    assert min(d[0] for d in data) == 1  # ids from 1, as the Jülich tools number pedestrians


def test_the_store_opens_in_python_and_matches_the_csv(run):
    out, rows = run
    con = sqlite3.connect(out / "t.db")
    meta = dict(con.execute("SELECT key, value FROM metadata"))
    assert meta["complete"] == "1" and meta["seed"] == "5" and meta["frame_rate"] == "30"
    got = {(r[0], r[1]): r for r in con.execute(
        "SELECT frame, id, name, x, y, heading, state, behavior FROM trajectory")}
    assert len(got) == len(rows)
    for r in rows:
        g = got[(int(r["frame"]), int(r["id"]))]
        assert g[2] == r["name"] and g[6] == r["state"] and g[7] == r["behavior"]
        assert abs(g[3] - float(r["x"])) < 1e-6 and abs(g[4] - float(r["y"])) < 1e-6
    # Every pedestrian once in trips, entering at its first row.
    first = {}
    for r in rows:
        first.setdefault(int(r["id"]), int(r["frame"]))
    assert dict(con.execute("SELECT id, enter_frame FROM trips")) == first
    con.close()

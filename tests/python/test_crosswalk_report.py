"""tools/crosswalk_report.py: crossings found from a trajectory, stays marked, quarters timed."""
import io
import json
import os
import sys

import numpy as np
import pandas as pd

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import crosswalk_report  # noqa: E402

SCENARIO = """\
name: one crosswalk
world:
  regions:
    - {name: road, type: street, polygon: [[-6, -20], [6, -20], [6, 20], [-6, 20]]}
    - {name: zebra, type: crosswalk, signal: ns, polygon: [[-6, 0], [6, 0], [6, 4], [-6, 4]]}
"""


def walk(name, points, dt=1 / 30):
    """Rows of a trajectory through the given (time, x, y) corners, linearly, every frame."""
    rows = []
    for (t0, x0, y0), (t1, x1, y1) in zip(points, points[1:]):
        for t in np.arange(t0, t1, dt):
            f = (t - t0) / (t1 - t0)
            rows.append({"time": round(t, 4), "name": name, "x": x0 + f * (x1 - x0), "y": y0 + f * (y1 - y0)})
    return rows


def test_crossings_stays_quarters_and_landing(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO)
    rows = []
    # Across at 1.2 m/s from x = -8 to 8 (the crosswalk spans x -6..6), then on at the same pace.
    rows += walk("fast", [(0, -8, 2), (16 / 1.2, 8, 2), (16 / 1.2 + 6, 8, 9.2)])
    # Across at 1 m/s for three quarters, then 0.25 m/s for the last 3 m, and stands 5 s off it.
    rows += walk("slow", [(0, -7, 1), (1, -6, 1), (10, 3, 1), (22, 6, 1), (22.5, 6.2, 1), (27.5, 6.2, 1)])
    # Onto the crosswalk and back: no crossing.
    rows += walk("back", [(0, -8, 3), (4, -2, 3), (8, -8, 3)])
    traj = tmp_path / "t.csv"
    pd.DataFrame(rows).to_csv(traj, index=False)
    summary = {"incidents": [{"kind": "red_stay_over_5s", "agent": "slow", "time_s": 21.0, "at": [5, 1]}]}
    out = tmp_path / "c.csv"
    text = io.StringIO()
    crossings = crosswalk_report.report(str(scenario), str(traj), summary, str(out), stream=text)
    assert sorted(crossings.name) == ["fast", "slow"]
    by = crossings.set_index("name")
    assert abs(by.loc["fast", "speed"] - 1.2) < 0.02
    assert by.loc["slow", "stayed"] and not by.loc["fast", "stayed"]
    assert list(crossings.crosswalk.unique()) == ["zebra"]
    q = crosswalk_report.quarter_times(pd.read_csv(traj).sort_values(["name", "time"]), crossings)
    fast = q[list(crossings.name).index("fast")]
    slow = q[list(crossings.name).index("slow")]
    assert np.allclose(fast, 2.5, atol=0.1)  # 3 m a quarter at 1.2 m/s
    assert np.allclose(slow[:2], 3.0, atol=0.1) and slow[3] > 10  # the last 3 m at 0.25 m/s
    landing = crosswalk_report.landing_speeds(pd.read_csv(traj).sort_values(["name", "time"]), crossings)
    assert landing[4][1] == 2 and landing[4][0] < 0.7  # the slow one stands, the fast one walks on
    assert "ended in a red stay (1)" in text.getvalue()
    written = pd.read_csv(out)
    assert len(written) == 2 and "stayed" in written.columns


def test_a_scenario_without_signalled_crosswalks_is_an_error(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("name: x\nworld:\n  regions: []\n")
    traj = tmp_path / "t.csv"
    pd.DataFrame(walk("a", [(0, 0, 0), (1, 1, 0)])).to_csv(traj, index=False)
    try:
        crosswalk_report.report(str(scenario), str(traj))
    except SystemExit as e:
        assert "no region with a signal" in str(e)
    else:
        raise AssertionError("expected an error")


def test_main_reads_the_summary_file(tmp_path, capsys):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO)
    traj = tmp_path / "t.csv"
    pd.DataFrame(walk("fast", [(0, -8, 2), (16, 8, 2)])).to_csv(traj, index=False)
    summary = tmp_path / "s.json"
    summary.write_text(json.dumps({"incidents": []}))
    crosswalk_report.main(["--scenario", str(scenario), "--trajectory", str(traj), "--summary", str(summary)])
    assert "crossings: 1" in capsys.readouterr().out

"""footfall.sweep on Dask distributed: 8 seeds on a LocalCluster of 2 workers give the rows of 8
sequential CLI runs, in seed order, and still do when a worker is killed mid-sweep."""
import os
import pickle
import signal
import subprocess
import threading
import time

import pytest

from footfall_cli import FOOTFALL, INTERSECTION, cli_summary, module

SEEDS = list(range(1, 9))
FRAMES = 120
COMPARED = ["trajectory_hash", "frames", "arrived", "collisions", "stuck", "jaywalk_events", "red_crossings",
            "spawned", "trips", "decisions"]


@pytest.fixture(scope="module")
def ff():
    module()
    pytest.importorskip("dask.distributed")
    return module()


@pytest.fixture(scope="module")
def cli_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cli")
    return [cli_summary(tmp, INTERSECTION, FRAMES, seed) for seed in SEEDS]


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def check_rows(frame, cli_rows):
    assert list(frame["seed"]) == SEEDS  # once each, in order
    for (_, row), cli in zip(frame.iterrows(), cli_rows):
        assert {k: row[k] for k in COMPARED} == {k: cli[k] for k in COMPARED}


def test_a_sweep_equals_sequential_cli_runs(ff, cli_rows, client, tmp_path):
    frame = ff.sweep(INTERSECTION, seeds=SEEDS, frames=FRAMES, client=client, out_dir=tmp_path)
    check_rows(frame, cli_rows)
    assert all(os.path.exists(p) for p in frame["trajectory"])
    import sqlite3
    with sqlite3.connect(frame["trajectory"][0]) as db:  # a complete store of that run
        meta = dict(db.execute("SELECT key, value FROM metadata").fetchall())
    assert meta["complete"] == "1" and meta["trajectory_hash"] == frame["trajectory_hash"][0]


def test_a_killed_workers_runs_are_rescheduled(ff, cli_rows, client):
    victim = {}

    def kill_one_mid_sweep():
        # Once a worker is running a task and some result is still to come, kill that worker.
        deadline = time.time() + 60
        while time.time() < deadline and not victim:
            busy = [w for w, tasks in client.processing().items() if tasks]
            if busy:
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                victim["pid"] = pid
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one_mid_sweep)
    killer.start()
    # No out_dir here: other arguments than the sweep above, so Dask runs every task anew.
    frame = ff.sweep(INTERSECTION, seeds=SEEDS, frames=FRAMES, client=client)
    killer.join()
    assert victim, "no worker was killed"
    check_rows(frame, cli_rows)


def test_overrides_make_a_grid_of_variants_on_a_scheduler_by_address(ff, client):
    frame = ff.sweep(INTERSECTION, seeds=[1, 2], overrides={"population.target": [20, 40]}, frames=30,
                     scheduler=client.scheduler.address)
    assert list(frame["variant"]) == [0, 0, 1, 1]
    assert list(frame["override.population.target"]) == [20, 20, 40, 40]
    assert (frame["agents"][:2] < frame["agents"][2:].values).all()


def test_the_sweep_command_writes_one_row_per_run(ff, cli_rows, tmp_path):
    out = tmp_path / "sweep.csv"
    subprocess.run([FOOTFALL, "sweep", INTERSECTION, "--seeds", "1-2", "--frames", str(FRAMES), "--workers", "1",
                    "--out", str(out)], check=True, capture_output=True)
    import pandas as pd
    frame = pd.read_csv(out, dtype={"trajectory_hash": str})
    assert list(frame["seed"]) == [1, 2]
    assert list(frame["trajectory_hash"]) == [r["trajectory_hash"] for r in cli_rows[:2]]


def test_a_bad_scenario_fails_the_sweep_with_its_place(ff, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nduration: long\n")
    r = subprocess.run([FOOTFALL, "sweep", str(bad), "--workers", "1", "--out", str(tmp_path / "s.csv")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "bad.yaml:2:" in r.stderr, r.stderr
    e = pickle.loads(pickle.dumps(ff.ScenarioError("f.yaml:2:3: no", "f.yaml", 2, 3)))
    assert (e.file, e.line, e.column, str(e)) == ("f.yaml", 2, 3, "f.yaml:2:3: no")

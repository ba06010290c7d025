"""The Python module footfall (docs/python.md): the CLI's trajectory, arrays of the documented
shapes and dtypes, parameters by dotted name, callbacks, DataFrames, and errors as exceptions."""
import csv

import numpy as np
import pytest

from footfall_cli import INTERSECTION, cli_summary, module

FRAMES = 90


@pytest.fixture(scope="module")
def ff():
    return module()


def test_stepping_gives_the_clis_trajectory_hash(ff, tmp_path):
    sim = ff.load(INTERSECTION, seed=3)
    sim.step(FRAMES)
    assert sim.frame == FRAMES
    assert sim.trajectory_hash == cli_summary(tmp_path, INTERSECTION, FRAMES, 3)["trajectory_hash"]


def test_a_dict_loads_its_scenario_and_runs_the_same_every_time(ff):
    # Not the file's hash: PaT-Net random() streams are keyed by their place in the text, which a
    # dict does not keep; the same dict gives the same YAML, hence the same run.
    doc = ff.scenario.read_dict(INTERSECTION)
    a, b, f = ff.from_dict(doc, seed=2), ff.from_dict(doc, seed=2), ff.load(INTERSECTION, seed=2)
    assert a.slots == f.slots and a.agent_names == f.agent_names
    a.step(30)
    b.step(30)
    assert a.trajectory_hash == b.trajectory_hash


def test_arrays_have_the_documented_shapes_and_dtypes(ff):
    sim = ff.load(INTERSECTION)
    sim.step(3)
    n = sim.slots
    for name, dtype, shape in [("ids", np.uint64, (n,)), ("positions", np.float64, (n, 2)),
                               ("headings", np.float64, (n,)), ("active", np.bool_, (n,)),
                               ("states", np.uint8, (n,)), ("footsteps", np.float64, (n, 2))]:
        a = getattr(sim, name)
        assert a.dtype == dtype and a.shape == shape, name
    assert not sim.positions.flags.writeable  # a view of the simulation's own frame
    assert sim.positions.base is not None
    on = sim.active
    assert on.sum() == sim.summary()["agents"]
    assert np.all(sim.ids[on] > 0)
    assert set(sim.states[on]) <= {0, 1, 2, 3} and ff.STATE_NAMES[1] == "walk"
    df = ff.agents(sim)
    assert len(df) == on.sum() and list(df.columns) == ["id", "name", "x", "y", "heading", "state"]


def test_setting_a_parameter_changes_the_next_decision(ff):
    a, b = ff.load(INTERSECTION), ff.load(INTERSECTION)
    slot = a.agent_names.index("north")
    assert "face.k_theta" in a.param_names("north")
    assert b.param("north.face.k_theta") == 1
    b.set_param("north.face.k_theta", 40.0)
    b.set_param("north.seek.weight", 0.0)
    assert b.param("north.face.k_theta") == 40
    first = None
    for _ in range(60):  # two seconds: the north walker decides at every foot-strike (~0.5 s)
        a.step()
        b.step()
        if first is None and not np.array_equal(a.footsteps[slot], b.footsteps[slot]):
            first = a.frame
    assert first is not None, "the north walker chose the same footsteps"


def test_a_callback_runs_after_every_frame(ff):
    sim = ff.load(INTERSECTION)
    frames = []
    cb = lambda: frames.append(sim.frame)  # noqa: E731
    sim.add_callback(cb)
    sim.step(5)
    sim.remove_callback(cb)
    sim.step(1)
    assert frames == [1, 2, 3, 4, 5]


def test_recorded_trajectories_match_the_clis_csv(ff, tmp_path):
    cli_summary(tmp_path, INTERSECTION, 20, 4, "--trajectory", str(tmp_path / "t.csv"))
    sim = ff.load(INTERSECTION, seed=4)
    summary, df = ff.run(sim, 20, trajectories=True)
    with open(tmp_path / "t.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(df) == len(rows)
    assert list(df.columns) == ["frame", "time", "id", "name", "x", "y", "heading", "state"]
    for r, (_, d) in zip(rows[::97], df.iloc[::97].iterrows()):
        assert (int(r["frame"]), int(r["id"]), r["name"], r["state"]) == (d.frame, d.id, d["name"], d.state)
        assert float(r["x"]) == pytest.approx(d.x, abs=1e-6) and float(r["y"]) == pytest.approx(d.y, abs=1e-6)
    table = ff.summary_frame(summary)
    assert table.loc[0, "trajectory_hash"] == summary["trajectory_hash"] and table.loc[0, "frames"] == 20


def test_signals_are_read(ff):
    sim = ff.load(INTERSECTION)
    sim.step(1)
    signals = sim.signals()
    assert signals and all(lamp in ("GREEN", "YELLOW", "RED") for lamp, _ in signals.values())


def test_a_variant_runs_as_the_clis_and_an_unknown_one_raises(ff, tmp_path):
    sim = ff.load(INTERSECTION, seed=3, variants=["activities"])
    sim.step(FRAMES)
    summary = cli_summary(tmp_path, INTERSECTION, FRAMES, 3, "--variant", "activities")
    assert summary["variants"] == ["activities"]
    assert sim.trajectory_hash == summary["trajectory_hash"]
    plain = ff.load(INTERSECTION, seed=3)
    plain.step(FRAMES)
    assert sim.trajectory_hash != plain.trajectory_hash
    with pytest.raises(ff.ScenarioError, match=r"no variant 'busy'"):
        ff.load(INTERSECTION, variants=["busy"])


def test_a_missing_file_raises_with_its_place(ff, tmp_path):
    with pytest.raises(ff.ScenarioError, match=r"nowhere\.yaml:1:1: ") as e:
        ff.load(tmp_path / "nowhere.yaml")
    assert e.value.line == 1 and e.value.file.endswith("nowhere.yaml")
    assert isinstance(e.value, ValueError)


def test_a_bad_key_raises_with_its_line_and_column(ff):
    doc = ff.scenario.read_dict(INTERSECTION)
    doc["duratoin"] = 3
    with pytest.raises(ff.ScenarioError, match=r"^study\.yaml:\d+:\d+: .*duratoin") as e:
        ff.from_dict(doc, name="study.yaml")
    assert e.value.line > 0 and e.value.column > 0
    assert "duratoin" in e.value.text.splitlines()[e.value.line - 1]


def test_a_wrong_type_raises(ff):
    doc = ff.scenario.read_dict(INTERSECTION)
    doc["duration"] = "long"
    with pytest.raises(ff.ScenarioError, match=r"^<dict>:\d+:\d+: "):
        ff.from_dict(doc)
    with pytest.raises(TypeError):
        ff.load(INTERSECTION, seed="one")


def test_a_bad_parameter_name_raises(ff):
    sim = ff.load(INTERSECTION)
    with pytest.raises(ff.ParameterError, match="no agent named 'nobody'"):
        sim.param("nobody.face.k_theta")
    with pytest.raises(KeyError):
        sim.set_param("north.face.nothing", 1.0)


def test_a_frame_renders_to_an_image_without_stepping(ff):
    if not hasattr(ff.Simulation, "render"):
        pytest.skip("this build has no renderer (FOOTFALL_RENDER=OFF)")
    sim = ff.load(INTERSECTION, figures=True)
    sim.step(10)
    before = sim.trajectory_hash
    image = sim.render(160, 90)
    assert image.shape == (90, 160, 3) and image.dtype == np.uint8
    assert image.std() > 5  # a scene, not a blank
    assert sim.frame == 10 and sim.trajectory_hash == before
    with pytest.raises(ff.Error, match="figures"):
        ff.load(INTERSECTION).render(16, 16)


def test_the_trajectory_store_holds_what_the_clis_does(ff, tmp_path):
    import sqlite3
    cli_summary(tmp_path, INTERSECTION, 30, 5, "--db", str(tmp_path / "cli.db"))
    sim = ff.load(INTERSECTION, seed=5)
    store = ff.record_store(sim, tmp_path / "py.db")
    sim.step(30)
    store.finish()
    assert store.path == str(tmp_path / "py.db")
    sim.remove_callback(store.frame)
    sim.step(1)  # no longer recorded
    del store
    query = "SELECT frame, id, x, y, heading FROM trajectories ORDER BY frame, id"
    meta = "SELECT value FROM metadata WHERE key IN ('trajectory_hash', 'complete', 'frames') ORDER BY key"
    with sqlite3.connect(tmp_path / "cli.db") as cli, sqlite3.connect(tmp_path / "py.db") as py:
        assert py.execute(query).fetchall() == cli.execute(query).fetchall()
        assert py.execute(meta).fetchall() == cli.execute(meta).fetchall()


def test_the_summary_lists_incidents_as_the_cli_does(ff, tmp_path):
    # A walker pulled across a street that it only avoids (tests/test_kerb.cpp's scene).
    doc = {
        "world": {"regions": [{"name": "road", "type": "street",
                               "polygon": [[-20, 0], [20, 0], [20, 4], [-20, 4]]}]},
        "behaviors": {"walker": {"nodes": {
            "goal": {"type": "location_sensor"},
            "seek": {"type": "attract", "input": "goal", "k_theta": 1, "t_d": 0.05, "power": 0.5,
                     "weight": 20},
            "road": {"type": "terrain_sensor", "types": ["street"]},
            "avoid_road": {"type": "avoid", "input": "road", "k_d": 4, "t_d": 0.45},
            "walk": {"type": "walk", "inputs": ["seek", "avoid_road"]}}}},
        "agents": [{"name": "w", "behavior": "walker", "position": [0, -2], "heading": 1.5708,
                    "set": {"goal.target": [0, 7]}}],
    }
    sim = ff.from_dict(doc)
    sim.step(300)
    summary = sim.summary()
    assert summary["jaywalk_events"] > 0
    first = summary["incidents"][0]
    assert first["kind"] == "jaywalk" and first["agent"] == "w" and "with" not in first
    assert 0 <= first["at"][1] <= 1 and first["time_s"] > 0
    # Kept off by a kerb, nothing to list.
    doc["behaviors"]["walker"]["nodes"]["road"]["kerb"] = 1
    kept = ff.from_dict(doc)
    kept.step(300)
    assert kept.summary()["incidents"] == []

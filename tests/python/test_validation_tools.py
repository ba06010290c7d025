"""The validation tools: scene generation (tools/make_validation.py) and the reference curve
(tools/run_validation.py)."""
import filecmp
import itertools
import math
import os
import random
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import make_validation  # noqa: E402
import run_validation  # noqa: E402


def test_committed_scenes_are_what_the_generator_writes(tmp_path):
    make_validation.main_into(str(tmp_path))
    committed = os.path.join(ROOT, "data", "validation")
    names = sorted(os.listdir(tmp_path))
    assert names == sorted(f for f in os.listdir(committed) if f.endswith(".yaml"))
    _, mismatch, errors = filecmp.cmpfiles(committed, str(tmp_path), names, shallow=False)
    assert mismatch == [] and errors == []


def test_hex_points_fill_the_box_without_overlap():
    rng = random.Random(3)
    pts = make_validation.hex_points(416, 0, 0.18, 26, 3.82, rng)  # 4 persons/m2 in the corridor
    assert len(pts) == 416
    for x, y in pts:
        assert 0 <= x <= 26 and 0.18 - 0.03 <= y <= 3.82 + 0.03
    closest = min(math.dist(a, b) for a, b in itertools.combinations(pts, 2))
    assert closest >= 2 * make_validation.RADIUS


def test_free_speeds_follow_weidmann_and_stay_in_range():
    rng = random.Random(1)
    speeds = [make_validation.free_speed(rng) for _ in range(4000)]
    assert min(speeds) >= 0.6 and max(speeds) <= 2.1
    assert abs(sum(speeds) / len(speeds) - 1.34) < 0.02


def test_weidmann_curve_matches_the_reference_table():
    # reference/pedestrian-dynamics.md §1, values derived from the formula
    for density, speed in [(0.5, 1.30), (1, 1.06), (2, 0.61), (3, 0.33), (4, 0.16)]:
        assert abs(run_validation.weidmann(density) - speed) < 0.006


def test_counterflow_sources_uses_the_counterflow_walker():
    # The same walker as counterflow.yaml (the suite's one walker), fed by one source at each end
    # instead of two crowds.
    fed, filled = make_validation.counterflow_sources(), make_validation.counterflow()
    walker = make_validation.walker()
    assert walker in fed and walker in filled
    assert fed.count("behavior: walker") == 2 and "agents:" not in fed
    assert "name: east" in fed and "name: west" in fed and "walking: true" in fed


def test_corridor_sources_feed_one_stream_below_capacity():
    # The open-boundary corridor: the suite's walker, one source at the west end, an inflow under
    # Weidmann's capacity (1.22 persons/(m s)) so that the corridor can carry it.
    import yaml

    for inflow in make_validation.CORRIDOR_INFLOWS:
        scene = yaml.safe_load(make_validation.corridor_sources(inflow))
        assert make_validation.walker() in make_validation.corridor_sources(inflow)
        (source,) = scene["sources"]
        assert source["flow"] == inflow * 4 and source["walking"] is True
        assert source["set"]["goal.target"][0] > 50
    capacity = max(run_validation.weidmann(r / 1000) * r / 1000 for r in range(200, 5400))
    assert abs(capacity - 1.225) < 0.001
    assert max(make_validation.CORRIDOR_INFLOWS) < capacity


def test_narrow_counterflow_scene_has_two_groups_facing_each_other():
    import yaml
    import make_narrow_counterflow

    scene = yaml.safe_load(make_narrow_counterflow.scenario(1.6, 8, 8))
    agents = scene["agents"]
    assert len(agents) == 16
    east = [a for a in agents if a["set"]["goal.target"][0] > 0]
    west = [a for a in agents if a["set"]["goal.target"][0] < 0]
    assert len(east) == len(west) == 8
    # Each group starts on its own side, behind its first row, and inside the 1.6 m corridor.
    assert all(a["position"][0] <= -8 for a in east) and all(a["position"][0] >= 8 for a in west)
    assert all(abs(a["position"][1]) + a["radius"] < 0.8 for a in agents)
    walls = [s["from"][1] for s in scene["world"]["segments"]]
    assert sorted(walls) == [-0.8, 0.8]


def test_streams_are_sorted_by_kind_of_flow():
    kinds = {scene: run_validation.flow_kind(scene) for scene in
             ["fd_0_5", "corridor_sources_1", "counterflow", "counterflow_sources", "crossing_3", "scramble",
              "bottleneck_1", "rimea_9_4", "doorway"]}
    assert kinds == {"fd_0_5": "one_stream_periodic", "corridor_sources_1": "one_stream_fed",
                     "counterflow": "counterflow", "counterflow_sources": "counterflow",
                     "crossing_3": "two_streams_crossing", "scramble": "four_streams_crossing",
                     "bottleneck_1": None, "rimea_9_4": None, "doorway": None}
    # Every kind is a plain CSV field, and plot_streams.gp draws each.
    plot = open(os.path.join(ROOT, "tools", "plot_streams.gp")).read()
    for kind in run_validation.FLOW_KIND.values():
        assert "," not in kind and f"pick('{kind}')" in plot


def test_streams_summary_weighs_free_flow_seconds_against_weidmann():
    w = run_validation.weidmann
    points = [{"kind": "counterflow", "density": d, "speed": f * w(d)}
              for d, f in [(0.3, 0.8), (0.5, 0.9), (0.9, 1.0), (0.1, 0.2), (2.0, 0.1)]]
    points += [{"kind": "one_stream_fed", "density": 0.6, "speed": w(0.6)}]
    summary = run_validation.summarise_streams(points)
    # Only 0.2-1.0 persons/m² count: the free flow, where experiments put every kind on one curve.
    assert summary["counterflow"]["seconds"] == 3
    assert abs(summary["counterflow"]["ratio"] - 0.9) < 1e-9
    assert abs(summary["counterflow"]["density"] - 0.5) < 1e-9
    assert abs(summary["one_stream_fed"]["ratio"] - 1.0) < 1e-9
    assert run_validation.median([4, 1, 3, 2]) == 2.5 and math.isnan(run_validation.median([]))


def test_streams_plot_draws_from_the_csv(tmp_path):
    import shutil
    import subprocess

    if not shutil.which("gnuplot"):
        import pytest
        pytest.skip("gnuplot is installed by tools/setup.sh")
    points = [{"scene": "counterflow", "kind": "counterflow", "seed": 1, "area": "middle", "time": t,
               "density": 0.5 + 0.1 * t, "speed": 1.0} for t in range(5)]
    run_validation.write_streams(str(tmp_path), points)
    assert (tmp_path / "streams.png").stat().st_size > 1000
    lines = (tmp_path / "streams_summary.csv").read_text().splitlines()
    assert lines[0] == "kind,seconds,median_density,median_speed_over_weidmann"
    assert lines[1].startswith("counterflow,5,")

#!/usr/bin/env python3
"""Runs the validation scenes of data/validation/ and plots them beside their references.

    tools/run_validation.py [--footfall build/footfall] [--out out/validation] [--seeds 1 2 3]
                            [--only fd bottleneck corridor_sources counterflow counterflow_sources scramble
                                    crossing]

Writes fd.csv, bottleneck.csv, corridor_sources.csv, counterflow.csv, counterflow_sources.csv,
scramble.csv and crossing.csv, then fd.png and bottleneck.png (gnuplot, tools/plot_validation.gp).
Every run of a scene with streams (the periodic corridor, the fed corridor, counterflow, crossing
and four-way streams) is also measured second by second (`footfall analyze`, Voronoi density and
speed in the scene's measurement area): streams.csv holds those points, streams_summary.csv their
speed against Weidmann's per kind of flow, and streams.png draws them beside his curve.
docs/validation.md shows and discusses the figures.
"""
import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DENSITIES = ("0_5", "1", "2", "3", "4")
WIDTHS = ("0_8", "1", "1_2", "1_6", "2", "2_4")
INFLOWS = ("0_5", "1")  # persons/(m s), tools/make_validation.py's CORRIDOR_INFLOWS
CROSSING_FLOWS = ("2", "3")  # persons/s an arm, tools/make_validation.py's CROSSING_FLOWS


def weidmann(density):
    """Weidmann 1993: v0 1.34 m/s, gamma 1.913 m^-2, rho_max 5.4 m^-2."""
    return 1.34 * (1 - math.exp(-1.913 * (1 / density - 1 / 5.4)))


# The kind of flow of each scene with streams, for streams.csv. Experiments put them all on one
# curve below 1 person/m²: bidirectional and unidirectional agree there (Zhang et al. 2012, J.
# Stat. Mech. P02002), and streams crossing at any angle have the counterflow's diagram (Zhang &
# Seyfried 2014, arXiv 1312.2475).
FLOW_KIND = {"fd": "one_stream_periodic", "corridor_sources": "one_stream_fed", "counterflow": "counterflow",
             "crossing": "two_streams_crossing", "scramble": "four_streams_crossing"}
# Densities (persons/m²) where every kind should walk near Weidmann's speed: the free flow.
FREE_FLOW = (0.2, 1.0)


def flow_kind(scene):
    """The kind of flow of a scene (FLOW_KIND), from its name; None for scenes without streams."""
    for prefix, kind in FLOW_KIND.items():
        if scene == prefix or scene.startswith(prefix + "_"):
            return kind
    return None


def run(footfall, scene, seed, points=None):
    """The run's summary. With `points` (a list), also the second-by-second Voronoi density and
    speed in the scene's measurement area (footfall analyze), appended as dicts."""
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "summary.json")
        path = os.path.join(ROOT, "data", "validation", scene)
        cmd = [footfall, "run", path, "--headless", "--seed", str(seed), "--summary", summary, "-q"]
        trajectory = os.path.join(tmp, "trajectory.csv")
        if points is not None:
            cmd += ["--trajectory", trajectory]
        subprocess.run(cmd, check=True)
        if points is not None:
            analysis = os.path.join(tmp, "analysis")
            subprocess.run([footfall, "analyze", trajectory, "--scenario", path, "--out", analysis, "--no-plot",
                            "-q"], check=True)
            name = os.path.splitext(scene)[0]
            with open(os.path.join(analysis, "fundamental_diagram.csv")) as f:
                for row in csv.DictReader(f):
                    points.append({"scene": name, "kind": flow_kind(name), "seed": seed, "area": row["area"],
                                   "time": float(row["time"]), "density": float(row["density"]),
                                   "speed": float(row["speed"])})
        with open(summary) as f:
            return json.load(f)


def summarise_streams(points):
    """Per kind of flow: the seconds measured at free-flow densities (FREE_FLOW), their median
    density, and the median of speed over Weidmann's speed at each one's density."""
    out = {}
    for kind in dict.fromkeys(p["kind"] for p in points):
        free = [p for p in points if p["kind"] == kind and FREE_FLOW[0] <= p["density"] <= FREE_FLOW[1]]
        out[kind] = {"seconds": len(free), "density": median([p["density"] for p in free]),
                     "ratio": median([p["speed"] / weidmann(p["density"]) for p in free])}
    return out


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--footfall", default=os.path.join(ROOT, "build", "footfall"))
    p.add_argument("--out", default=os.path.join(ROOT, "out", "validation"))
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parts = ("fd", "bottleneck", "corridor_sources", "counterflow", "counterflow_sources", "scramble", "crossing")
    p.add_argument("--only", nargs="+", choices=parts, default=list(parts), help="run only these parts")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    points = []  # streams.csv: every run of a scene with streams, second by second

    def measured(scene, seed):
        return run(args.footfall, f"{scene}.yaml", seed, points if flow_kind(scene) else None)

    def sweep(name, header, scenes, row):
        """One CSV row per scene and seed: row(scene, seed, summary)."""
        with open(os.path.join(args.out, name), "w") as f:
            f.write(header + "\n")
            for scene in scenes:
                for seed in args.seeds:
                    f.write(row(scene, seed, measured(scene, seed)) + "\n")

    def fd_row(scene, seed, j):
        a = j["measurement"]["areas"]["corridor"]
        return (f"{scene},{seed},{a['density']:.4f},{a['speed']:.4f},{weidmann(a['density']):.4f},"
                f"{a['specific_flow']:.4f},{j['collisions']}")

    def bottleneck_row(scene, seed, j):
        line = j["measurement"]["lines"]["exit"]
        width = scene.split("_", 1)[1].replace("_", ".")
        return (f"{scene},{seed},{width},{line['flow']:.4f},{line['steady_flow']:.4f},"
                f"{line['steady_specific_flow']:.4f},{j['agents']},{j['collisions']}")

    if "fd" in args.only:
        sweep("fd.csv", "scene,seed,density,speed,weidmann,specific_flow,collisions",
              [f"fd_{d}" for d in DENSITIES], fd_row)
    if "bottleneck" in args.only:
        sweep("bottleneck.csv", "scene,seed,width,flow,steady_flow,steady_specific_flow,left_in_room,collisions",
              [f"bottleneck_{w}" for w in WIDTHS], bottleneck_row)
    if "corridor_sources" in args.only:
        # The open-boundary corridor: what the source emitted, and the middle's density and speed
        # beside Weidmann's speed at that density.
        def corridor_row(scene, seed, j):
            a, src = j["measurement"]["areas"]["middle"], j["sources"]["west"]
            inflow = scene.split("_", 2)[2].replace("_", ".")
            return (f"{scene},{seed},{inflow},{src['emitted']},{src['delayed']},{src['flow']:.4f},{j['arrived']},"
                    f"{j['stuck']},{j['collisions']},{a['density']:.4f},{a['speed']:.4f},"
                    f"{weidmann(a['density']):.4f}")
        sweep("corridor_sources.csv", "scene,seed,inflow,emitted,delayed,flow,arrived,stuck,collisions,"
              "density,speed,weidmann", [f"corridor_sources_{q}" for q in INFLOWS], corridor_row)
    if "counterflow" in args.only:
        with open(os.path.join(args.out, "counterflow.csv"), "w") as f:
            f.write("seed,arrived,stuck,collisions,density,speed,lane_order\n")
            for seed in args.seeds:
                j = measured("counterflow", seed)
                a = j["measurement"]["areas"]["middle"]
                f.write(f"{seed},{j['arrived']},{j['stuck']},{j['collisions']},{a['density']:.4f},{a['speed']:.4f},"
                        f"{a['lane_order']:.4f}\n")
    if "counterflow_sources" in args.only:
        # Each end's source: the flow it emitted and how many of its arrivals waited for room.
        with open(os.path.join(args.out, "counterflow_sources.csv"), "w") as f:
            f.write("seed,emitted,delayed,flow_east,flow_west,arrived,in_hallway,stuck,collisions,"
                    "density,speed,lane_order\n")
            for seed in args.seeds:
                j = measured("counterflow_sources", seed)
                a, src = j["measurement"]["areas"]["middle"], j["sources"]
                emitted = sum(s["emitted"] for s in src.values())
                delayed = sum(s["delayed"] for s in src.values())
                f.write(f"{seed},{emitted},{delayed},{src['east']['flow']:.4f},{src['west']['flow']:.4f},"
                        f"{j['arrived']},{j['agents']},{j['stuck']},{j['collisions']},{a['density']:.4f},"
                        f"{a['speed']:.4f},{a['lane_order']:.4f}\n")
    def crossing_row(scene, seed, j):
        """Streams crossing (scramble, crossing_*): who got through, and the crossing square."""
        a, src = j["measurement"]["areas"]["crossing"], j["sources"].values()
        return (f"{seed},{sum(s['emitted'] for s in src)},{sum(s['delayed'] for s in src)},{j['arrived']},"
                f"{j['agents']},{j['stuck']},{j['collisions']},{a['density']:.4f},{a['speed']:.4f},"
                f"{weidmann(a['density']):.4f}")

    crossing_columns = "seed,emitted,delayed,arrived,left,stuck,collisions,density,speed,weidmann"
    if "scramble" in args.only:
        # Four streams crossing.
        with open(os.path.join(args.out, "scramble.csv"), "w") as f:
            f.write(crossing_columns + "\n")
            for seed in args.seeds:
                f.write(crossing_row("scramble", seed, measured("scramble", seed)) + "\n")
    if "crossing" in args.only:
        # Two streams crossing at right angles, per arm's flow (persons/s).
        sweep("crossing.csv", "scene," + crossing_columns, [f"crossing_{q}" for q in CROSSING_FLOWS],
              lambda scene, seed, j: f"{scene}," + crossing_row(scene, seed, j))
    if "fd" in args.only and "bottleneck" in args.only:
        subprocess.run(["gnuplot", "-e", f"dir='{args.out}'", os.path.join(ROOT, "tools", "plot_validation.gp")],
                       check=True)
        print(f"wrote {args.out}/fd.png and {args.out}/bottleneck.png", file=sys.stderr)
    if points:
        write_streams(args.out, points)


def write_streams(out, points):
    """streams.csv, streams_summary.csv and streams.png (tools/plot_streams.gp)."""
    with open(os.path.join(out, "streams.csv"), "w") as f:
        f.write("scene,kind,seed,area,time,density,speed,weidmann\n")
        for p in points:
            f.write(f"{p['scene']},{p['kind']},{p['seed']},{p['area']},{p['time']:g},{p['density']:.4f},"
                    f"{p['speed']:.4f},{weidmann(p['density']):.4f}\n")
    summary = summarise_streams(points)
    with open(os.path.join(out, "streams_summary.csv"), "w") as f:
        f.write("kind,seconds,median_density,median_speed_over_weidmann\n")
        for kind, s in summary.items():
            f.write(f"{kind},{s['seconds']},{s['density']:.3f},{s['ratio']:.3f}\n")
            print(f"{kind}: {s['seconds']} s at {FREE_FLOW[0]}-{FREE_FLOW[1]} /m2, median density {s['density']:.2f}, "
                  f"speed / Weidmann {s['ratio']:.2f}", file=sys.stderr)
    subprocess.run(["gnuplot", "-e", f"dir='{out}'", os.path.join(ROOT, "tools", "plot_streams.gp")], check=True)
    print(f"wrote {out}/streams.png", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs the validation scenes of data/validation/ and plots them beside their references.

    tools/run_validation.py [--footfall build/footfall] [--out out/validation] [--seeds 1 2 3]
                            [--only fd bottleneck corridor_sources counterflow counterflow_sources scramble
                                    crossing]

Writes fd.csv, bottleneck.csv, corridor_sources.csv, counterflow.csv, counterflow_sources.csv,
scramble.csv and crossing.csv, then fd.png and
bottleneck.png (gnuplot, tools/plot_validation.gp). docs/validation.md shows and discusses the
figures.
"""
import argparse
import json
import math
import os
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


def run(footfall, scene, seed):
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "summary.json")
        subprocess.run([footfall, "run", os.path.join(ROOT, "data", "validation", scene), "--headless",
                        "--seed", str(seed), "--summary", summary, "-q"], check=True)
        with open(summary) as f:
            return json.load(f)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--footfall", default=os.path.join(ROOT, "build", "footfall"))
    p.add_argument("--out", default=os.path.join(ROOT, "out", "validation"))
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parts = ("fd", "bottleneck", "corridor_sources", "counterflow", "counterflow_sources", "scramble", "crossing")
    p.add_argument("--only", nargs="+", choices=parts, default=list(parts), help="run only these parts")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)

    def sweep(csv, header, scenes, row):
        """One CSV row per scene and seed: row(scene, seed, summary)."""
        with open(os.path.join(args.out, csv), "w") as f:
            f.write(header + "\n")
            for scene in scenes:
                for seed in args.seeds:
                    f.write(row(scene, seed, run(args.footfall, f"{scene}.yaml", seed)) + "\n")

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
                j = run(args.footfall, "counterflow.yaml", seed)
                a = j["measurement"]["areas"]["middle"]
                f.write(f"{seed},{j['arrived']},{j['stuck']},{j['collisions']},{a['density']:.4f},{a['speed']:.4f},"
                        f"{a['lane_order']:.4f}\n")
    if "counterflow_sources" in args.only:
        # Each end's source: the flow it emitted and how many of its arrivals waited for room.
        with open(os.path.join(args.out, "counterflow_sources.csv"), "w") as f:
            f.write("seed,emitted,delayed,flow_east,flow_west,arrived,in_hallway,stuck,collisions,"
                    "density,speed,lane_order\n")
            for seed in args.seeds:
                j = run(args.footfall, "counterflow_sources.yaml", seed)
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
                f.write(crossing_row("scramble", seed, run(args.footfall, "scramble.yaml", seed)) + "\n")
    if "crossing" in args.only:
        # Two streams crossing at right angles, per arm's flow (persons/s).
        sweep("crossing.csv", "scene," + crossing_columns, [f"crossing_{q}" for q in CROSSING_FLOWS],
              lambda scene, seed, j: f"{scene}," + crossing_row(scene, seed, j))
    if "fd" in args.only and "bottleneck" in args.only:
        subprocess.run(["gnuplot", "-e", f"dir='{args.out}'", os.path.join(ROOT, "tools", "plot_validation.gp")],
                       check=True)
        print(f"wrote {args.out}/fd.png and {args.out}/bottleneck.png", file=sys.stderr)


if __name__ == "__main__":
    main()

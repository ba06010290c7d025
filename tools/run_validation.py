#!/usr/bin/env python3
"""Runs the validation scenes of data/validation/ and plots them beside their references.

    tools/run_validation.py [--footfall build/footfall] [--out out/validation] [--seeds 1 2 3]

Writes fd.csv, bottleneck.csv and counterflow.csv, then fd.png and bottleneck.png (gnuplot,
tools/plot_validation.gp). docs/validation.md shows and discusses the figures.
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
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)

    with open(os.path.join(args.out, "fd.csv"), "w") as f:
        f.write("scene,seed,density,speed,weidmann,specific_flow,collisions\n")
        for d in DENSITIES:
            for seed in args.seeds:
                j = run(args.footfall, f"fd_{d}.yaml", seed)
                a = j["measurement"]["areas"]["corridor"]
                f.write(f"fd_{d},{seed},{a['density']:.4f},{a['speed']:.4f},{weidmann(a['density']):.4f},"
                        f"{a['specific_flow']:.4f},{j['collisions']}\n")
    with open(os.path.join(args.out, "bottleneck.csv"), "w") as f:
        f.write("scene,seed,width,flow,steady_flow,steady_specific_flow,left_in_room,collisions\n")
        for w in WIDTHS:
            for seed in args.seeds:
                j = run(args.footfall, f"bottleneck_{w}.yaml", seed)
                line = j["measurement"]["lines"]["exit"]
                f.write(f"bottleneck_{w},{seed},{w.replace('_', '.')},{line['flow']:.4f},"
                        f"{line['steady_flow']:.4f},{line['steady_specific_flow']:.4f},{j['agents']},"
                        f"{j['collisions']}\n")
    with open(os.path.join(args.out, "counterflow.csv"), "w") as f:
        f.write("seed,arrived,stuck,collisions,density,speed\n")
        for seed in args.seeds:
            j = run(args.footfall, "counterflow.yaml", seed)
            a = j["measurement"]["areas"]["middle"]
            f.write(f"{seed},{j['arrived']},{j['stuck']},{j['collisions']},{a['density']:.4f},{a['speed']:.4f}\n")
    subprocess.run(["gnuplot", "-e", f"dir='{args.out}'", os.path.join(ROOT, "tools", "plot_validation.gp")],
                   check=True)
    print(f"wrote {args.out}/fd.png and {args.out}/bottleneck.png", file=sys.stderr)


if __name__ == "__main__":
    main()

"""`footfall sweep` (the footfall command runs `python3 -m footfall.cli sweep ...`)."""
import argparse
import json
import sys


def seeds_of(text):
    """"1-8" → 1..8, "1,5,9" → [1, 5, 9], mixed "1-3,7"."""
    seeds = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        seeds.extend(range(int(a), int(b) + 1) if b else [int(a)])
    return seeds


def override_of(text):
    """NAME=V or NAME=V1,V2,... (each value read as JSON, else kept as text)."""
    name, eq, values = text.partition("=")
    if not eq or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE[,VALUE...], got '{text}'")

    def value(v):
        try:
            return json.loads(v)
        except ValueError:
            return v
    return name, [value(v) for v in values.split(",")]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="footfall sweep",
                                     description="run a scenario over seeds and parameter values on Dask")
    parser.add_argument("scenario", help="scenario YAML file")
    parser.add_argument("--seeds", type=seeds_of, default=[1], help="e.g. 1-8 or 1,5,9 (default 1)")
    parser.add_argument("--set", type=override_of, action="append", default=[], metavar="NAME=V[,V...]",
                        help="a scenario key (population.target=100,200) or a behavior-net parameter "
                             "(north.face.k_theta=1); repeated: every combination")
    parser.add_argument("--frames", type=int, help="frames per run (default: the scenario's duration)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (default 2)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address instead of a LocalCluster")
    parser.add_argument("--out", default="sweep.csv", help="the summaries' CSV (default sweep.csv)")
    parser.add_argument("--trajectories", metavar="DIR", help="write each run's SQLite trajectory store into DIR")
    args = parser.parse_args(argv)

    from .errors import Error
    from .dask_sweep import sweep
    try:
        frame = sweep(args.scenario, seeds=args.seeds, overrides=dict(args.set) or None, frames=args.frames,
                      scheduler=args.scheduler, workers=args.workers, out_dir=args.trajectories)
    except Error as e:
        print(f"footfall: {e}", file=sys.stderr)
        return 2
    frame.drop(columns="trip_s").to_csv(args.out, index=False)
    print(f"{len(frame)} runs: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "sweep":
        del sys.argv[1]
    sys.exit(main())

"""A seed study of the intersection on Dask: trip times over seeds, plotted.
    PYTHONPATH=build/python python3 examples/python/seed_study.py [SEEDS] [FRAMES] [--scheduler ADDR]
writes seed_study.csv and seed_study.png."""
import argparse

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import footfall  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("seeds", nargs="?", type=int, default=16)
    parser.add_argument("frames", nargs="?", type=int, default=1800)
    parser.add_argument("--scheduler")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    runs = footfall.sweep(footfall.scenario_path("intersection"), seeds=range(1, args.seeds + 1), frames=args.frames,
                          scheduler=args.scheduler, workers=args.workers)
    runs.drop(columns="trip_s").to_csv("seed_study.csv", index=False)
    trips = np.concatenate([np.asarray(t, float) for t in runs["trip_s"]])
    print(runs[["seed", "trips", "trip_s_mean", "trip_s_p99", "collisions", "stuck"]].to_string(index=False))

    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.hist(trips, bins=40)
    a.set(xlabel="trip time (s)", ylabel="trips", title=f"{len(trips)} trips, {len(runs)} seeds")
    b.plot(runs["seed"], runs["trip_s_mean"], "o-", label="mean")
    b.plot(runs["seed"], runs["trip_s_p99"], "s--", label="99th percentile")
    b.set(xlabel="seed", ylabel="trip time (s)")
    b.legend()
    fig.tight_layout()
    fig.savefig("seed_study.png", dpi=100)
    print("seed_study.csv, seed_study.png")


# Dask's worker processes import this file: only the main process runs the study.
if __name__ == "__main__":
    main()

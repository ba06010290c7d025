"""A parameter sweep: walkers per intersection against the flow over the crosswalks, on Dask.
    PYTHONPATH=build/python python3 examples/python/density_flow.py [FRAMES] [--scheduler ADDR]
writes density_flow.csv and density_flow.png."""
import argparse

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import footfall  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("frames", nargs="?", type=int, default=1800)
    parser.add_argument("--scheduler")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    populations = [50, 100, 200, 400]
    runs = footfall.sweep(footfall.scenario_path("intersection"), seeds=[1, 2, 3],
                          overrides={"population.target": populations}, frames=args.frames,
                          scheduler=args.scheduler, workers=args.workers)
    runs["crossings_per_minute"] = runs["crossings"] / (runs["sim_seconds"] / 60)
    runs.drop(columns="trip_s").to_csv("density_flow.csv", index=False)
    table = runs.groupby("override.population.target")[["agents", "crossings_per_minute", "trip_s_mean"]].mean()
    print(table.to_string())

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(runs["agents"], runs["crossings_per_minute"], "o", alpha=0.5, label="run")
    ax.plot(table["agents"], table["crossings_per_minute"], "-", label="mean over seeds")
    ax.set(xlabel="walkers in the scene", ylabel="crosswalk entries per minute", title="intersection: density and flow")
    ax.legend()
    fig.tight_layout()
    fig.savefig("density_flow.png", dpi=100)
    print("density_flow.csv, density_flow.png")


# Dask's worker processes import this file: only the main process runs the study.
if __name__ == "__main__":
    main()

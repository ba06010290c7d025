"""Sweep throughput on a LocalCluster of 1 and 2 workers: runs per minute of the intersection
(each run FRAMES frames), cluster start-up excluded and reported apart.
    PYTHONPATH=build/python /usr/bin/python3 bench/sweep_throughput.py [RUNS] [FRAMES]"""
import sys
import time


def main():
    from dask.distributed import Client, LocalCluster

    import footfall

    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    path = footfall.scenario_path("intersection")
    t0 = time.perf_counter()
    footfall.load(path).step(frames)
    single = time.perf_counter() - t0
    print(f"one run in this process: {single:.2f} s ({frames} frames)")
    for workers in (1, 2):
        t0 = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster, \
                Client(cluster) as client:
            started = time.perf_counter()
            frame = footfall.sweep(path, seeds=range(1, runs + 1), frames=frames, client=client)
            took = time.perf_counter() - started
        assert len(frame) == runs
        print(f"{workers} worker(s): {runs} runs in {took:.1f} s = {60 * runs / took:.1f} runs/min "
              f"(cluster start {started - t0:.1f} s)")


if __name__ == "__main__":  # Dask's spawned workers import this file
    main()

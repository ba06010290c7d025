"""What stepping from Python costs over the C++ loop, at 1,000 and 10,000 pedestrians (the
intersection tiled into a city, 200 per intersection as `footfall bench` scales it):
  C++ loop   sim.step(n): one call, the frames looped in C++ (the GIL released)
  Python     n calls of sim.step() from a Python loop, reading ids, positions, headings each frame
Both simulations start identical and do identical work (same seed); they advance in interleaved
blocks of 10 frames, so that load from elsewhere on the machine falls on both alike.
    PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py [FRAMES]"""
import sys
import time

import footfall

FRAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 60
for nx, ny in [(5, 1), (10, 5)]:
    path = footfall.scenario_path("intersection")
    a = footfall.load(path, city=(nx, ny))
    b = footfall.load(path, city=(nx, ny))
    a.step(5), b.step(5)  # both past the first frames' set-up
    cpp = py = 0.0
    for _ in range(FRAMES // 10):
        t0 = time.perf_counter()
        a.step(10)
        t1 = time.perf_counter()
        for _ in range(10):
            b.step()
            b.ids, b.positions, b.headings  # noqa: B018 (the views a loop would read)
        t2 = time.perf_counter()
        cpp += (t1 - t0) / FRAMES
        py += (t2 - t1) / FRAMES
    assert a.trajectory_hash == b.trajectory_hash
    # The binding's own cost per frame, apart from the simulation: a step call that simulates nothing
    # (GIL released and taken back around no work is not included) and the three views.
    reps = 20000
    t0 = time.perf_counter()
    for _ in range(reps):
        b.step(0)
        b.ids, b.positions, b.headings  # noqa: B018
    binding = (time.perf_counter() - t0) / reps
    n = int(a.active.sum())
    print(f"{n:6d} pedestrians: C++ loop {1e3 * cpp:8.3f} ms/frame, Python loop {1e3 * py:8.3f} ms/frame, "
          f"difference {1e6 * (py - cpp):+8.1f} us/frame ({100 * (py - cpp) / cpp:+.2f} %); binding cost "
          f"{1e6 * binding:.2f} us/frame ({100 * binding / cpp:.3f} %)")

#!/usr/bin/env python3
"""How pedestrians crossed the signalled crosswalks of a run, from its trajectory.

    tools/crosswalk_report.py --scenario data/scenarios/intersection.yaml --trajectory t.csv \\
        [--summary s.json] [--out crossings.csv]

A crossing is an interval in which a walker stays inside one signalled crosswalk (a region with
`signal:` in the scenario's `world.regions`) and covers at least 80% of its length. The crossing
direction is the longer side of the crosswalk's bounding box, so crosswalks must be axis-aligned
rectangles, as the generated intersection's are; a city tiled from the file (`city:`) is not
read, only the file's own regions. With the run's summary, crossings that ended in a red stay
(`red_stay_over_5s` incidents) are marked.

Prints: crossings and their median speed; the time each quarter of the crosswalk took, for the
crossings that ended in a stay and for the others; and how fast walkers move in each of their
first five seconds off a crosswalk (those who land and then stand hold up whoever follows:
docs/scenario.md, "Where twice the density's stays come from").
"""
import argparse
import json
import os
import sys

import numpy as np
import pandas as pd
import yaml

MIN_COVER = 0.8       # of the crosswalk's length, for an interval to count as a crossing
LANDING_SECONDS = 5   # after stepping off a crosswalk


def crosswalks(scenario):
    """Name, box (x0, y0, x1, y1) and crossing axis (0: x, 1: y) of each signalled region."""
    with open(scenario) as f:
        doc = yaml.safe_load(f)
    out = []
    for r in (doc.get("world") or {}).get("regions") or []:
        if r.get("signal") is None:
            continue
        xs = [p[0] for p in r["polygon"]]
        ys = [p[1] for p in r["polygon"]]
        box = (min(xs), min(ys), max(xs), max(ys))
        axis = 0 if box[2] - box[0] >= box[3] - box[1] else 1
        out.append((r["name"], box, axis))
    return out


def find_crossings(traj, walks):
    """One row per crossing: name, crosswalk, t0, t1, length covered, speed, first/last row index."""
    rows = []
    for name, g in traj.groupby("name", sort=False):
        x, y, t = g.x.to_numpy(), g.y.to_numpy(), g.time.to_numpy()
        for cw, (x0, y0, x1, y1), axis in walks:
            inside = (x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)
            if not inside.any():
                continue
            along = x if axis == 0 else y
            length = (x1 - x0) if axis == 0 else (y1 - y0)
            edges = np.diff(np.concatenate(([0], inside.astype(np.int8), [0])))
            for a, b in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)):
                covered = abs(along[b - 1] - along[a])
                if covered < MIN_COVER * length or t[b - 1] <= t[a]:
                    continue
                rows.append({"name": name, "crosswalk": cw, "t0": t[a], "t1": t[b - 1],
                             "covered": covered, "speed": covered / (t[b - 1] - t[a]),
                             "axis": axis, "start": along[a], "length": length})
    return pd.DataFrame(rows)


def mark_stays(crossings, summary):
    """A crossing ended in a red stay when its walker's stay was counted while it was on it."""
    crossings["stayed"] = False
    if summary is None or crossings.empty:
        return crossings
    stays = [(i["agent"], i["time_s"]) for i in summary.get("incidents", [])
             if i.get("kind") == "red_stay_over_5s"]
    for agent, at in stays:
        hit = (crossings.name == agent) & (crossings.t0 <= at) & (crossings.t1 >= at - 1.0 / 30)
        crossings.loc[hit, "stayed"] = True
    return crossings


def quarter_times(traj, crossings):
    """Seconds each quarter of the distance covered took, one row per crossing."""
    by_name = {n: g for n, g in traj.groupby("name", sort=False)}
    out = []
    for c in crossings.itertuples():
        g = by_name[c.name]
        g = g[(g.time >= c.t0) & (g.time <= c.t1)]
        along = (g.x if c.axis == 0 else g.y).to_numpy()
        done = np.abs(along - c.start)
        t = g.time.to_numpy()
        reached = np.maximum.accumulate(done)
        marks = [t[min(np.searchsorted(reached, q * c.covered), len(t) - 1)] for q in (0, 0.25, 0.5, 0.75, 1.0)]
        out.append(np.diff(marks))
    return np.array(out).reshape(-1, 4)


def landing_speeds(traj, crossings):
    """Median speed (m/s, over half a second) in each of the first seconds off a crosswalk."""
    by_name = {n: g for n, g in traj.groupby("name", sort=False)}
    speeds = {s: [] for s in range(LANDING_SECONDS)}
    for c in crossings.itertuples():
        g = by_name[c.name]
        t, x, y = g.time.to_numpy(), g.x.to_numpy(), g.y.to_numpy()
        for s in range(LANDING_SECONDS):
            a = np.searchsorted(t, c.t1 + s)
            b = np.searchsorted(t, c.t1 + s + 0.5)
            if b >= len(t) or b <= a:
                continue
            speeds[s].append(np.hypot(x[b] - x[a], y[b] - y[a]) / (t[b] - t[a]))
    return {s: (float(np.median(v)) if v else float("nan"), len(v)) for s, v in speeds.items()}


def report(scenario, trajectory, summary=None, out=None, stream=None):
    stream = stream or sys.stdout
    walks = crosswalks(scenario)
    if not walks:
        raise SystemExit(f"{scenario}: no region with a signal (world.regions[].signal)")
    traj = pd.read_csv(trajectory, usecols=["time", "name", "x", "y"]).sort_values(["name", "time"], kind="stable")
    crossings = mark_stays(find_crossings(traj, walks), summary)
    if out:  # written whole or not at all
        tmp = out + ".tmp"
        crossings.drop(columns=["axis", "start"]).to_csv(tmp, index=False)
        os.replace(tmp, out)
    print(f"crossings: {len(crossings)}", file=stream)
    if crossings.empty:
        return crossings
    print(f"median speed on the crosswalk: {crossings.speed.median():.2f} m/s "
          f"(10% below {crossings.speed.quantile(0.1):.2f})", file=stream)
    quarters = quarter_times(traj, crossings)
    for label, mask in (("ended in a red stay", crossings.stayed.to_numpy()),
                        ("the others", ~crossings.stayed.to_numpy())):
        if mask.any():
            q = np.median(quarters[mask], axis=0)
            print(f"{label} ({mask.sum()}): seconds per quarter of the crosswalk "
                  + ", ".join(f"{v:.1f}" for v in q), file=stream)
    print("off the crosswalk, median speed in second "
          + ", ".join(f"{s + 1}: " + (f"{v:.2f} m/s" if n else "-")
                      for s, (v, n) in landing_speeds(traj, crossings).items()), file=stream)
    return crossings


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenario", required=True, help="scenario YAML with signalled crosswalk regions")
    ap.add_argument("--trajectory", required=True, help="footfall run --trajectory CSV")
    ap.add_argument("--summary", help="footfall run --summary JSON, to mark crossings that ended in a red stay")
    ap.add_argument("--out", help="write one row per crossing to this CSV")
    args = ap.parse_args(argv)
    summary = None
    if args.summary:
        with open(args.summary) as f:
            summary = json.load(f)
    report(args.scenario, args.trajectory, summary, args.out)


if __name__ == "__main__":
    main()

"""pandas views of a simulation: the pedestrians now, their trajectories, the run's summary."""
import os

import numpy as np
import pandas as pd

from ._core import STATE_NAMES, TrajectoryStore

# The trajectory CSV's columns (docs/outputs.md) without `behavior`.
COLUMNS = ["frame", "time", "id", "name", "x", "y", "heading", "state"]
_STATES = pd.CategoricalDtype(list(STATE_NAMES))


def agents(sim):
    """The pedestrians in the scene now: one row each (copied, stays valid after stepping)."""
    on = sim.active
    ids = sim.ids[on]
    return pd.DataFrame({
        "id": ids, "name": [sim.name(int(i)) for i in ids],
        "x": sim.positions[on, 0], "y": sim.positions[on, 1], "heading": sim.headings[on],
        "state": pd.Categorical.from_codes(sim.states[on], dtype=_STATES),
    })


class Recorder:
    """Collects every frame's pedestrians as the simulation steps (a per-frame callback):
        rec = Recorder(sim); sim.step(300); df = rec.frame()"""

    def __init__(self, sim):
        self._sim = sim
        self._parts = []
        self._take()  # the frame before the first step, as the CLI's trajectory has it
        sim.add_callback(self._take)

    def _take(self):
        s = self._sim
        on = s.active
        self._parts.append((s.frame, s.time, s.ids[on], s.positions[on], s.headings[on], s.states[on]))

    def detach(self):
        self._sim.remove_callback(self._take)

    def frame(self):
        """The trajectories so far, one row per pedestrian per frame (COLUMNS)."""
        counts = [len(p[2]) for p in self._parts]
        ids = np.concatenate([p[2] for p in self._parts]) if self._parts else np.zeros(0, np.uint64)
        xy = np.concatenate([p[3] for p in self._parts]) if self._parts else np.zeros((0, 2))
        names = {int(i): self._sim.name(int(i)) for i in np.unique(ids)}
        return pd.DataFrame({
            "frame": np.repeat([p[0] for p in self._parts], counts).astype(np.int64),
            "time": np.repeat([p[1] for p in self._parts], counts),
            "id": ids, "name": [names[int(i)] for i in ids],
            "x": xy[:, 0], "y": xy[:, 1],
            "heading": np.concatenate([p[4] for p in self._parts]) if self._parts else np.zeros(0),
            "state": pd.Categorical.from_codes(np.concatenate([p[5] for p in self._parts]), dtype=_STATES)
            if self._parts else pd.Categorical([], dtype=_STATES),
        }, columns=COLUMNS)


def record_store(sim, path):
    """Writes the run to the SQLite trajectory store at `path` from now on (as `footfall run --db`;
    `footfall analyze` reads it): returns the store, whose finish() completes the file."""
    store = TrajectoryStore(sim, os.fspath(path))
    sim.add_callback(store.frame)
    return store


def summary_frame(summaries, *, trips=False):
    """Summaries (dicts from Simulation.summary(), or one) as a DataFrame, one row each, with the
    trips' mean and 99th percentile; with `trips`, each run's list of trip times too (trip_s)."""
    if isinstance(summaries, dict):
        summaries = [summaries]
    rows = []
    for s in summaries:
        row = dict(s)
        times = np.asarray(row.pop("trip_s", []), dtype=float)
        row["trip_s_mean"] = float(times.mean()) if times.size else 0.0
        row["trip_s_p99"] = float(np.percentile(times, 99)) if times.size else 0.0
        if trips:
            row["trip_s"] = times.tolist()
        rows.append(row)
    return pd.DataFrame(rows)


def run(sim, frames=None, *, trajectories=False):
    """Steps `sim` for `frames` (default: the scenario's duration) and returns (summary dict,
    trajectories DataFrame or None)."""
    rec = Recorder(sim) if trajectories else None
    sim.step(sim.scenario_frames if frames is None else frames)
    if rec:
        rec.detach()
    return sim.summary(), rec.frame() if rec else None

"""Seed and parameter sweeps on Dask distributed: a LocalCluster on this machine by default, or any
scheduler's address for a cluster. Each run is a task, and a run's result depends only on
(scenario, seed, overrides): the sweep's DataFrame does not depend on how runs were scheduled, and
a run of a worker that died is run again elsewhere, its result gathered once."""
import itertools
import os

import pandas as pd

from .frames import summary_frame
from .scenario import from_dict, load, read_dict


def variants(overrides):
    """The overrides of each variant: None → [{}]; a list of dicts → as given; a dict whose values
    are lists → every combination (a grid), scalars held fixed."""
    if overrides is None:
        return [{}]
    if isinstance(overrides, (list, tuple)):
        return [dict(o) for o in overrides]
    keys = list(overrides)
    axes = [v if isinstance(v, (list, tuple, range)) else [v] for v in overrides.values()]
    return [dict(zip(keys, combo)) for combo in itertools.product(*axes)]


def _set_path(doc, dotted, value):
    """doc["a"]["b"] = value for "a.b"; list entries by index ("agents.0.position")."""
    *parents, last = dotted.split(".")
    node = doc
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def simulation(scenario, seed, overrides):
    """The Simulation of one run. An override whose first name is a top-level key of the scenario
    ("population.target", "duration") changes the scenario before it loads; any other names a
    behavior-net parameter ("north.face.k_theta"), set before the first frame."""
    doc_keys, params = {}, {}
    base = scenario if isinstance(scenario, dict) else None
    if overrides:
        base = base if base is not None else read_dict(scenario)
        for k, v in overrides.items():
            (doc_keys if k.split(".")[0] in base else params)[k] = v
    if doc_keys:
        import copy
        doc = copy.deepcopy(base)
        for k, v in doc_keys.items():
            _set_path(doc, k, v)
        sim = from_dict(doc, name=_name(scenario), seed=seed)
    elif base is not None:
        sim = from_dict(base, name=_name(scenario), seed=seed)
    else:
        sim = load(scenario, seed=seed)
    for k, v in params.items():
        sim.set_param(k, float(v))
    return sim


def _name(scenario):
    return "<dict>" if isinstance(scenario, dict) else os.fspath(scenario) + " (with overrides)"


def run_one(scenario, seed, overrides, frames, trajectory_path):
    """One run, as a Dask task: its summary (a dict) with its seed, overrides and trajectory file."""
    from .frames import record_store
    sim = simulation(scenario, seed, overrides)
    # Written under a temporary name and renamed once complete: a run killed midway (and run again
    # elsewhere) leaves no file that looks finished.
    store = record_store(sim, trajectory_path + ".part") if trajectory_path else None
    sim.step(sim.scenario_frames if frames is None else frames)
    row = {"seed": seed, **{f"override.{k}": v for k, v in overrides.items()}}
    row.update(sim.summary())
    if store:
        store.finish()
        sim.remove_callback(store.frame)
        del store  # closes the database before it is renamed
        os.replace(trajectory_path + ".part", trajectory_path)
        row["trajectory"] = trajectory_path
    return row


def sweep(scenario, seeds=(1,), overrides=None, *, frames=None, scheduler=None, workers=2, out_dir=None,
          client=None):
    """Runs every (variant of `overrides`, seed) of the scenario (a path or a dict) on Dask and
    returns one DataFrame of summaries, a row per run in (variant, seed) order (trip_s: the list of
    each run's trip times).

    scheduler: a Dask scheduler's address ("tcp://host:8786"); None starts a LocalCluster of
    `workers` processes, one run at a time each. client: an existing dask.distributed Client (then
    scheduler and workers are ignored). out_dir: write each run's SQLite trajectory store
    there (run-<variant>-seed<seed>.db, as `footfall run --db`), named in the `trajectory` column. frames: per run (default:
    the scenario's duration)."""
    from dask.distributed import Client, LocalCluster

    if not isinstance(scenario, dict):
        scenario = os.path.abspath(os.fspath(scenario))
    if out_dir:
        out_dir = os.path.abspath(out_dir)
        os.makedirs(out_dir, exist_ok=True)
    runs = [(v, ov, seed) for v, ov in enumerate(variants(overrides)) for seed in seeds]

    cluster = own_client = None
    if client is None:
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0")
            own_client = Client(cluster)
        else:
            own_client = Client(scheduler)
        client = own_client
    try:
        futures = []
        for v, ov, seed in runs:
            path = os.path.join(out_dir, f"run-{v}-seed{seed}.db") if out_dir else None
            # Pure: the key is a hash of the arguments, so a run submitted twice is one task.
            futures.append(client.submit(run_one, scenario, seed, ov, frames, path, pure=True))
        rows = client.gather(futures)
    finally:
        if own_client is not None:
            own_client.close()
        if cluster is not None:
            cluster.close()
    frame = summary_frame(rows, trips=True)
    frame.insert(0, "variant", [v for v, _, _ in runs])
    return frame

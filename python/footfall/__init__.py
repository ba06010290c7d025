"""footfall from Python: load a scenario (file or dict), step it, read the pedestrians as NumPy
arrays, change behavior-net parameters by dotted name, and get trajectories and summaries as pandas
DataFrames; sweep seeds and parameters on Dask distributed. docs/python.md has the reference."""
from ._core import STATE_NAMES, Simulation, __version__
from .errors import Error, ParameterError, ScenarioError
from .scenario import from_dict, load, scenario_path
from .frames import Recorder, agents, record_store, run, summary_frame


def sweep(*args, **kwargs):
    """footfall.dask_sweep.sweep, imported on first use (Dask is slow to import)."""
    from .dask_sweep import sweep as run_sweep
    return run_sweep(*args, **kwargs)


__all__ = ["Simulation", "STATE_NAMES", "Error", "ScenarioError", "ParameterError", "load", "from_dict",
           "scenario_path", "Recorder", "agents", "record_store", "run", "summary_frame", "sweep", "__version__"]

"""Loading scenarios: from a file, from a dict, or by the name of a bundled scenario."""
import os

import yaml

from . import _paths
from ._core import Simulation


def scenario_path(name):
    """The file of a bundled scenario: 'intersection' → .../scenarios/intersection.yaml."""
    return os.path.join(_paths.DATA_DIR, "scenarios", name + ".yaml")


def motion_dir():
    """The bundled step clips, for articulated figures (figures=True)."""
    return os.path.join(_paths.DATA_DIR, "motion")


def load(path, *, seed=None, population=None, city=(0, 0), figures=False, variants=()):
    """A Simulation of the scenario file. Raises ScenarioError ("file:line:col: message").
    population: pedestrians per intersection; city=(nx, ny): tile a `city:` scenario that often;
    variants: names of the file's `variants:` merged over it, in order (docs/scenario.md); one
    name alone may be given as a string."""
    if isinstance(variants, str):
        variants = [variants]
    return Simulation.load(os.fspath(path), seed=seed, population=population, city=tuple(city),
                           motion_dir=motion_dir() if figures else "", variants=list(variants))


def from_dict(scenario, *, name="<dict>", seed=None, population=None, figures=False):
    """A Simulation of a scenario given as a dict (the YAML file's structure). Errors name `name`
    and the line and column in the YAML text the dict dumps to (the exception's `text`)."""
    text = yaml.safe_dump(scenario, sort_keys=False)
    try:
        return Simulation.parse(text, name, seed=seed, population=population,
                                motion_dir=motion_dir() if figures else "")
    except Exception as e:
        e.text = text
        raise


def read_dict(path):
    """The scenario file as a dict, to change and pass to from_dict."""
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)

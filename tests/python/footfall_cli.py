"""The CLI's view of a run, for comparing the Python module against it."""
import json
import os
import subprocess

import pytest

from conftest import BUILD, ROOT

FOOTFALL = os.path.join(BUILD, "footfall")
INTERSECTION = os.path.join(ROOT, "data", "scenarios", "intersection.yaml")


def module():
    """footfall, or a skip when this build has none (no pybind11)."""
    return pytest.importorskip("footfall", reason="build/python/footfall is not built (tools/setup.sh)")


def cli_summary(tmp_path, scenario, frames, seed, *extra):
    """`footfall run --summary` of the scenario, as a dict."""
    if not os.access(FOOTFALL, os.X_OK):
        pytest.skip("build/footfall is not built (tools/setup.sh)")
    out = tmp_path / f"summary-{seed}.json"
    subprocess.run([FOOTFALL, "run", os.fspath(scenario), "--headless", "-q", "--frames", str(frames), "--seed",
                    str(seed), "--summary", str(out), *extra], check=True)
    with open(out) as f:
        return json.load(f)

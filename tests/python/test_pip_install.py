"""`pip install --no-build-isolation .` (setup.py over the CMake build) installs a module that runs
the CLI's trajectory and finds its bundled scenarios, into a fresh virtual environment."""
import os
import subprocess
import sys

from conftest import BUILD, ROOT
from footfall_cli import module


def test_pip_installs_a_working_module(tmp_path):
    ff = module()
    expected = ff.load(os.path.join(ROOT, "data", "scenarios", "intersection.yaml"), seed=3)
    expected.step(90)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-build-isolation", "--no-deps", ROOT],
                   check=True, env={**os.environ, "FOOTFALL_BUILD_DIR": BUILD}, capture_output=True)
    out = subprocess.run([str(venv / "bin" / "python"), "-c",
                          "import footfall; s = footfall.load(footfall.scenario_path('intersection'), seed=3); "
                          "s.step(90); print(footfall.__file__); print(s.trajectory_hash)"],
                         check=True, capture_output=True, text=True, cwd=tmp_path,
                         env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}).stdout.split()
    assert out[0].startswith(str(venv))
    assert out[1] == expected.trajectory_hash

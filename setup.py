"""`pip install --no-build-isolation .`: the extension footfall._core comes from the project's CMake
build (the build/ that tools/setup.sh makes, or $FOOTFALL_BUILD_DIR), the package from
python/footfall, and the bundled scenarios and step clips go inside it (footfall/data)."""
import glob
import os
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("FOOTFALL_BUILD_DIR", os.path.join(ROOT, "build"))
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            # A build of its own for this Python; a configured build keeps the Python it was made for.
            subprocess.run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                            f"-DPython3_EXECUTABLE={os.path.realpath(sys.executable)}"], check=True)
        subprocess.run(["cmake", "--build", build, "--target", "footfall_python"], check=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = glob.glob(os.path.join(build, "python", "footfall", "_core" + suffix))
        if not built:
            sys.exit(f"footfall: the CMake build in {build} made no Python module for this Python (_core{suffix}): "
                     "is pybind11-dev installed, and was that build configured for another Python?")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        package = os.path.dirname(target)
        for part in ("scenarios", "motion"):
            shutil.copytree(os.path.join(ROOT, "data", part), os.path.join(package, "data", part), dirs_exist_ok=True)
        with open(os.path.join(package, "_paths.py"), "w") as f:
            f.write("# Written by setup.py: the data installed inside the package.\n"
                    "import os\nDATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')\n")


os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)  # egg_base
setup(
    packages=["footfall"],
    package_dir={"footfall": "python/footfall"},
    ext_modules=[Extension("footfall._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": os.path.join("build", "pip")}, "egg_info": {"egg_base": "build"}},
)

// `footfall sweep`: sweeps live in the Python module (they run on Dask), so the command hands over
// to Debian's Python with the module on its path: the build tree's (python/ beside this binary) or
// the installed one (<prefix>/lib/python3.X/dist-packages).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "commands.hpp"

namespace footfall::app {

namespace fs = std::filesystem;

int sweep_command(const std::vector<std::string>& args, const char*) {
#ifndef FOOTFALL_PYTHON
  (void)args;
  std::fprintf(stderr, "footfall: this build has no Python module (pybind11 was not found): no sweep\n");
  return 2;
#else
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::string path;
  for (const fs::path& dir : {exe.parent_path() / "python", exe.parent_path().parent_path() / FOOTFALL_PYTHON_INSTALL_DIR})
    if (!ec && fs::exists(dir / "footfall" / "cli.py")) {
      path = dir.string();
      break;
    }
  if (!path.empty()) {
    const char* old = std::getenv("PYTHONPATH");
    const std::string joined = old && *old ? path + ":" + old : path;
    setenv("PYTHONPATH", joined.c_str(), 1);
  }
  std::vector<std::string> words = {FOOTFALL_PYTHON, "-m", "footfall.cli"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  execv(FOOTFALL_PYTHON, argv.data());
  std::fprintf(stderr, "footfall: cannot run %s: %s\n", FOOTFALL_PYTHON, std::strerror(errno));
  return 1;
#endif
}

}  // namespace footfall::app

#pragma once
// `footfall` run as a child process, and scratch directories in the build tree, for the tests of
// the command line and its output files.
#include <doctest/doctest.h>
#include <spawn.h>

#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace footfall::test {

// A fresh, empty directory of the build tree named `name`.
inline std::filesystem::path scratch_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(FOOTFALL_BINARY_DIR) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Starts the footfall binary with these arguments; the caller waits for it.
inline pid_t spawn_footfall(std::vector<std::string> args) {
  args.insert(args.begin(), FOOTFALL_BINARY);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  REQUIRE(posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) == 0);
  return pid;
}

}  // namespace footfall::test

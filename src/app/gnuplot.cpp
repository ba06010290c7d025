#include "gnuplot.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <fcntl.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

extern char** environ;

namespace footfall::app {

std::string gnuplot_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

void draw_png(const std::filesystem::path& png, const std::string& script) {
  namespace fs = std::filesystem;
  fs::path gp = png;
  gp.replace_extension(".gp");
  {
    std::ofstream out(gp);
    out << script;
    if (!out) throw std::runtime_error("cannot write " + gp.string());
  }
  const fs::path partial = png.string() + ".partial";
  // gnuplot runs in the image's folder, so that a script names its data files as they lie there.
  const fs::path folder = png.has_parent_path() ? png.parent_path() : fs::path(".");
  std::string name = "gnuplot", e = "-e", vars = "png=" + gnuplot_quote(partial.filename().string()),
              file = gp.filename().string();
  char* argv[] = {name.data(), e.data(), vars.data(), file.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // gnuplot's warnings (an empty range) go to NAME.log; its tail comes with a failure.
  fs::path log = png;
  log.replace_extension(".log");
  posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    throw std::runtime_error("cannot run gnuplot to draw " + png.string() + " (install gnuplot-nox; tools/setup.sh does)");
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(partial) || fs::file_size(partial) == 0) {
    fs::remove(partial);
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.size() > 600) text = "..." + text.substr(text.size() - 600);
    throw std::runtime_error("gnuplot failed to draw " + png.string() + " with " + gp.string() + ":\n" + text);
  }
  fs::rename(partial, png);
  if (fs::file_size(log) == 0) fs::remove(log);
}

}  // namespace footfall::app

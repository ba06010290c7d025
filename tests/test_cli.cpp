// The command line's comforts (issue 18): --version, log levels and the progress bar.
#include <doctest/doctest.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <string>

#include "helpers.hpp"

namespace {

struct Command {
  int status = -1;
  std::string output;
};

// stdout and stderr together.
Command run(const std::string& arguments) {
  Command c;
  std::FILE* p = ::popen((std::string(FOOTFALL_BINARY) + " " + arguments + " 2>&1").c_str(), "r");
  REQUIRE(p);
  std::array<char, 4096> buf;
  for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) c.output.append(buf.data(), n);
  const int status = ::pclose(p);
  c.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return c;
}

std::string scenario() { return footfall::test::source_path("data/scenarios/intersection.yaml"); }

// A program (args[0], a path) with its stdout and stderr on a terminal, as at a shell.
Command run_on_terminal(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Command c;
  char buf[4096];
  for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;) c.output.append(buf, static_cast<std::size_t>(n));
  ::close(master);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  c.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return c;
}

}  // namespace

TEST_CASE("cli: --version prints the version and exits 0") {
  const Command c = run("--version");
  CHECK(c.status == 0);
  CHECK(c.output.rfind("footfall 0.", 0) == 0);
  CHECK(c.output.find('\n') == c.output.size() - 1);
}

TEST_CASE("cli: -v and --log-level choose what is logged, and a bad level is a command-line error") {
  const Command quiet = run("run " + scenario() + " --headless --frames 3 -q");
  CHECK(quiet.status == 0);
  CHECK(quiet.output.empty());
  const Command normal = run("run " + scenario() + " --headless --frames 3");
  CHECK(normal.status == 0);
  CHECK(normal.output.find("[info]") != std::string::npos);
  CHECK(normal.output.find("[debug]") == std::string::npos);
  const Command debug = run("run " + scenario() + " --headless --frames 3 -v --db /dev/null/x.db");
  CHECK(debug.status == 2);  // and the reason named
  CHECK(debug.output.find("/dev/null/x.db") != std::string::npos);
  const Command verbose = run("run " + scenario() + " --headless --frames 3 --log-level debug --jupedsim-txt /dev/null");
  CHECK(verbose.status == 0);
  CHECK(verbose.output.find("[debug]") != std::string::npos);
  const Command warn = run("run " + scenario() + " --headless --frames 3 --log-level warn");
  CHECK(warn.status == 0);
  CHECK(warn.output.find("[info]") == std::string::npos);
  CHECK(run("run " + scenario() + " --headless --frames 3 --log-level loud").status == 2);
}

TEST_CASE("cli: a long headless run shows a progress bar on a terminal, never in a pipe or with -q") {
  // A run far longer than the test, ended by SIGTERM after 4 s (the bar shows after 2): how many
  // frames a few seconds hold differs between machines and builds.
  const std::vector<std::string> run_4s{"/usr/bin/timeout", "-s", "TERM", "4", FOOTFALL_BINARY, "run", scenario(),
                                        "--headless", "--threads", "1", "--frames", "10000000"};
  SUBCASE("on a terminal") {
    const Command c = run_on_terminal(run_4s);
    CAPTURE(c.output);
    CHECK(c.output.find("\r[---") != std::string::npos);
    CHECK(c.output.find("frames/s") != std::string::npos);
    CHECK(c.output.find("ETA") != std::string::npos);
    CHECK(c.output.find("interrupted by SIGTERM") != std::string::npos);  // the bar made way for it
  }
  SUBCASE("with -q on a terminal") {
    std::vector<std::string> quiet = run_4s;
    quiet.push_back("-q");
    const Command c = run_on_terminal(quiet);
    CAPTURE(c.output);
    CHECK(c.output.find("ETA") == std::string::npos);
  }
  SUBCASE("in a pipe") {
    std::string line;
    for (const std::string& a : run_4s) line += a + " ";
    std::FILE* p = ::popen((line + "2>&1").c_str(), "r");
    REQUIRE(p);
    std::string out;
    std::array<char, 4096> buf;
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
    ::pclose(p);
    CAPTURE(out);
    CHECK(out.find("interrupted by SIGTERM") != std::string::npos);
    CHECK(out.find("ETA") == std::string::npos);
  }
}

// Every file under tests/malformed/ must be rejected by `footfall validate` with exit code 2 and a
// `file:line:col: message` error, never a crash. A file may state what it expects in its first
// lines: `# expect: <text in the message>` and `# line: <line of the error>`.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "helpers.hpp"

namespace fs = std::filesystem;

namespace {

struct Outcome {
  int exit_code = -1;
  bool signalled = false;
  std::string output;
};

Outcome validate(const std::string& file) {
  const std::string cmd = std::string(FOOTFALL_BINARY) + " validate '" + file + "' 2>&1";
  Outcome o;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[512];
  while (fgets(buf, sizeof buf, p)) o.output += buf;
  const int status = pclose(p);
  o.signalled = WIFSIGNALED(status);
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return o;
}

std::string header(const std::string& file, const std::string& key) {
  std::ifstream in(file);
  std::string line;
  const std::string prefix = "# " + key + ": ";
  while (std::getline(in, line) && line.rfind("#", 0) == 0)
    if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
  return {};
}

}  // namespace

TEST_CASE("malformed scenarios fail with file:line:col and exit code 2") {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(footfall::test::source_path("tests/malformed")))
    if (e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 20);
  for (const std::string& file : files) {
    CAPTURE(file);
    const Outcome o = validate(file);
    CAPTURE(o.output);
    CHECK_FALSE(o.signalled);
    CHECK(o.exit_code == 2);
    const std::regex located("^" + std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                             R"(:(\d+):(\d+): .+)");
    std::smatch m;
    const std::string first_line = o.output.substr(0, o.output.find('\n'));
    REQUIRE(std::regex_match(first_line, m, located));
    if (const std::string expect = header(file, "expect"); !expect.empty())
      CHECK(first_line.find(expect) != std::string::npos);
    if (const std::string line = header(file, "line"); !line.empty()) CHECK(m[1].str() == line);
  }
}

TEST_CASE("the shipped scenarios validate") {
  for (const char* name : {"sawtooth.yaml", "swap6.yaml", "two_rooms.yaml", "radiator.yaml", "pursuit.yaml",
                           "crossing3.yaml", "swap6_rushed.yaml", "full_system.yaml", "homer_marge.yaml"}) {
    const Outcome o = validate(footfall::test::source_path(std::string("data/scenarios/") + name));
    CAPTURE(o.output);
    CHECK(o.exit_code == 0);
  }
}

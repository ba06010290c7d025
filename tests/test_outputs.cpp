// `footfall run` outputs under hostile conditions: special files, links, unwritable places, full
// devices and interruption (README.md, "Outputs and interruption").
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "footfall/core/csv.hpp"
#include "child_process.hpp"
#include "helpers.hpp"


namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

// A fresh, empty directory of the build tree for one test.
fs::path scratch(const std::string& name) { return footfall::test::scratch_dir("outputs_" + name); }

// `footfall run` on the default scenario with extra arguments, as a child process.
pid_t start_run(const std::vector<std::string>& extra) {
  std::vector<std::string> args{"run", footfall::test::source_path("data/scenarios/intersection.yaml"), "--headless", "-q", "--threads", "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  return footfall::test::spawn_footfall(std::move(args));
}

int exit_code(pid_t pid) {
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  return WEXITSTATUS(status);
}

int run(const std::vector<std::string>& extra) { return exit_code(start_run(extra)); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every row has the nine columns; returns the last frame number.
long check_trajectory(const std::string& text) {
  const auto rows = footfall::test::parse_csv(text);
  REQUIRE(rows.size() > 1);
  CHECK(rows[0] == std::vector<std::string>{"frame", "time", "id", "name", "x", "y", "heading", "state", "behavior"});
  long last = -1;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    REQUIRE(rows[r].size() == 9);
    const long frame = std::stol(rows[r][0]);
    CHECK(frame >= last);
    last = frame;
  }
  return last;
}

// No NAME.tmp.PID or other stray file: only `expected` in the directory.
void check_only(const fs::path& dir, std::vector<std::string> expected) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir)) found.push_back(e.path().filename().string());
  std::sort(found.begin(), found.end());
  std::sort(expected.begin(), expected.end());
  CHECK(found == expected);
}

}  // namespace

TEST_CASE("csv fields are quoted per RFC 4180 where they must be") {
  using footfall::csv_field;
  CHECK(csv_field("ped7") == "ped7");
  CHECK(csv_field("") == "");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\rhere") == "\"cr\rhere\"");
}

TEST_CASE("agent names with commas, quotes and newlines keep the trajectory's rows whole") {
  const fs::path dir = scratch("names");
  const fs::path scenario = dir / "names.yaml";
  std::ofstream(scenario) << R"(world: {}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: [5, 10]}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
agents:
  - {name: "Smith, J", behavior: w, position: [0, 0]}
  - {name: "the \"fast\" one", behavior: w, position: [5, 0]}
  - {name: "two\nlines", behavior: w, position: [10, 0]}
)";
  const std::string cmd = std::string(FOOTFALL_BINARY) + " run " + scenario.string() + " --headless -q --frames 2 " +
                          "--trajectory " + (dir / "t.csv").string();
  REQUIRE(std::system(cmd.c_str()) == 0);
  const auto rows = footfall::test::parse_csv(slurp(dir / "t.csv"));
  REQUIRE(rows.size() == 1 + 3 * 3);  // header, frames 0 to 2
  for (std::size_t r = 1; r < rows.size(); ++r) CHECK(rows[r].size() == 9);
  CHECK(rows[1][3] == "Smith, J");
  CHECK(rows[2][3] == "the \"fast\" one");
  CHECK(rows[3][3] == "two\nlines");
  CHECK(rows[3][2] == "3");  // ids from 1
}

TEST_CASE("a trajectory written to a FIFO being read goes to the reader, and the FIFO stays") {
  const fs::path dir = scratch("fifo");
  const fs::path fifo = dir / "t.csv";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  // The reader opens the FIFO first (footfall refuses a FIFO nobody reads) and reads to its end.
  std::promise<void> opened;
  std::future<void> ready = opened.get_future();
  std::future<std::string> read = std::async(std::launch::async, [&] {
    const int fd = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    opened.set_value();
    std::string text;
    char buf[65536];
    const auto deadline = Clock::now() + std::chrono::seconds(60);  // never hang the suite
    while (Clock::now() < deadline) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n > 0) text.append(buf, static_cast<std::size_t>(n));
      else if (n == 0 && !text.empty()) break;  // the writer closed
      else std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    close(fd);
    return text;
  });
  ready.wait();
  CHECK(run({"--frames", "30", "--trajectory", fifo.string(), "--summary", (dir / "s.json").string()}) == 0);
  REQUIRE(read.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  CHECK(check_trajectory(read.get()) == 30);
  struct stat st;
  REQUIRE(lstat(fifo.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
  check_only(dir, {"t.csv", "s.json"});
}

TEST_CASE("a FIFO nobody reads is refused before the run, not waited on for ever") {
  const fs::path dir = scratch("fifo_unread");
  REQUIRE(mkfifo((dir / "t.csv").c_str(), 0600) == 0);
  CHECK(run({"--frames", "30", "--trajectory", (dir / "t.csv").string()}) == 2);
}

TEST_CASE("an output given as a symbolic link replaces the file it points to and the link stays") {
  const fs::path dir = scratch("symlink");
  std::ofstream(dir / "real.csv") << "old\n";
  fs::create_symlink("real.csv", dir / "link.csv");
  CHECK(run({"--frames", "5", "--trajectory", (dir / "link.csv").string()}) == 0);
  CHECK(fs::is_symlink(dir / "link.csv"));
  CHECK(fs::read_symlink(dir / "link.csv") == "real.csv");
  CHECK(check_trajectory(slurp(dir / "real.csv")) == 5);
  check_only(dir, {"link.csv", "real.csv"});
}

TEST_CASE("a device node given as an output is written to, never replaced") {
  const fs::path dir = scratch("device");
  const fs::path null = dir / "null";
  if (geteuid() != 0 || mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    MESSAGE("skipped: making a device node needs root");
    return;
  }
  CHECK(run({"--frames", "5", "--trajectory", null.string(), "--summary", null.string()}) == 0);
  struct stat st;
  REQUIRE(lstat(null.c_str(), &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK(st.st_rdev == makedev(1, 3));
  check_only(dir, {"null"});
}

TEST_CASE("an unwritable output directory ends the run before its first frame, with exit 2") {
  const fs::path dir = scratch("unwritable");
  const fs::path locked = dir / "locked";
  fs::create_directories(locked);
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
  // Root writes through permission bits; /proc takes no new files from anyone.
  const fs::path target = geteuid() == 0 ? fs::path("/proc/footfall_test.json") : locked / "s.json";
  const auto start = Clock::now();
  // A million frames would take hours: only a refusal before the first frame ends this in time.
  CHECK(run({"--frames", "1000000", "--trajectory", (dir / "t.csv").string(), "--summary", target.string()}) == 2);
  CHECK(Clock::now() - start < std::chrono::seconds(30));
  fs::permissions(locked, fs::perms::owner_all);
  check_only(dir, {"locked"});  // and no trajectory of the refused run
  CHECK(run({"--frames", "1", "--trajectory", dir.string()}) == 2);  // a directory is no output
  CHECK(run({"--frames", "1", "--trajectory", (dir / "missing" / "t.csv").string()}) == 2);
}

TEST_CASE("a write error fails the run with exit 1 and leaves no output of it") {
  const fs::path dir = scratch("full");
  if (!fs::exists("/dev/full")) {
    MESSAGE("skipped: no /dev/full");
    return;
  }
  std::ofstream(dir / "s.json") << "{\"old\": true}\n";
  CHECK(run({"--frames", "300", "--trajectory", "/dev/full", "--summary", (dir / "s.json").string()}) == 1);
  CHECK(slurp(dir / "s.json") == "{\"old\": true}\n");  // the summary of the failed run is not there
  check_only(dir, {"s.json"});
}

TEST_CASE("SIGINT stops a long run at the next frame with complete outputs, exit 130 and no temporary file") {
  const fs::path dir = scratch("sigint");
  const pid_t pid = start_run({"--frames", "100000000", "--trajectory", (dir / "t.csv").string(), "--summary",
                               (dir / "s.json").string()});
  std::this_thread::sleep_for(std::chrono::seconds(2));
  REQUIRE(kill(pid, SIGINT) == 0);
  CHECK(exit_code(pid) == 130);
  check_only(dir, {"t.csv", "s.json"});
  const nlohmann::json summary = nlohmann::json::parse(slurp(dir / "s.json"));
  CHECK(summary["interrupted"] == true);
  CHECK(summary["signal"] == "SIGINT");
  const long frames = summary["frames"];
  CHECK(frames >= 0);  // in a Release build about 1,900 frames; a sanitized one may still be loading
  CHECK(check_trajectory(slurp(dir / "t.csv")) == frames);
}

TEST_CASE("SIGTERM ends a run the same way with exit 143 and a finished run says it was not interrupted") {
  const fs::path dir = scratch("sigterm");
  const pid_t pid = start_run({"--frames", "100000000", "--summary", (dir / "s.json").string()});
  std::this_thread::sleep_for(std::chrono::seconds(1));
  REQUIRE(kill(pid, SIGTERM) == 0);
  CHECK(exit_code(pid) == 143);
  CHECK(nlohmann::json::parse(slurp(dir / "s.json"))["interrupted"] == true);
  CHECK(run({"--frames", "3", "--summary", (dir / "s.json").string()}) == 0);
  CHECK(nlohmann::json::parse(slurp(dir / "s.json"))["interrupted"] == false);
  check_only(dir, {"s.json"});
}

TEST_CASE("negative seeds and non-finite times are command-line errors") {
  CHECK(run({"--frames", "1", "--seed", "-1"}) == 2);
  CHECK(run({"--frames", "1", "--seed", "18446744073709551615"}) == 2);
  CHECK(run({"--frames", "1", "--realtime", "nan"}) == 2);
  CHECK(run({"--frames", "1", "--realtime", "inf"}) == 2);
  CHECK(run({"--frames", "1", "--lod-near", "nan"}) == 2);
  CHECK(run({"--frames", "1", "--seed", "7"}) == 0);
}

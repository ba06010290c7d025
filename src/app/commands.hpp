#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace footfall::app {

struct RunOptions {
  std::string scenario;
  bool headless = false;
  std::optional<long> frames;
  std::optional<std::uint64_t> seed;
  int threads = 0;  // 0: all cores
  std::string trajectory;  // empty: not written
  std::string summary;     // empty: not written
  std::string motion_dir;  // the authored steps: high.motion, medium.motion, low.motion
  bool quiet = false;
  int depth = 2;             // frames in flight in the frame pipeline
  double realtime_ms = 0;    // CONTROL budget of the realtime mode; 0: off
};

struct BenchOptions {
  std::string scenario;
  std::vector<long> agents{100, 1000, 10000, 100000};
  long frames = 300;  // measured per point
  long warmup = 60;   // simulated first and not measured
  std::vector<int> threads{0};  // one point per agent count per entry; 0: all cores
  int depth = 2;
  std::optional<std::uint64_t> seed;
  std::string out = "bench";
  std::string motion_dir;
  std::string plot_script;  // gnuplot script for bench.png; empty: no plot
  bool quiet = false;
};

int run_command(const RunOptions& options);
int bench_command(const BenchOptions& options);
int validate_command(const std::string& scenario);

}  // namespace footfall::app

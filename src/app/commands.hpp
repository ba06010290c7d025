#pragma once
#include <cstdint>
#include <optional>
#include <string>

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

int run_command(const RunOptions& options);
int validate_command(const std::string& scenario);

}  // namespace footfall::app

#pragma once
// A progress bar on stderr for long runs: frames done, rate and time left, redrawn in place. It
// shows only on a terminal, never with -q, and only once a run has lasted a few seconds, so short
// runs, pipes and log files stay clean.
#include <chrono>
#include <cstdio>

namespace footfall::app {

class ProgressBar {
 public:
  using Clock = std::chrono::steady_clock;
  // `enabled`: the caller's say (a terminal and not quiet; see stderr_is_terminal).
  ProgressBar(long total, std::FILE* out, bool enabled, Clock::duration delay = std::chrono::seconds(2));
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(long done);  // cheap: redraws at most five times a second
  void finish();           // erases the bar, so what is printed next starts on a clean line

 private:
  void draw(long done, Clock::time_point now);

  long total_;
  std::FILE* out_;
  bool enabled_, shown_ = false;
  Clock::duration delay_;
  Clock::time_point start_, last_draw_;
};

bool stderr_is_terminal();

}  // namespace footfall::app

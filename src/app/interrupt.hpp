#pragma once
// SIGINT and SIGTERM during a run: the run stops at the next frame, finishes its outputs and exits
// with 128 + the signal's number (130, 143). A second signal of either kind ends the process at once
// (the handlers reset themselves), which leaves no output behind either (core/atomic_file.hpp).
#include <csignal>

namespace footfall::app {

// Installs the handlers for its lifetime and restores the previous ones after.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  int signal() const;  // the signal received, 0 for none
  bool requested() const { return signal() != 0; }

 private:
  struct sigaction previous_[2];  // SIGINT's and SIGTERM's handlers before
};

// "SIGINT", "SIGTERM"
const char* signal_name(int signal);

}  // namespace footfall::app

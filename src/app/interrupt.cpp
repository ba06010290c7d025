#include "interrupt.hpp"

#include <atomic>
#include <csignal>

namespace footfall::app {
namespace {

// The one global of footfall, and it has to be: a signal handler reaches nothing but static
// storage. A lock-free atomic is safe to write from a handler and to poll from any thread.
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free);

constexpr int kSignals[2] = {SIGINT, SIGTERM};

extern "C" void on_signal(int signal) { g_received.store(signal, std::memory_order_relaxed); }

}  // namespace

InterruptWatch::InterruptWatch() {
  g_received.store(0);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESETHAND: a second Ctrl-C is not caught and ends the process at once. SA_RESTART: a write
  // in progress goes on, so an output is not cut mid-row.
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &action, &previous_[i]);
}

InterruptWatch::~InterruptWatch() {
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &previous_[i], nullptr);
}

int InterruptWatch::signal() const { return g_received.load(std::memory_order_relaxed); }

const char* signal_name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "signal";
  }
}

}  // namespace footfall::app

#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <string>

namespace footfall::app {
namespace {

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressBar::ProgressBar(long total, std::FILE* out, bool enabled, Clock::duration delay)
    : total_(total), out_(out), enabled_(enabled && total > 0), delay_(delay), start_(Clock::now()) {}

void ProgressBar::update(long done) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < delay_ || (shown_ && now - last_draw_ < std::chrono::milliseconds(200))) return;
  draw(done, now);
}

void ProgressBar::draw(long done, Clock::time_point now) {
  constexpr int kWidth = 30;
  const double fraction = std::clamp(static_cast<double>(done) / static_cast<double>(total_), 0.0, 1.0);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? done / elapsed : 0.0;
  const int filled = static_cast<int>(fraction * kWidth);
  const std::string bar = std::string(filled, '#') + std::string(kWidth - filled, '-');
  const std::string eta = rate > 0 ? clock_text((total_ - done) / rate) : std::string("?");
  // \r back to the line's start, ESC[K erases what a longer line before left.
  std::fprintf(out_, "\r[%s] %3.0f%%  %ld/%ld frames  %.0f frames/s  elapsed %s  ETA %s\x1b[K", bar.c_str(),
               100 * fraction, done, total_, rate, clock_text(elapsed).c_str(), eta.c_str());
  std::fflush(out_);
  shown_ = true;
  last_draw_ = now;
}

void ProgressBar::finish() {
  if (!shown_) return;
  std::fprintf(out_, "\r\x1b[K");
  std::fflush(out_);
  shown_ = false;
  enabled_ = false;
}

}  // namespace footfall::app

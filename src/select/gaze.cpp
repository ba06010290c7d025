// Gaze with finite speeds, eyes before head before trunk (D-MOT-12): see select/gaze.hpp.
#include "footfall/select/gaze.hpp"

#include <algorithm>
#include <cmath>

namespace footfall::action {
namespace {

double wrap(double a) {
  constexpr double pi = 3.14159265358979323846;
  a = std::remainder(a, 2 * pi);
  return a <= -pi ? a + 2 * pi : a;
}

// x moved toward `to` by at most `step`.
double approach(double x, double to, double step) { return x + std::clamp(to - x, -step, step); }

}  // namespace

void gaze_step(Gaze& g, double target, double dt, const GazeLimits& l) {
  if (std::abs(wrap(target - g.target)) > l.retarget) g.since = 0;  // a new gaze shift
  g.target = target;
  // The trunk takes only what lies beyond the neck's reach; the head what it can of the rest.
  const double beyond = target - std::clamp(target, -l.head_range, l.head_range);
  if (g.since >= l.trunk_lag)
    g.trunk = approach(g.trunk, std::clamp(beyond, -l.trunk_range, l.trunk_range), l.trunk_speed * dt);
  if (g.since >= l.head_lag)
    g.head = approach(g.head, std::clamp(target - g.trunk, -l.head_range, l.head_range), l.head_speed * dt);
  // The eyes first and fastest; as head and trunk come round they counter-rotate.
  g.eye = approach(g.eye, std::clamp(target - g.trunk - g.head, -l.eye_range, l.eye_range), l.eye_speed * dt);
  g.since += dt;
}

}  // namespace footfall::action

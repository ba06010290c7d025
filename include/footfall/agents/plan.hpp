#pragma once
#include "footfall/core/math.hpp"

namespace footfall {

// A linear plan for the agent's location: `from` at t0, `to` at t1, still before and after.
struct Plan {
  Vec2 from, to;
  double t0 = 0, t1 = 0;
  Vec2 at(double t) const {
    if (t <= t0) return from;
    if (t >= t1) return to;
    return from + (to - from) * ((t - t0) / (t1 - t0));
  }
  // The velocity of the step (zero for a plan of no duration).
  Vec2 velocity() const { return t1 > t0 ? Vec2((to - from) / (t1 - t0)) : Vec2(Vec2::Zero()); }
};

}  // namespace footfall

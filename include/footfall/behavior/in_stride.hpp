#pragma once
// Starting a walker in stride (agents' `velocity` and `walking`, docs/scenario.md). In a footstep
// model a walker who stands has its feet together, so its first step carries the body only half a
// step and its self-state reads no velocity. A walker in stride has its feet one step apart along
// its way and has just taken a step at its velocity: the step that ends at its first foot-strike,
// published as its plan, so that others perceive it walking and its own first decision (inertia,
// anticipation, the free path) starts from that velocity.
#include "footfall/agents/agents.hpp"

namespace footfall {

struct InStride {
  Vec2 forward_foot, trailing_foot;  // at the first foot-strike, one step apart along the velocity
  Plan plan;                         // the step that ends there, at the velocity
};

// A walker at `at` at time t0 moving at `velocity` (not zero), its first foot-strike a fraction
// `phase` in [0, 1) of a step later (the staggered start) but no earlier than `earliest` seconds.
// The step length follows the walk ratio (L = √(0.41·v), walk.hpp's apply_walking_speed), at most
// `max_step`; a step takes L / v. The plan passes through `at` at t0.
InStride in_stride(const Vec2& at, const Vec2& velocity, double t0, double phase, double earliest,
                   double max_step);

}  // namespace footfall

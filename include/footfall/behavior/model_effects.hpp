#pragma once
// What the agent model's parameter values do to an agent's behavior net (Reich 1997 §7.7; the
// values come from agents/agent_model.hpp). Every effect is the identity at a parameter's default,
// so an agent the model says nothing about walks exactly as its net was written.
//   speed s (default 50): pace factor f = 0.5 + s/100; step_length, min_step and max_step scale by
//     √f and step_time by 1/√f, so the walking speed scales by f and cadence and stride share it.
//   inertia i (default 50): the weight of inertia nodes scales by i/50; below 50 the agent lurches
//     (Fig. 7.40): stagger = max(stagger, kMaxStagger · (50 − i)/50).
//   anticipation a (default 50): predictive nodes' `anticipation` = a/50 (how many steps
//     predictive avoidance looks ahead, how much of a target's velocity the chaser anticipates).
//   variability v (default 0): walk.variation = 0.4 · v/100 (step lengths vary by ± that share).
// Condition and probability act in the PaT-Nets (model(name) in expressions; monitors with a
// `probability`).
#include <span>

#include "footfall/behavior/net.hpp"

namespace footfall {

inline constexpr double kMaxStagger = 0.6;  // radians: the lurch of an agent with inertia 0

// `values` holds the built-in parameters in agents/agent_model.hpp's model_p order.
void apply_model_effects(const NetTemplate& net, std::span<const double> values, double* params);

}  // namespace footfall

#pragma once
// Releasing mechanisms (Blumberg 1996 §5.1.1, Figs 7–8, Appendix 10.3): find an object of a kind,
// filter it on its fields, weight it by distance against an active range [min, optimal, max], scale
// by maxValue, then filter over time (average, sum or latch).
#include <cstdint>
#include <span>

#include "footfall/select/state.hpp"
#include "footfall/select/system.hpp"

namespace footfall::action {

// The weight in [0, 1] of an object at `distance` (Fig. 8: "beyond a certain range the value is 0.0,
// and the value increases to an allowed maximum ... as the distance decreases to some optimal
// distance"). Outside [min, max]: 0. At optimal: 1. Between, with u the distance from optimal as a
// share of the way to the nearer end (0 at optimal, 1 at the end): linear 1 − u, exponential
// (e^{−k u} − e^{−k}) / (1 − e^{−k}) with k = steepness, flat 1. The side toward min makes the
// appetitive/consummatory split of §5.2 (an approach RM fading as the object gets within reach).
double distance_weight(const ReleasingMechanism& rm, double distance);

// Fig. 8's logicalOp over the object's field bits: Any (IFANY, OR), All (AND), Not (none of them),
// Nand (not all of them). No fields: every object passes.
bool passes_filter(const ReleasingMechanism& rm, std::uint32_t fields);

// Find, filter and weight for one tick, then the temporal filter; updates `state` and returns its
// value. `perceived` and the agent's private objects are searched for the closest object of the RM's
// kind that passes the filter (ties: the lower id); an `it` RM takes the object of interest.
double evaluate(const ReleasingMechanism& rm, RmState& state, std::span<const Stimulus> perceived,
                std::span<const Stimulus> private_objects, const Stimulus& pronome,
                const Memory& memory);

}  // namespace footfall::action

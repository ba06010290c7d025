#pragma once
// The free path (Moussaïd, Helbing & Theraulaz 2011, "How simple rules determine pedestrian
// behavior and crowd disasters", PNAS 108:6884, heuristic 1): a pedestrian looks over the
// directions it could walk and prefers the one that brings it nearest its destination before it
// would collide with anything, others moving as they move now. With destination direction α0 and
// f(α) the distance it could walk along α before the first collision, at most the horizon H,
//
//     d(α)² = H² + f(α)² − 2·H·f(α)·cos(α0 − α)                                 (Moussaïd eq. 1)
//
// the distance that would remain to the point H ahead on the way to the goal. An oncoming walker
// shortens f along its line twice as fast as one standing (the gap closes at both speeds), one
// walking the agent's way hardly at all: so walkers step out of the way of the oncoming early, fall
// in behind those walking their way, and counterflows form lanes (Moussaïd et al. Fig. 2) instead of
// meeting head on. footfall scores every candidate footstep by d(α)/H along the body's way there.
#include <span>
#include <vector>

#include "footfall/behavior/sensors.hpp"

namespace footfall {

// Another walker as the free path sees it: where it is at the moment of decision, the velocity of
// its published step, and the distance at which the two bodies touch.
struct Mover {
  Vec2 at;
  Vec2 velocity;
  double reach = 0;
};

// The walkers within `radius` of `from`, seen at time t (oneself and one's periodic ghosts left
// out); with `conflicts_only`, only those walking across or against `heading` (crosses_or_meets).
void free_path_movers(const SenseContext& ctx, const Vec2& from, double heading, double t,
                      double radius, bool conflicts_only, std::vector<Mover>& out);

// f(α): how far a body at `from` walking along unit direction u at `speed` gets before it touches
// one of `movers` (each keeping its velocity) or comes within `body_radius` of a solid obstacle of
// ctx, at most `horizon`. 0 when it would walk into someone it already touches. `keep_right`
// (metres) widens the reach of those who would pass on the agent's right, so that passing them on
// the left (both keeping right) is the freer way.
double free_distance(const SenseContext& ctx, std::span<const Mover> movers, const Vec2& from,
                     const Vec2& u, double speed, double body_radius, double horizon,
                     double keep_right = 0.0);

// d(α)/H of Moussaïd eq. 1, in [0, 2]: 0 walking straight at the goal with the way clear.
inline double free_path_stress(double free, double horizon, double deviation) {
  if (horizon <= 0) return 0.0;
  const double f = std::min(free, horizon);
  const double d2 = horizon * horizon + f * f - 2.0 * horizon * f * std::cos(deviation);
  return std::sqrt(std::max(0.0, d2)) / horizon;
}

}  // namespace footfall

#pragma once
// Speed from the space ahead. In a crowd people slow down by taking shorter steps, and the step
// length is set by the free space in front (Jelić, Appert-Rolland, Lemercier & Pettré 2012, single
// file: step length proportional to speed, step duration nearly constant). The walk node therefore
// limits how far a step may carry the body by the headway in its direction, with the law of the
// collision-free speed model (Tordeux, Chraibi & Seyfried 2016; JuPedSim's default model):
//
//     V(s) = min(V0, s / T)
//
// s the distance the body can travel in that direction before it touches another walker, T the
// time gap. The fundamental diagram then emerges from how densely people stand, not from a speed
// imposed per density (docs/validation.md measures it against Weidmann 1993).
#include <span>
#include <vector>

#include "footfall/behavior/sensors.hpp"

namespace footfall {

// Another walker as the headway sees it: where it will be, and the distance at which the two bodies
// touch: `reach` plus |shoulders · u| along direction u. Shoulders wider than deep (agents/body.hpp)
// reach farther across than ahead; each body is taken as a disc of its extent along u, exact for
// someone straight ahead (collision prevention holds the strict line).
struct HeadwayObstacle {
  Vec2 at;
  double reach = 0;
  Vec2 shoulders = Vec2::Zero();  // (half breadth − half depth) along the shoulder line
};

// The walkers the deciding agent perceives, each where its published plan puts it at time t (still
// after its plan ends: someone who may stop is not assumed to walk on).
void headway_obstacles(const SenseContext& ctx, double t, std::vector<HeadwayObstacle>& out);

// How far a body at `from` can travel along unit direction u before it touches one of `others`:
// the headway s. Infinity when nobody is in the way; 0 when already touching someone ahead.
// `shoulders`: the traveller's own, as HeadwayObstacle's.
double travel_to_contact(std::span<const HeadwayObstacle> others, const Vec2& from, const Vec2& u,
                         const Vec2& shoulders = Vec2::Zero());

// The shoulders of a body facing `heading` (HeadwayObstacle::shoulders).
inline Vec2 headway_shoulders(double heading, const BodySize& b) {
  return b.disc() ? Vec2(Vec2::Zero()) : Vec2((b.half_width - b.half_depth) * shoulder_axis(heading));
}

}  // namespace footfall

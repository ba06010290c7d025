#pragma once
// The crowd on one's way: the crowd-aware navigation fields' cost (world/distance_field.hpp, after
// Treuille, Cooper & Popović 2006, "Continuum Crowds", SIGGRAPH: a way is dear where the crowd on
// it would slow one) read along each candidate's way over the next few metres instead of over a
// field per target, so that it serves walkers whose goal moves (a point ahead in a lane) and costs
// no field. Every walker near is spread over a disc (the fields' biweight kernel, integral one
// person) and weighed by how much it is in the way of one walking direction u:
//
//     c(u) = against · max(0, −v̂·u) + slow · clamp(1 − v·u / 1.34 m/s, 0, 1) + density
//
// (walking against u; falling short of walking u at Weidmann's free speed: standing, crossing or
// against; anyone), and the crowd on a way is the extra length ∫ Σ c·ρ ds over the horizon. A
// candidate step's stress is that extra length plus the detour its way makes, but never more than
// the crowd straight on the way to the goal (crowd_way_stress). A walker heading for a knot of
// people standing or walking every way goes round it while a way round costs less than the way
// through, one inside a knot steps out of it where it is thinnest, and those walking one's way at
// free speed cost nothing, so lanes and queues that flow are followed, not avoided
// (docs/validation.md, "The crowd on one's way").
#include <span>
#include <vector>

#include "footfall/behavior/sensors.hpp"
#include "footfall/world/distance_field.hpp"

namespace footfall {

// Another walker as the crowd cost sees it: where it is at the moment of decision and the velocity
// of its published step.
struct CrowdMover {
  Vec2 at;        // relative to the deciding walker in a CrowdWayView
  Vec2 velocity;
};

struct CrowdWayParams {
  double horizon = 3.0;  // metres of one's way that are weighed
  double radius = 1.0;   // R of each walker's disc, metres
  double against = 3.0;  // m²: extra length per metre and person/m² walking against the way
  double slow = 3.0;     // m²: ... per person/m² falling short of walking it (standing: all)
  double density = 0.0;  // m²: ... per person/m² of anyone
};

// One decision's view of the crowd: the walkers whose disc may reach the horizon (where they are
// relative to the agent), where the agent stands, its way to the goal (round walls where a
// navigation field is given) and the crowd straight on that way.
struct CrowdWayView {
  std::vector<CrowdMover> movers;
  Vec2 from = Vec2::Zero();
  Vec2 target = Vec2::Zero();
  const DistanceField* field = nullptr;
  CrowdWayParams params;
  double to_goal = 0;   // walking distance to the target
  double length = 0;    // of way weighed: the horizon, or less to a nearer target
  double straight = 0;  // the crowd's extra length on the way to the target
};

CrowdWayParams crowd_way_params(const double* p);  // from a crowd_way node's parameters

// Fills `out` for the agent in `self` deciding its step (others seen at self.t0), weighed by `p`.
void crowd_way_view(const SenseContext& ctx, const SelfState& self, const Vec2& target,
                    const DistanceField* field, const CrowdWayParams& p, CrowdWayView& out);

// The node's stress for one candidate step that ends with the body at `pose`: the crowd on the
// way there plus the detour that way makes (the length walked less what it brings one nearer the
// target), but never more than `view.straight`: one may still walk straight on after this step.
// So without a crowd ahead it is 0 for every candidate, and a step in place, which leaves the
// crowd ahead where it is, costs the straight way's crowd.
double crowd_way_stress(const CrowdWayView& view, const Pose& pose);

// The extra length of walking `length` metres (at most the horizon) from `from` along unit u
// through `movers`: Σ c(u) · ∫ ρ ds, the line integral of each disc in closed form. The sum stops
// once it reaches `enough` (it only grows).
double crowd_way_cost(std::span<const CrowdMover> movers, const Vec2& from, const Vec2& u,
                      double length, const CrowdWayParams& p, double enough = kInf);

}  // namespace footfall

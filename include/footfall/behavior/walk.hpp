#pragma once
// The walk motor node (Granieri et al. 1995 §2.3.1, Fig. 2; Reich 1997 §7.2.2): at the end of each
// step, place the agent at every candidate of a fan of footsteps in front of the forward foot, run
// the behavior net there, and schedule the candidate of minimum energy.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/behavior/net.hpp"

namespace footfall {

struct FanParams {
  int arcs = 4, rays = 9;
  double min_step = 0.3, max_step = 0.72, max_turn = kPi / 4;
  bool goal_candidate = true, stay_candidate = true, turn_in_place = true;
  double side_step = 0.25;
  double back_step = 0;  // metres the trailing foot steps back (the body backs up half that)
  double step_length = 0.7, step_time = 0.53;
  double time_gap = 0, shortest_step = 0.05;  // the headway law (behavior/headway.hpp); 0: off
  double sidle = 0;  // the shoulders' turn off the feet to slip through a gap (Decision::twist)
  static FanParams from(const double* walk_params);
  // The turn of ray j of the fan, rays spread evenly over ±max_turn.
  double ray_turn(int j) const {
    return rays == 1 ? 0.0 : -max_turn + 2.0 * max_turn * j / (rays - 1);
  }
  // Half the arcs and (an odd number, so straight ahead stays) half the rays, over the same range:
  // the realtime mode's cheaper fan (Granieri et al. 1995 §4.1).
  FanParams reduced() const;
};

// The two feet at a foot-strike: `planted` is the forward foot, the fan's origin.
struct Feet {
  Vec2 planted;
  double planted_heading = 0;
  Vec2 trailing;
  double trailing_heading = 0;
  double heading() const { return mean_heading(planted_heading, trailing_heading); }
  Vec2 location() const { return 0.5 * (planted + trailing); }
  bool together() const { return (planted - trailing).squaredNorm() < 1e-12; }
};

// Stay closes the trailing foot onto the planted one (or keeps standing); Turn does the same while
// turning the closing foot; Side places the swing foot beside the planted one; Back sets the
// trailing foot down behind where it was, so the body backs away (Reich §7.2.2, option b: the
// "back-up region"), offered only while the feet stay within reach of each other.
// Backing up is the only move that takes an agent whose forward foot is planted against someone
// out of contact: every other candidate moves the body toward that foot. (From a wide stance, a
// pivot on the trailing foot first makes the front foot the one to step back.)
enum class StepKind : std::uint8_t { Stay, Goal, Fan, Turn, Side, Back };

struct Footstep {
  StepKind kind = StepKind::Stay;
  Vec2 foot;                // where the moving foot lands (Stay: the trailing foot closes up)
  double foot_heading = 0;
  double turn = 0;          // relative to the agent's heading
  double length = 0;        // from the planted foot
};

// The fan: arcs × rays, arcs evenly spaced over [min_step, max_step] and rays over ±max_turn about
// the agent's heading, then the goals inside the fan (Reich's option c), the stay candidate
// (option a), turning in place on each ray, and side and back steps (option b). Order only
// matters for ties, which `better` settles.
void generate_candidates(const FanParams& fan, const Feet& feet, std::span<const Vec2> goals,
                         std::vector<Footstep>& out);

// The agent's pose after taking the step: location = average of the feet, heading = their average.
Pose pose_after(const Feet& feet, const Footstep& step);

// Cadence grows with step length: T = T0·(L0/L)^0.8, so a faster walk comes from longer and
// quicker steps together. Measured gait keeps the walk ratio L/cadence roughly constant over
// normal speeds (exponent 1; reference/osg-tbb-notes.md, "Speed, step length and cadence"); 0.8
// bends it a little so the longest fan step, 0.95 m, comes at 2.4 rather than 2.6 steps/s. The
// authored clips (tools/author_motion) are recorded at this law and clamp, so playback runs them
// at their natural speed. The clamp keeps steps shorter than 0.59 m at 1.5 steps/s (90 steps/min,
// the cadence of slow walking): shuffling in a crowd does not slow the cadence further.
inline constexpr double kCadenceExponent = 0.8;
inline constexpr double kStepTimeRatioMin = 0.6, kStepTimeRatioMax = 1.25;

// Duration of a step of the given length, T = T0·(L0/L)^kCadenceExponent clamped to
// [kStepTimeRatioMin, kStepTimeRatioMax]·T0. Standing still lasts one preferred step.
double step_duration(const FanParams& fan, const Footstep& step);

// A desired walking speed v (m/s) as the walk node's preferred step: the walk ratio, step length
// over step frequency, stays near 0.41 m·s over preferred and fast speeds (Terrier & Schutz 2003,
// reference/pedestrian-dynamics.md §5), so L = √(0.41·v) and T = √(0.41 / v): 0.74 m at 1.81
// steps/s for 1.34 m/s. The fan's longest step becomes L, so a walker with room walks at v.
inline constexpr double kWalkRatio = 0.41;  // m·s
void apply_walking_speed(double* walk_params, double speed);

// The turning state machine's step (Reich §7.6.1, Fig. 7.24): with the feet apart or together at
// the same orientation, the moving foot closes onto the planted one turned by the lesser angle to
// `heading`, at most π/2; with the feet together at different orientations (mid-cycle), it comes
// alongside at the planted foot's orientation. A foot cycle (two steps) thus turns the body at
// most π/2, and the last cycle ends exactly at `heading`. Stay once there, feet together.
Footstep turning_step(const Feet& feet, double heading);

// Deterministic total order for equal energies: stay, goal, fan, turn, side; then the smaller turn,
// then a turn to the right (pedestrians keep right), then the longer step.
bool better(double energy_a, const Footstep& a, double energy_b, const Footstep& b);

// Collision prevention (Reich §7.5.1): would the agent's body, moving linearly from `from` to `to`
// over [t0, t0 + duration] while its heading turns from heading_from to heading_to, and then
// standing, interpenetrate a solid obstacle or another agent following its published plan?
// Obstacles keep clear of the whole bounding disc (nobody sidles through a door); another body is
// kept clear of as the capsule it is (agents/body.hpp), at the frame times.
bool step_collides(const SenseContext& ctx, const Vec2& from, const Vec2& to, double t0,
                   double duration, double heading_from = 0, double heading_to = 0);

// Does the moving foot, set down from beside the planted foot at `foot`, pass through a solid
// obstacle? The body's disc may clear a wall's end while a long step would put a foot on its far
// side (seen at a doorway: feet straddling the wall, the walker stepping in place for good).
inline constexpr double kFootHalfWidth = 0.05;  // metres
bool foot_crosses_solid(const SenseContext& ctx, const Vec2& planted, const Vec2& foot);

// Smallest distance between a disc moving linearly over [t0, t1] (then still at `to`) and a plan,
// over [t0, max(t1, plan.t1)].
double min_distance_to_plan(const Vec2& from, const Vec2& to, double t0, double t1, const Plan& p);

struct Decision {
  Footstep step;
  double energy = kInf;
  double duration = 0;
  std::uint32_t candidates = 0;  // candidates evaluated (walk-node evaluations of the net)
  bool blocked = false;          // every candidate collided: the agent freezes
  // Where a walker that stands would have walked, had nobody been in its way: the velocity of the
  // best step that collision prevention or the headway law refused, when it was better than the
  // standing the agent settled for; zero when it stands by choice or walks. Published (Snapshot::
  // want), so that those standing in its way can see it press and make room (conflicts_only).
  Vec2 want = Vec2::Zero();
  // The shoulders' turn off the feet's heading as the step ends (walk `sidle`): a walker wider than
  // deep turns them to slip sideways through a gap it cannot pass square on, feet still walking.
  double twist = 0;
};

// The whole walk node for one agent at its foot-strike at time t; with `reduced_fan`, over
// FanParams::reduced().
Decision decide_step(const NetTemplate& net, const double* params, const Feet& feet, double t,
                     const SenseContext& ctx, NetEvaluator& eval,
                     std::vector<Footstep>& scratch, bool reduced_fan = false);

// Calls f(target, t_d) for each bound attraction fed by a location sensor, in node order: the goal
// candidates of the walk node, and (the first one) the goal whose progress is measured.
// Reynolds' arrival nodes fed by a location sensor count too, reached within kArrivalTolerance.
inline constexpr double kArrivalTolerance = 0.1;  // metres
// `params`: the agent's block, anything indexed like one (const double*, AgentParams).
template <class Params, class F>
void for_each_bound_goal(const NetTemplate& net, const Params& params, F&& f) {
  for (const NetNode& n : net.nodes()) {
    const bool attract = n.kind == NodeKind::Attract;
    if (!attract && n.kind != NodeKind::Arrival) continue;
    const int bound = attract ? static_cast<int>(attract_p::Bound) : static_cast<int>(steer_p::Bound);
    if (params[n.param_offset + bound] == 0.0) continue;
    const NetNode& src = net.nodes()[net.link_sources()[n.first_link]];
    if (src.kind != NodeKind::LocationSensor) continue;
    f(Vec2(params[src.param_offset + location_p::X], params[src.param_offset + location_p::Y]),
      attract ? params[n.param_offset + attract_p::TD] : kArrivalTolerance);
  }
}

}  // namespace footfall

#pragma once
#include <array>
#include <cstdint>
#include <vector>
// Anticipation (Reich 1997 §8.2): behaviors that react to where the world is predicted to be, not
// where it is. Pure functions; the behavior net's nodes (net.cpp) call them at every candidate.
//   - terrain awareness: N straight-line steps ahead over ground weights (§8.2.2);
//   - predictive attraction: attraction to the predicted location (eq. 8.1) or, best, the time to
//     intercept a target moving at constant velocity (eqs 8.2–8.17) (§8.2.3);
//   - predictive avoidance: the probability of colliding with another agent, over a distribution
//     of its next positions, summed over s steps with decreasing weights (§8.2.4).
#include "footfall/agents/agents.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

// ---- terrain awareness (§8.2.2) ---------------------------------------------------------------
// Σ_{k=1..N} decay^(k−1) · w(p_k), p_k = foot + (k − 1)·stride·(cos h, sin h): the agent is assumed
// to walk on in a straight line from where the candidate puts its foot. The weight of ground is
// 1 − navigability ("proportional to the stress of walking on it": 0 on pavement, 1 in water).
double terrain_lookahead(const World& world, const Vec2& foot, double heading, int steps,
                         double stride, double decay);

// ---- predictive attraction (§8.2.3) -----------------------------------------------------------
// Eq. 8.1: where a target that keeps its velocity will be after one more step like its last one:
// L_pred = 2·L_curr − L_prev.
inline Vec2 predicted_location(const Vec2& current, const Vec2& previous) {
  return 2.0 * current - previous;
}

enum class InterceptCase : unsigned char {
  Within,           // already within T (a root ≤ 0 ≤ the other, or c ≤ 0): stress 0
  Roots,            // both roots positive: the smaller one
  ClosestApproach,  // no real root: they never come within T; the time of closest approach
  Diverging,        // both roots negative, or the closest approach is past, or equal velocities
};

struct Intercept {
  InterceptCase kind = InterceptCase::Diverging;
  double time = 0;          // Roots: the smaller root; ClosestApproach: −b / 2a; else 0
  double min_distance = 0;  // ClosestApproach: the distance they come to (the new threshold)
};

// Eqs 8.2–8.17. Agent at the origin, target at `offset` = (α, β) (eqs 8.9–8.10) moving at
// `relative_velocity` = (γ, δ) = V_target − V_agent (eqs 8.11–8.12); solves
//   a t² + b t + c = 0,  a = γ² + δ²,  b = 2(αγ + βδ),  c = α² + β² − T²   (eqs 8.14–8.17)
// for the times at which they are T apart.
Intercept intercept_time(const Vec2& offset, const Vec2& relative_velocity, double threshold);

// The stress of intercept-time attraction, in seconds: 0 within T; the smaller root; with no real
// root, the time of closest approach (the thesis solves again with the closest distance as the
// threshold, which gives that time as a double root) plus the gap that remains at the reference
// pace; when they diverge, "traditional attraction … based on distance": (|offset| − T) / v_ref.
// Ours: the cases are ranked — a candidate that intercepts always beats one that only comes close,
// which beats one that moves apart — by adding kNoIntercept once or twice, so that the time of
// one case is never weighed against the distance of another. When no candidate can intercept
// (the target is faster), the ranking within a case is the thesis's.
inline constexpr double kNoIntercept = 1000.0;  // seconds
double intercept_stress(const Intercept& i, const Vec2& offset, double threshold, double v_ref);

// Where a mover that keeps the velocity of its step will be at time t (its plan, then on).
inline Vec2 extrapolate(const Plan& p, const Vec2& velocity, double t) {
  return t <= p.t1 ? p.at(t) : Vec2(p.to + velocity * (t - p.t1));
}

// ---- predictive avoidance (§8.2.4) ------------------------------------------------------------
struct MotionBiases {
  // Relative likelihoods that the other keeps its velocity, speeds up, slows down, turns left or
  // turns right once its current step ends (normalised; the thesis gives no values).
  double straight = 0.4, faster = 0.15, slower = 0.15, left = 0.15, right = 0.15;
  double speed_change = 0.3;  // the faster and slower predictions: speed × (1 ± this)
  double turn = 0.35;         // the left and right predictions: velocity turned by this, radians
};

struct PredictiveAvoidParams {
  MotionBiases biases;
  int steps = 2;         // s: steps looked ahead
  double decay = 0.5;    // weight of step k is decay^(k − 1)
  double margin = 0.3;   // probability 1 at contact, falling linearly to 0 this far apart
};

// The agent steps from `from` to `to` over [t0, t0 + duration] and is assumed to go on at
// `velocity` (the pace of a step like this one, see stepping_velocity). For each step k = 1..s ([t0 + (k−1)·duration, t0 + k·duration]) the probability of a
// collision with the other is Σ_c w_c·φ(d_c), the other's predicted motions c weighted by their
// biases, d_c their closest distance during the step and φ(d) = 1 at contact (d ≤ r_self + r_other)
// falling to 0 at contact + margin. Returns Σ_k decay^(k−1) P_k.
// The other's published step is certain; the distribution applies from its end on.
double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& velocity, double self_radius, const Plan& other,
                             double other_radius, const PredictiveAvoidParams& p);

// The other's predicted motions (its velocity kept, faster, slower, turned left, turned right) and
// their weights: the same for every candidate step of one decision, so made once per decision.
struct PredictedMover {
  Plan plan;
  double radius = 0;
  std::array<Vec2, 5> velocity;
  std::array<double, 5> weight{};
  double max_speed = 0;  // the fastest of the predicted velocities that has weight
  double stride = 0;     // the length of its current step, |plan.to − plan.from|
};
// Empty (no weights) when the biases sum to nothing.
PredictedMover predict_mover(const Plan& other, double radius, const MotionBiases& b);
double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& velocity, double self_radius, const PredictedMover& other,
                             const PredictiveAvoidParams& p);

// The part of collision_probability that does not depend on the agent's step, for steps of one
// duration from t0: per step k, the times that cut both motions into linear pieces, where the agent
// is at each cut as a fraction of its step (or seconds past its end), and where the other is at
// each cut by its plan and by each prediction, with the box that holds all of those. Candidates on
// one arc share a duration, so they share this.
struct MoverTrack {
  struct Step {
    std::array<double, 4> along{};  // agent at cut i: from + (to − from)·along, or to + v·along
    std::uint8_t on_own_step = 0;   // bit i: cut i is within the agent's step (the first form)
    std::uint8_t pieces = 0;        // bit i: the piece [cut i, cut i+1] is not empty
    std::uint8_t first_predicted = 0;  // pieces before this end by the end of the other's step
    std::array<Vec2, 4> plan;       // the other by its plan
    std::array<std::array<Vec2, 4>, 5> predicted;  // the other by each prediction with weight
    Aabb box;                       // around every position above that a piece uses
  };
  std::vector<Step> steps;
};
void track_mover(const PredictedMover& m, double t0, double duration, const PredictiveAvoidParams& p,
                 MoverTrack& out);

// collision_probability over the candidates of one decision: the others near, their predictions,
// and their tracks per step duration, made once and reused by every candidate.
class AvoidanceForecast {
 public:
  void reset(const Vec2& from, double t0);  // a new decision of the agent standing at `from`
  void add(const PredictedMover& m);
  std::size_t size() const { return movers_.size(); }
  // The largest collision_probability(from, to, t0, duration, velocity, self_radius, m, p) over the
  // movers added, bit for bit (p the same for the whole decision).
  double max_probability(const Vec2& to, double duration, const Vec2& velocity, double self_radius,
                         const PredictiveAvoidParams& p);

 private:
  Vec2 from_ = Vec2::Zero();
  double t0_ = 0;
  std::vector<PredictedMover> movers_;
  std::vector<double> distance_;    // per mover: from `from` to the end of its step
  std::vector<double> durations_;   // the step durations met in this decision
  std::vector<MoverTrack> tracks_;  // [duration × mover]; kept between decisions for their memory
  std::vector<std::uint8_t> made_;  // whether that track is made yet
  std::vector<Aabb> own_boxes_;     // the candidate's, per step
};

// The velocity of an agent that goes on taking steps like this one: the moving foot's advance
// over the planted foot per step duration. (The body's own displacement in one step depends on
// the stance it starts from: from feet together it covers half a step.) Zero for closing the
// feet or turning in place.
inline Vec2 stepping_velocity(const Vec2& planted, const Vec2& foot, double duration) {
  return duration > 0 ? Vec2((foot - planted) / duration) : Vec2(Vec2::Zero());
}

// Predictive avoidance in a crowd (the node's `conflicts_only`): only someone walking across or
// against the agent's way — its velocity more than 60° off the agent's heading — is a collision to
// foresee. Those standing, or walking the agent's way, are kept clear of by the headway law and
// collision prevention; foreseen as collisions, they stop a crowd dead (every step toward the one
// ahead comes within the margin).
inline bool crosses_or_meets(const Plan& other, double heading) {
  const Vec2 v = other.velocity();
  const double speed = v.norm();
  return speed > 0.1 && v.dot(unit_from_heading(heading)) < 0.5 * speed;
}

// How one who waits sees a neighbour (predictive_avoid, conflicts_only): walking, its step;
// standing where it would walk but for the observer (at `at`, of radius `radius`) in its way
// (Snapshot::want), walking on as it wishes from time t. The one it presses against then foresees it
// coming and steps aside: a waiting crowd opens a way for those who must pass through it. Standing
// by choice, or held up by someone else, standing.
inline Plan pressing_plan(const Snapshot& s, std::uint32_t j, const Vec2& at, double radius, double t) {
  const Plan& p = s.plan[j];
  if (j >= s.want.size() || s.want[j].squaredNorm() == 0 || p.velocity().squaredNorm() != 0) return p;
  // In its way: the observer's disc meets the line it would walk, within a step or two ahead.
  const Vec2 w = s.want[j].normalized(), r = at - s.location[j];
  const double along = r.dot(w), across = std::abs(r.x() * w.y() - r.y() * w.x());
  if (along <= 0 || along > 1.5 || across > radius + s.radius[j]) return p;
  return {s.location[j], s.location[j] + s.want[j], t, t + 1.0};
}

// Is a mover still walking at time t, away along `offset` (from the observer to it), faster than
// 0.1 m/s? One whose step has ended has stopped, as far as anyone can tell.
inline bool walking_away(const Plan& other, const Vec2& offset, double t) {
  const double d = offset.norm();
  return t < other.t1 && d > 1e-9 && other.velocity().dot(offset) > 0.1 * d;
}

// Smallest distance from the origin to the segment [a, b], squared: the closest approach of two
// movers whose relative position moves linearly from a to b. (Eigen's norm is the root of the
// squared norm, and the root of a minimum is the minimum of the roots, bit for bit.)
inline double closest_squared_to_origin(const Vec2& a, const Vec2& b) {
  const Vec2 v = b - a;
  const double vv = v.squaredNorm();
  const double s = vv > 0 ? std::clamp(-a.dot(v) / vv, 0.0, 1.0) : 0.0;
  return (a + s * v).squaredNorm();
}
}  // namespace footfall

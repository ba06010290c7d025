#pragma once
// Reynolds, "Steering Behaviors for Autonomous Characters" (GDC 1999; "S1" below, as in
// reference/digest-reynolds-1999-blumberg-1996.md, with its section titles quoted), as pure
// functions on the ground plane. Each behavior returns a desired velocity (m/s), or nothing where the paper returns
// its null value ("no corrective steering is required"); the steering force is then
// desired − velocity (steering_force). One small function per behavior, plain inputs, no state:
// the walk node scores footsteps against the desired velocity (docs/steering.md), and the same
// functions would drive a point-mass vehicle.
//
// Conventions (core/math.hpp): headings counter-clockwise from +x, so an agent's left side is its
// forward vector turned by +90°: left_of(f) = (−f.y, f.x).
#include <optional>
#include <span>

#include "footfall/core/math.hpp"
#include "footfall/world/steering_geometry.hpp"

namespace footfall::steer {

using Desired = std::optional<Vec2>;  // a desired velocity, or the paper's null

// What a behavior knows of the character itself (S1 "Simple Vehicle Model", reduced to what
// steering reads): where it is, how it moves, which way it faces and how fast it may go.
struct Self {
  Vec2 position = Vec2::Zero();
  Vec2 velocity = Vec2::Zero();
  Vec2 forward = Vec2::UnitX();  // unit; kept when the velocity is zero
  double max_speed = 1.34;
};

// Another character as steering sees it.
struct Other {
  Vec2 position = Vec2::Zero();
  Vec2 velocity = Vec2::Zero();
  Vec2 forward = Vec2::UnitX();
  double radius = 0.25;
};

inline Vec2 left_of(const Vec2& f) { return {-f.y(), f.x()}; }

// Where the character will be `seconds` ahead, for the predicting behaviors (path following,
// containment, flow fields): S1's p + v·seconds, with the speed at least max_speed, and along the
// forward axis for a character standing still (under a tenth of max_speed). A walker's speed
// drops at every stay and short step while its cruising speed does not: predicted at its step's
// speed, one that stops facing out of its region reads as inside and walks out again.
Vec2 predicted_self(const Self& self, double seconds);

// truncate(v, L) of S1 §"Simple Vehicle Model": v when |v| ≤ L, else v scaled to length L.
inline Vec2 truncate(const Vec2& v, double len) {
  const double n = v.norm();
  return n > len && n > 0 ? Vec2(v * (len / n)) : v;
}

// Unit vector, or zero for a (near) zero vector: no NaN ever leaves a behavior.
inline Vec2 unit_or_zero(const Vec2& v) {
  const double n = v.norm();
  return n > 1e-12 ? Vec2(v / n) : Vec2(Vec2::Zero());
}

// S1: "steering = desired_velocity − velocity".
inline Vec2 steering_force(const Vec2& desired, const Vec2& velocity) { return desired - velocity; }

// ---- seek and flee (S1 "Seek", "Flee") --------------------------------------------------------

// Seek. S1 prints normalize(position − target), which points away from the target (flee's
// direction); its prose says "in the direction from the character to the target", so:
// desired = normalize(target − position)·max_speed. Zero at the target itself.
Vec2 seek(const Self& self, const Vec2& target);
// Flee, the inverse of seek: normalize(position − target)·max_speed.
Vec2 flee(const Self& self, const Vec2& target);

// ---- pursuit, evasion, offset pursuit (S1 "Pursuit and Evasion", "Offset Pursuit") ----------

struct PredictionParams {
  // T = D·c (S1's "simple estimator of moderate quality"). c ≤ 0 means c = 1/max_speed, so that
  // T = D / speed: the time the pursuer needs to cover the distance at its top speed.
  double c = 0;
  double max_time = 3;         // T never exceeds this, seconds
  double aligned_cos = 0.966;  // S1: "reduce T (e.g to zero) when the pursuer finds itself aligned
                               // with, and in front of, its quarry": cos of the alignment angle
};

// The prediction interval T for a quarry seen from `self` (0 for a quarry ahead-aligned case).
double prediction_time(const Self& self, const Other& quarry, const PredictionParams& p);
// The quarry's predicted position p_q + v_q·T (the linear predictor of S1).
Vec2 predicted_position(const Self& self, const Other& quarry, const PredictionParams& p);
// Pursuit: seek the predicted position. A standing quarry is plain seek (T has no effect).
Vec2 pursuit(const Self& self, const Other& quarry, const PredictionParams& p);
// Evasion: flee the predicted position pursuit would seek.
Vec2 evasion(const Self& self, const Other& quarry, const PredictionParams& p);
// Offset pursuit's target point (S1 verbatim: localize the predicted target, project it on the
// side-up plane, normalize that lateral offset, scale it by −R, add it to the local target,
// globalize): R metres to the side of the predicted quarry, on the pursuer's side of its axis.
Vec2 offset_pursuit_target(const Self& self, const Other& quarry, double offset,
                           const PredictionParams& p);
Vec2 offset_pursuit(const Self& self, const Other& quarry, double offset, const PredictionParams& p);

// ---- arrival (S1 "Arrival") -------------------------------------------------------------------

// ramped = max_speed·distance/slowing_distance, clipped to max_speed, along target − position.
// Zero velocity at the target itself (S1 would divide by distance = 0).
Vec2 arrival(const Self& self, const Vec2& target, double slowing_distance);
// The desired speed alone: min(max_speed·d/slowing_distance, max_speed).
double arrival_speed(double distance, double max_speed, double slowing_distance);

// ---- obstacle avoidance (S1 "Obstacle Avoidance", Fig. 7) ---------------------------------------

struct Circle {
  Vec2 center;
  double radius = 0;
};

struct CylinderParams {
  double radius = 0.25;     // the character's bounding radius: the cylinder's
  double min_length = 1.0;  // the cylinder's length is min_length + speed·lookahead, metres
  double lookahead = 2.0;   // seconds
};

// The most threatening obstacle: of those the forward cylinder meets (not wholly behind, not
// beyond its end, lateral offset < sum of radii), the one whose inflated circle the forward axis
// meets nearest. Its index into `obstacles`, or −1.
int most_threatening(const Self& self, std::span<const Circle> obstacles, const CylinderParams& p);
// Lateral correction only: desired = velocity + max_speed·(−side of the threat), so that the
// steering (desired − velocity) is purely lateral; null when the cylinder is clear. A threat dead
// ahead (zero lateral offset) is passed on the left of it, the agent turning right (keep right).
Desired obstacle_avoidance(const Self& self, std::span<const Circle> obstacles,
                           const CylinderParams& p);

// ---- wander (S1 "Wander") ------------------------------------------------------------------------

struct WanderParams {
  double radius = 1.0;    // circle radius: the maximum wandering "strength", metres
  double distance = 2.0;  // how far ahead the circle lies, metres
  double rate = 0.3;      // the largest change of the wander angle per step, radians
  int window = 16;        // draws summed into the angle (see wander_angle)
};

// The wander angle at step `step`: a random walk whose state is recomputed, not stored: the sum of
// the last `window` displacements, each uniform in [−rate/2, rate/2] and drawn from (seed, agent,
// step) by the counter-based RNG. Consecutive angles differ by at most `rate` (one displacement
// enters, one leaves), as S1's small random displacement of a retained value, and any thread may
// evaluate any agent in any order with the same result.
double wander_angle(std::uint64_t seed, std::uint64_t agent, std::uint64_t step, const WanderParams& p);
// The target on the circle ahead, then seek's direction at max_speed.
Vec2 wander_target(const Self& self, double angle, const WanderParams& p);
Vec2 wander(const Self& self, double angle, const WanderParams& p);

// ---- path following (S1 "Path Following", Fig. 9) ----------------------------------------------

struct PathPoint {
  Vec2 point;       // nearest point of the spine
  double along = 0;  // arc length of that point from the first vertex
  double distance = 0;
};
// Nearest point of the polyline `spine` to p (at least two vertices).
PathPoint project_on_path(std::span<const Vec2> spine, const Vec2& p);
// The point at arc length s, clamped to the spine's ends.
Vec2 point_at_length(std::span<const Vec2> spine, double s);

struct PathParams {
  double radius = 1.0;      // the tube's radius, metres
  double prediction = 1.0;  // seconds ahead the future position is predicted
  double direction = 1;     // +1 along the vertex order, −1 against it, 0 without regard
  double offset = 1.0;      // metres the target slides along the spine in `direction`
};
// Null while the predicted position lies within the tube; otherwise seek the on-path projection
// of the predicted position, moved `offset` along the path in `direction`.
Desired path_following(const Self& self, std::span<const Vec2> spine, const PathParams& p);

// ---- wall following (S1 "Wall Following"; no algorithm in S1) ----------------------------------

struct WallParams {
  double offset = 1.0;     // clearance kept from the wall, metres
  double lookahead = 1.5;  // how far ahead along the wall the target lies, metres
  double range = 4.0;      // walls farther than this are ignored, metres
  double side = 0;         // +1: wall on the left, −1: on the right, 0: whichever side it is
};
// Seek the point `offset` from the wall's nearest point `wall_point`, along its normal, moved
// `lookahead` along the wall in the direction the character faces. Null beyond `range`.
Desired wall_following(const Self& self, const Vec2& wall_point, const WallParams& p);

// ---- containment (S1 "Containment") ------------------------------------------------------------

struct ContainParams {
  double prediction = 1.0;  // seconds ahead
  double margin = 1.0;      // how far inside the boundary the target lies, metres
  double clearance = 0;     // the prediction counts as inside only this far from the boundary
};
// Null while the predicted position is inside `polygon` (by at least `clearance`); otherwise S1's
// option (a): project the future position onto the boundary and extend that offset to `margin`
// inside it, and seek there. clearance > 0 keeps a band along the boundary where containment
// still speaks, so that a lower-priority behavior (separation) cannot push a walker out in one
// step; 0 is the paper's test.
Desired containment(const Self& self, std::span<const Vec2> polygon, const ContainParams& p);

// ---- flow field following (S1 "Flow Field Following", Fig. 11) ----------------------------------

std::optional<Vec2> sample_flow(const FlowField& field, const Vec2& p);
// The field at the predicted position p + v·prediction is the desired velocity (truncated to
// max_speed); null outside a grid.
Desired flow_following(const Self& self, const FlowField& field, double prediction);

// ---- unaligned collision avoidance (S1 "Unaligned Collision Avoidance", Fig. 12) ----------------

struct UnalignedParams {
  double horizon = 3.0;       // approaches later than this are ignored, seconds
  double margin = 0.3;        // a potential collision: nearest distance < radii + margin, metres
  double speed_change = 0.5;  // relative speed up or slow down
  double turn = 0.5;          // lateral correction, as a share of max_speed
  double radius = 0.25;       // the character's own
};
struct Approach {
  double time = kInf;      // of closest approach, seconds from now
  double distance = kInf;  // between centres then
};
// Closest approach of two constant-velocity motions: t* = −(Δp·Δv)/|Δv|², d = |Δp + Δv·t*|.
Approach closest_approach(const Vec2& dp, const Vec2& dv);
// Of the potential collisions (0 < t* ≤ horizon, distance < radii + margin), the soonest: turn
// away from the other's position at t* and speed up when the character reaches the meeting point
// first, else slow down. Null without a potential collision.
Desired unaligned_avoidance(const Self& self, std::span<const Other> others, const UnalignedParams& p);

// ---- group behaviors (S1 "Separation", "Cohesion", "Alignment", "Flocking", Fig. 13) ------------

struct Neighbourhood {
  double distance = 2.0;  // metres
  double angle = kPi;     // half-angle of the field of view about the forward axis, radians
};
// Is `other` in self's neighbourhood (within distance, inside the field of view)?
bool in_neighbourhood(const Self& self, const Vec2& other, const Neighbourhood& n);

// The paper's steering vectors (not desired velocities), zero when no neighbour counts:
// separation Σ (p − p_j)/r², each term of length 1/r (1/m);
Vec2 separation_force(const Self& self, std::span<const Other> others, const Neighbourhood& n);
// cohesion: the neighbours' average position minus p (m);
Vec2 cohesion_force(const Self& self, std::span<const Other> others, const Neighbourhood& n);
// alignment: the neighbours' average velocity minus v (m/s).
Vec2 alignment_force(const Self& self, std::span<const Other> others, const Neighbourhood& n);
int count_neighbours(const Self& self, std::span<const Other> others, const Neighbourhood& n);

// As desired velocities, null without neighbours: separation v + max_speed·(1 m)·Σ (p − p_j)/r²
// truncated to max_speed; cohesion seeks the average position (S1's second option); alignment
// takes the average velocity itself ("this average is the desired velocity").
Desired separation(const Self& self, std::span<const Other> others, const Neighbourhood& n);
Desired cohesion(const Self& self, std::span<const Other> others, const Neighbourhood& n);
Desired alignment(const Self& self, std::span<const Other> others, const Neighbourhood& n);

// Boids' nine parameters: a weight, a distance and an angle for each component.
struct FlockParams {
  double separation_weight = 1.5, alignment_weight = 1.0, cohesion_weight = 1.0;
  Neighbourhood separation{1.0, kPi * 3 / 4}, alignment{3.0, kPi / 2}, cohesion{4.0, kPi * 3 / 4};
};
// "normalize the three steering components, and then scale them by three weighting factors before
// summing them": desired = truncate(v + max_speed·Σ w_i·unit(s_i), max_speed). Null when no
// component has a neighbour.
Desired flocking(const Self& self, std::span<const Other> others, const FlockParams& p);

// ---- leader following (S1 "Leader Following", Fig. 14) ------------------------------------------

struct LeaderParams {
  double behind = 1.5;          // the target lies this far behind the leader, metres
  double behind_per_speed = 0;  // plus this many seconds of the leader's speed
  double slowing_distance = 2;  // arrival toward the point behind
  double front_length = 3;      // the leader's forward rectangle: this long ahead of it,
  double front_width = 1.2;     // this wide across, metres
  double separation_weight = 1; // separation among the followers (v + w·max_speed·(1 m)·Σ…)
  Neighbourhood separation{1.0, kPi};
};
Vec2 point_behind(const Other& leader, const LeaderParams& p);
// Inside the leader's forward rectangle: step laterally out of its path (max_speed, away from its
// axis; from the axis itself, to the leader's right). Otherwise arrival at the point behind it,
// plus separation from `others` (the other followers), truncated to max_speed.
Vec2 leader_following(const Self& self, const Other& leader, std::span<const Other> others,
                      const LeaderParams& p);

// ---- combining (S1 "Combining Behaviors") -------------------------------------------------------

// Weighted sum Σ w_i·d_i over the non-null outputs (nothing when all are null).
Desired weighted_sum(std::span<const Desired> outputs, std::span<const double> weights);
// The first non-null output in priority order (index order), or −1.
int priority_pick(std::span<const Desired> outputs);
// Prioritized dithering: behavior i is considered with probability p_i (`draws[i]` uniform in
// [0, 1), drawn from the counter-based RNG by the caller); the first considered non-null wins.
// With every p_i = 1 it is priority_pick.
int dither_pick(std::span<const Desired> outputs, std::span<const double> probability,
                std::span<const double> draws);

}  // namespace footfall::steer

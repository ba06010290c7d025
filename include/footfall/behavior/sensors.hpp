#pragma once
// Perceptual nodes (Granieri et al. 1995 §2.1; Reich 1997 §7.3) as pure functions. Each is evaluated
// with the agent placed at a pose (usually a candidate footstep) and returns (d, θ) relative to that
// pose, or nothing. d is a clearance: distances between bounding shapes, not centres.
#include <cstdint>
#include <optional>
#include <span>

#include "footfall/agents/agents.hpp"
#include "footfall/world/distance_field.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

struct Pose {
  Vec2 location;
  double heading = 0;
  Vec2 forward_foot;  // the foot planted last
  double duration = 0;  // of the step that leads here (0 when unknown): the candidate's velocity
  bool closing = false;  // the step closes the feet (stay, turn in place): it ends standing
};

// The deciding agent as it stands at its foot-strike, before the candidate step: what behaviors
// that compare a candidate with the present need (inertia, anticipation, passive avoidance).
struct SelfState {
  Vec2 location = Vec2::Zero();  // where the step just taken ended
  double heading = 0;
  Vec2 planted = Vec2::Zero();   // the forward foot: the fan's origin
  Vec2 velocity = Vec2::Zero();  // over the step just taken: (L_curr − L_prev) / its duration
  double t0 = 0;                 // the time the candidate step starts
  double lurch = 1;              // ±1: the side an intoxicated agent lurches to on this step
  double pace_draw = 0.5;        // uniform [0, 1) of this step: walk.variation scales the fan by it
  std::uint64_t seed = 0;        // the scenario's, and the agent's footsteps so far: the counter of
  std::uint64_t step = 0;        // per-decision randomness (wander, prioritized dithering)
  double max_speed = 0;          // > 0: a vehicle's; steering nodes with max_speed 0 use it
  double twist = 0;              // the shoulders' turn off `heading` (Decision::twist)
};

struct Percept {
  double d = 0;
  double theta = 0;
};

// What an agent perceives of the others and of static geometry: the lists SENSE gathered, read
// against the latest published snapshot.
struct SenseContext {
  const World& world;
  const Snapshot& snapshot;
  std::span<const std::uint32_t> neighbours;  // other agents near this one
  std::span<const std::uint32_t> obstacles;   // obstacles near this one
  std::uint32_t self = 0;
  double self_radius = 0.25;
  const SelfState* self_state = nullptr;  // null: behaviors that need it contribute nothing
  const FieldCache* fields = nullptr;     // navigation fields for location sensors that navigate
  double self_depth = 0;  // half the chest depth (agents/body.hpp); 0: a disc of self_radius
  double frame_dt = 0;    // the frame period: when the collision measure looks (0: unknown)
  BodySize self_body() const {
    return {self_radius, self_depth > 0 ? std::min(self_depth, self_radius) : self_radius};
  }
};

// Location sensor (Reich §7.3.2): distance from the forward foot to the point, so that the agent
// can end standing on its goal rather than half a metre from it. The thesis does not say where θ is
// measured from; we measure it from the forward foot too, so that a foot planted on the goal reads
// (0, 0). Measured from the body's centre, a goal just reached by a turning step still shows an
// angle, and the agent orbits it (Reich Fig. 7.14) instead of stopping.
Percept sense_location(const Pose& pose, const Vec2& target);

// The same through a navigation field (location_sensor.navigate): d is the walking distance round
// obstacles and over the ground's weights, θ the turn to the field's way down. Within two cells of
// the target, or without a field, the straight-line sensor.
Percept sense_location(const Pose& pose, const Vec2& target, const DistanceField* field);

// The field's walking distance from p to target where a location sensor reads one: a field is
// given, p is 0.3 m or more from the target and the field reaches p; none otherwise (the straight
// distance serves).
std::optional<double> field_distance(const Vec2& p, const Vec2& target, const DistanceField* field);

// Object sensor (Reich §7.3.1): global, no visibility test. For obstacles the exact shape is used
// (the "better-fitting bounding shape" fix of Fig. 7.5); for agents their bounding cylinder.
std::optional<Percept> sense_obstacle(const Pose& pose, const SenseContext& ctx, int obstacle);
std::optional<Percept> sense_agent(const Pose& pose, const SenseContext& ctx, int agent);

struct ProximityParams {
  double radius = 2.0;    // R, metres
  double fov = kPi / 3;   // half-angle of the sector, radians
  bool walkers = true;    // detect other agents
  std::uint64_t classes = 0;  // bit per obstacle class
  // Worked out once by a caller that senses many poses (NetEvaluator), else here: cos and sin of
  // fov (cos_fov > 1: not given), and each neighbour's shoulder_axis (ctx.neighbours' order; null:
  // not given). The results are the same bits either way.
  double cos_fov = 2, sin_fov = 0;
  const Vec2* shoulders = nullptr;
};

// Proximity sensor (Reich §7.3.4): objects whose bounding shape intersects the sector are averaged
// into one simulated object, each weighted by its intrusion depth α_i = R − (|c_i − p| − R_i).
std::optional<Percept> sense_proximity(const Pose& pose, const SenseContext& ctx,
                                       const ProximityParams& p);

// Line sensor (Reich §7.3.3): the closest point of one segment, reported only within ±fov. With
// `nearer_than`, also only nearer than that (the angle, an atan2, is then worked out only if so).
std::optional<Percept> sense_line(const Pose& pose, const SenseContext& ctx, const Vec2& a,
                                  const Vec2& b, double fov, double nearer_than = kInf);

// Terrain sensor (paper §2.1, after Reich et al. 1994): nearest ground of the sensed types within
// `range` of the forward foot; d = 0 (θ = 0) while that foot is on it. Measured from the foot, not
// the body's centre: what matters about ground is where one steps (Reich 1997 §8.2.1 samples
// terrain at the footsteps), and a foot may reach the kerb while the centre is still well back.
// Region `except_region` is not sensed: crossing, one avoids the road except one's own crosswalk.
std::optional<Percept> sense_terrain(const Pose& pose, const World& world, std::uint64_t type_mask,
                                     double range, int except_region = -1);

// Field-of-view sensor (paper §2.1): agents within `radius` whose own field of view (half-angle
// `fov`) contains the pose. The paper makes the output proportional to the number of watchers and
// inversely proportional to their distances; we report that as an equivalent clearance
// d = 1 / Σ 1/d_i (one watcher at d gives d; two at d give d/2), θ toward the nearest watcher.
std::optional<Percept> sense_field_of_view(const Pose& pose, const SenseContext& ctx, double radius,
                                           double fov);

struct DepthParams {
  int sensors = 18;          // range sensors, side by side across ±fov
  double fov = kPi / 2;      // half-angle of the whole array
  double range = 10;         // D_max: nothing nearer reads as D_max ("no object": 2^n − 1)
  double min_range = 0.05;   // D_min: nearer readings count as D_min
  double bias = 0;           // least weight of a sensor
  double cos_power = 2;      // weight bias + (1 − bias)·cos^power φ (Reich uses cos or cos²)
  bool walkers = true;
  std::uint64_t classes = ~0ull;
};

// One range sensor (Reich App. A.1): the distance to the nearest part of the nearest object in its
// fan, `direction` ± `half` relative to the pose's heading, capped at `range`. The fan is sampled
// by rays at most 5° apart.
double range_reading(const Pose& pose, const SenseContext& ctx, double direction, double half,
                     double range, bool walkers, std::uint64_t classes);

// Depth sensor (Reich App. A.1): an array of range sensors. Attraction to deep spaces reads it:
// d = Σ w_i (D_max / r_i − 1) / Σ w_i, the weighted inverse depth (the stress of a range sensor is
// inversely proportional to its reading; 0 when everything is open), θ = the direction of the
// deepest reading (the most central on a tie).
std::optional<Percept> sense_depth(const Pose& pose, const SenseContext& ctx, const DepthParams& p);

// Distance from p to the sector of radius R and half-angle fov at (apex, heading); 0 inside.
double sector_distance(const Vec2& apex, double heading, double radius, double fov, const Vec2& p);

// The same sector with the ends of its edges worked out once, for testing many points.
struct Sector {
  Vec2 apex;
  double heading = 0, radius = 0, fov = 0;
  Vec2 edge_left, edge_right;  // apex + radius · (heading ± fov)
};
Sector make_sector(const Vec2& apex, double heading, double radius, double fov);
double sector_distance(const Sector& s, const Vec2& p);

}  // namespace footfall

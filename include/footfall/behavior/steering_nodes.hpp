#pragma once
// Reynolds' steering behaviors (steering/steering.hpp) as behavior-net control nodes
// (docs/steering.md). Once per decision each bound steering node turns what the agent senses into
// a desired velocity, or nothing; the net's combination scheme (walk.combine) then keeps all of
// them (weighted sum), or the first non-null one (priority, prioritized dithering). At every
// candidate footstep a node's energy is weight·(|v − v_desired|²)^power, v the candidate's
// velocity: (where the step puts the body − where it stands) / the step's duration (plus a
// facing term, steering_energy).
#include <optional>
#include <vector>

#include "footfall/behavior/net.hpp"
#include "footfall/steering/vehicle.hpp"

namespace footfall {

// The max_speed a steering node uses: its own, or the walk node's preferred speed when 0.
double steering_max_speed(const NetTemplate& net, const double* params, const double* node_params);

// The desired velocity of steering node `node` for the deciding agent (ctx.self_state), before
// combination; nothing when unbound, without a self state, or where the behavior is null.
std::optional<Vec2> steering_desire(const NetTemplate& net, const double* params, std::size_t node,
                                    const SenseContext& ctx);

// Every node's desire after walk.combine: out[node] for steering nodes, nothing elsewhere.
void steering_desires(const NetTemplate& net, const double* params, const SenseContext& ctx,
                      std::vector<std::optional<Vec2>>& out);

// A candidate's velocity: the body's displacement over the step's duration; zero for a step that
// closes the feet (stay, turn in place), which ends standing, and without a duration.
Vec2 candidate_velocity(const SelfState& self, const Pose& pose);

// The node's energy at a candidate of velocity v facing `heading`:
// weight·(|v − desired|² + facing·|desired|²·(1 − cos Δ)/2)^power, Δ the angle between the heading
// and the desired velocity. Turning in place and standing have the same velocity; the facing term
// lets a walker whose desire lies behind it turn toward it instead of standing for good.
double steering_energy(const double* node_params, const Vec2& desired, const Vec2& velocity,
                       double heading);

// How far a steering node looks beyond the agent (sensor_reach), metres.
double steering_reach(NodeKind kind, const double* node_params);

// Reynolds' own locomotion steered by the same nodes (vehicles, AgentKind::Vehicle, every frame):
// the bound steering nodes' desires after walk.combine, merged as the walk node's energy would
// weigh them (weighted sum: the weighted mean Σ wᵢ·dᵢ / Σ wᵢ, the velocity of least
// Σ wᵢ·|v − dᵢ|²; priority and dithering: the one kept), steering = desired − velocity, then one
// step of the simple vehicle model (steering/vehicle.hpp). ctx.self_state must describe the
// vehicle (vehicle_self_state); without any desire (every node null or unbound) no steering
// force: the vehicle coasts at its velocity (S1: null means "no corrective steering is required").
steer::VehicleState steer_vehicle(const NetTemplate& net, const double* params, const SenseContext& ctx,
                                  const steer::VehicleState& state, const steer::VehicleParams& vehicle,
                                  double dt);
SelfState vehicle_self_state(const steer::VehicleState& state, double t, std::uint64_t seed,
                             std::uint64_t step);

}  // namespace footfall

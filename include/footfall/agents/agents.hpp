#pragma once
// Agents as structs of arrays. An agent is a walker, or a vehicle (AgentKind, below). A walker is a
// walking human that moves only by footsteps; its
// location is the average of its two feet and its heading the average of their orientations
// (Granieri et al. 1995 §2.3.1).
//
// Footstep points lie on the agent's line of progression; the lateral offset of each foot (half the
// step width) is a matter of posture and is added by MOTION. Feet together therefore means both
// footstep points coincide, and an agent that closes its feet stands exactly on its forward foot.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "footfall/agents/block_pool.hpp"
#include "footfall/agents/body.hpp"
#include "footfall/agents/param_store.hpp"
#include "footfall/agents/plan.hpp"
#include "footfall/core/math.hpp"
#include "footfall/world/grid.hpp"
#include "footfall/motion/pose.hpp"

namespace footfall {

// The kinds of agent (Agents::kind, Snapshot::kind): a walker moves by footsteps; a vehicle (a
// cyclist, a car, a delivery robot) by Reynolds' simple vehicle model (steering/vehicle.hpp),
// updated every frame in CONTROL, steered by its net's steering nodes (docs/steering.md).
enum class AgentKind : std::uint8_t { Walker = 0, Vehicle = 1 };

// Vehicle is 4: outputs code 3 as arrived (trajectory store, Python API).
// Placed: put down by external control out of character (D-EXT-05), until its next foot-strike.
enum class Gait : std::uint8_t { Stand = 0, Walk = 1, Close = 2, Vehicle = 4, Placed = 5 };
const char* gait_name(Gait g);

// One running PaT-Net instance of an agent: its program and current state (indices into the
// simulation's programs; patnet/patnet.hpp), the agent's behavioral state in outputs.
struct NetState {
  std::uint32_t program = 0;
  std::int32_t state = 0;
};

// Published once per frame by MOTION and immutable afterwards: everything one agent may know of
// another (DESIGN.md, "Stages and the frame"), and the articulated figures to draw.
struct Snapshot {
  std::uint64_t frame = 0;
  double time = 0;
  std::vector<Vec2> location;
  std::vector<double> heading;
  std::vector<Plan> plan;
  std::vector<double> radius;  // half the shoulder breadth: the bounding radius
  // The body (agents/body.hpp): half the chest depth, and the heading's turn through the plan.
  std::vector<double> depth;
  std::vector<double> heading_from, heading_to;
  // A standing walker's blocked wish: the velocity it would walk at (behavior/walk.hpp,
  // Decision::want); zero while it walks or stands by choice.
  std::vector<Vec2> want;
  std::vector<Gait> gait;
  std::vector<std::uint8_t> active;  // 0: a free slot (a pedestrian who left, or not yet spawned)
  std::vector<std::uint8_t> arrived;  // standing on its final goal
  // AgentKind per entry; empty: all walkers. A vehicle's plan runs from this frame to the next,
  // its radius is its bounding radius (depth = radius: a disc to sensors and the collision
  // measure), `extent` its box (length along the heading, width) for the renderer.
  std::vector<std::uint8_t> kind;
  std::vector<Vec2> extent;
  // The behavior-net template of each entry (Agents::net); empty when unknown. Leader following
  // keeps apart only from the leader's other followers, those of its own template: kept apart from
  // a crowd too, a tourist was pushed out of every queue it met and held at its edge.
  std::vector<std::uint32_t> net;
  // The pedestrian in each slot: its id for life (1, 2, …; never reused, while slots are) and its
  // PaT-Net instances' states, agent k's in nets[net_start[k], net_start[k + 1]) in start order.
  // Copied here because outputs read a snapshot while the next steps change the live nets.
  std::vector<std::uint64_t> id;
  std::vector<std::uint32_t> net_start;
  std::vector<NetState> nets;
  motion::Poses poses;               // empty when the simulation runs without a motion library
  UniformGrid grid;                  // active agents by location, for proximity queries
  // Entries [0, agents) are the agents. In a periodic world, entries [agents, 2·agents) and
  // [2·agents, 3·agents) are their ghosts: each agent shifted by +period and −period, so that
  // sensing, collision prevention and the collision measure see across the seam unchanged. A ghost
  // is inactive (drawn, hashed and counted as nobody); the grid holds those near a seam. An entry
  // means the same image of the same agent in every snapshot, so percepts stay valid a frame later.
  std::size_t agents = 0;

  std::size_t size() const { return location.size(); }
  std::uint32_t agent_of(std::uint32_t j) const {
    return j < agents ? j : static_cast<std::uint32_t>(j % agents);
  }
  // n agents and no ghosts (a periodic simulation then sets `agents` to a third).
  void resize(std::size_t n) {
    agents = n;
    location.resize(n); heading.resize(n); plan.resize(n); radius.resize(n); gait.resize(n);
    depth.resize(n); heading_from.resize(n); heading_to.resize(n); want.resize(n, Vec2::Zero());
    active.resize(n); arrived.resize(n); id.resize(n); kind.resize(n); extent.resize(n);
    net.resize(n);
  }
  bool vehicle(std::size_t j) const {
    return j < kind.size() && kind[j] == static_cast<std::uint8_t>(AgentKind::Vehicle);
  }
  // depth 0 (never set): a disc of the radius.
  BodySize body(std::size_t j) const {
    return {radius[j], depth[j] > 0 ? std::min(depth[j], radius[j]) : radius[j]};
  }
  BodyPath body_path(std::size_t j) const { return {plan[j], heading_from[j], heading_to[j]}; }
};

// Hot per-agent state owned by CONTROL (feet, step timing) plus the per-agent behavior-net
// parameters, shared per block until written (agents/param_store.hpp).
struct Agents {
  std::vector<std::string> name;     // per slot, for lookups (--select, agent.node.param)
  std::vector<std::uint64_t> id;     // the pedestrian now in the slot, for life (Snapshot::id)
  std::vector<Vec2> foot[2];
  std::vector<double> foot_heading[2];
  std::vector<std::uint8_t> forward;  // the foot planted last: the fan is sampled in front of it
  std::vector<double> radius;
  // Half the chest depth per slot (agents/body.hpp); empty: every body a disc of its radius.
  std::vector<double> depth;
  std::vector<double> height;         // stature, metres: the figure's scale (motion::kReferenceHeight)
  std::vector<Plan> plan;             // the current step, as a motion of the location
  std::vector<double> heading_from, heading_to;
  std::vector<Gait> gait;
  std::vector<std::uint32_t> steps;  // footsteps decided so far: the counter of per-agent randomness
  std::vector<std::uint8_t> active;   // slots of pedestrians in the scene; others are free
  std::vector<std::uint32_t> net;    // behavior-net template of each agent
  ParamStore params;                 // agent a's block: params.get(a, slot), params.block(a)
  // > 0: the agent leaves the scene once its location is this close to its goal (validation scenes'
  // removal on arrival); empty or 0: it stays.
  std::vector<double> leave_within;
  // The velocity of an agent that starts in stride (behavior/in_stride.hpp); empty or zero: it
  // starts standing. Read once, when the simulation starts.
  std::vector<Vec2> velocity;
  // Agent-model parameter values (agents/agent_model.hpp): blocks of `model_stride` values, agent
  // a's block model_block[a] (set_model); agents given the same values share one, as a population's
  // do (issue 23, memory). Empty when the scenario uses no agent model.
  std::uint32_t model_stride = 0;
  BlockPool model;
  std::vector<std::uint32_t> model_block;
  // AgentKind per slot; empty or shorter: the rest are walkers. A vehicle stands on both feet at
  // its position (foot[0] = foot[1]), its heading is its forward's; its own state and parameters
  // (steer::VehicleParams, VehicleState) are the arrays below, meaningful only for vehicles.
  std::vector<std::uint8_t> kind;
  std::vector<double> vehicle_mass, vehicle_max_force, vehicle_max_speed;  // kg, N, m/s
  std::vector<double> vehicle_length, vehicle_width;                       // metres: the box
  std::vector<Vec2> vehicle_velocity, vehicle_forward;                     // m/s; unit

  bool vehicle(std::size_t a) const {
    return a < kind.size() && kind[a] == static_cast<std::uint8_t>(AgentKind::Vehicle);
  }

  std::size_t size() const { return name.size(); }
  Vec2 location(std::size_t a) const { return 0.5 * (foot[0][a] + foot[1][a]); }
  double heading(std::size_t a) const { return mean_heading(foot_heading[0][a], foot_heading[1][a]); }
  BodySize body(std::size_t a) const {
    return {radius[a], depth.empty() ? radius[a] : std::min(depth[a], radius[a])};
  }
  AgentParams params_of(std::size_t a) const { return {params, a}; }
  const double* model_of(std::size_t a) const { return model[model_block[a]].data(); }
  // Agent a's model values become `values`, and 50 for each of the model_stride parameters they
  // leave out; a == model_block.size() appends.
  void set_model(std::size_t a, std::span<const double> values);
  int find(std::string_view agent_name) const;  // -1 when absent
  // Room for n slots in what a slot added later takes (Simulation's free slots), so that a crowd
  // of them is not held twice over by doubling vectors.
  void reserve(std::size_t n);
};

}  // namespace footfall

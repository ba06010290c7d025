#pragma once
// Parallel Transition Networks (Granieri et al. 1995 §3; Reich 1997 §7.6, Fig. 7.23): finite state
// machines that run beside the behavior nets, watch the world and edit the nets.
//
// A Program is one net class compiled for one behavior-net template (node names become parameter
// slots once, at load time). An Instance is a running copy with its own parameters and locals.
// Semantics, per tick of an instance:
//   1. Monitors, in priority order, regardless of state: every condition is evaluated, then each
//      monitor that fired re-checks its condition immediately before its action runs, so an action
//      made moot by an earlier one is skipped (Reich §7.7).
//   2. Unless the instance waits for a child: the current state's transitions in order; the first
//      whose condition holds (or whose `after` time has elapsed) is taken; with none, the default
//      transition. Entering a state runs its action, also on re-entry. Transitions chain within a
//      tick until none fires, the instance waits or exits, or a state would be entered a second
//      time (it is re-entered once, then the tick ends), so a tick always terminates.
//   3. A timed transition (`after: T`) dates the new state's entry at exactly entry + T, so cycles
//      built from them (light-nets) never drift by the frame period.
// Spawned children join the same set and tick in the same pass; a parent that spawned with `wait`
// resumes when its child exits (a subroutine call). Exiting kills the instance's descendants.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "footfall/agents/param_store.hpp"
#include "footfall/core/math.hpp"
#include "footfall/patnet/context.hpp"
#include "footfall/patnet/expr.hpp"
#include "footfall/patnet/way_choice.hpp"

namespace footfall {
class World;
struct Agents;
struct Snapshot;
}  // namespace footfall

namespace footfall::patnet {

// Pedestrian heads and vehicle lamps. The numbers are the values of the names WALK, GREEN, ... in
// expressions.
enum class Head : std::uint8_t { Walk = 0, FlashingDontWalk = 1, DontWalk = 2 };
enum class Lamp : std::uint8_t { Green = 0, Yellow = 1, Red = 2 };
const char* head_name(Head h);
const char* lamp_name(Lamp l);

struct SignalState {
  Lamp lamp = Lamp::Red;
  Head head = Head::DontWalk;
};

// Read-only view for expressions. Agent predicates read only the agent running the net.
struct WorldView {
  const World* world = nullptr;
  const Agents* agents = nullptr;
  const std::vector<SignalState>* signals = nullptr;
  const struct NetSet* nets = nullptr;  // per agent, indexed like agents; global nets excluded
  std::uint64_t seed = 0;               // the run's seed, for random()
  // The light-nets' cycles per world signal, for countdown() and for pedestrians choosing their way
  // (way_choice.hpp); nullptr: countdown() reads 0 and routes are not re-chosen.
  const std::vector<SignalTiming>* timings = nullptr;
  // The frame's published snapshot (its agent grid), for what the crowd on a region is doing
  // (pace()); nullptr: pace() reads its fallback.
  const Snapshot* snapshot = nullptr;
};

inline constexpr int kExit = -1;  // the state index of "exit"
inline constexpr int kNone = -2;

// Agent: another agent, by name (-1 for none). Classes: a set of obstacle classes (a bit mask;
// -1 stands for the default set of whatever uses it).
enum class ParamType : std::uint8_t { Number, Location, Signal, Region, Agent, Classes };
const char* param_type_name(ParamType t);

struct ParamDecl {
  std::string name;
  ParamType type = ParamType::Number;
  bool required = true;  // no default: every spawn must give it
  double fallback = 0;   // the default (a location, signal or region index for those types)
};

// Actions: what a state entry or a monitor does.
struct SetAgentParam {  // bind / unbind / set a behavior-net parameter of the agent
  std::uint32_t slot = 0;  // index in the agent's parameter block
  Compiled value;
};
struct SetTarget {  // point a location sensor at a location
  std::uint32_t x_slot = 0;  // the sensor's x parameter; y follows it
  Compiled location;         // a location index
  // Optional lane: the point is moved `lane` metres to the right of the direction from location
  // `along_from` to `along_to`, so the two directions of a crossing use two lanes. With `lane_to`
  // the lane is the band between the two offsets (a goal region, not a line): an agent within it
  // keeps its own offset and walks straight on; one outside makes for the band's middle, so that
  // its way in crosses the band's edge instead of running along it (stepping onto a crosswalk from
  // beside it, a way to the near edge grazed the kerb at the crosswalk's corner). A crowd each
  // holding a line of its own drawn across the band crossed each other's ways inside it.
  // Optional ahead: the point is pulled back along that direction to `ahead` metres past the
  // agent's own projection on the lane (never beyond the location): the moving "carrot" of
  // Reynolds' path following (1999), so an agent gets into its lane at once instead of drifting
  // toward a far point across the path of others. Retarget each tick (a monitor) to keep it moving.
  // Optional within (a region, with ahead): for an agent off the region and beside it (its offset
  // across the direction outside the region's width, less its body radius), the point is pulled
  // back so that the straight way to it enters that width no later than the region's near edge,
  // and is level with the agent once it is level with that edge. The walk node looks one step
  // ahead: someone pushed along a kerb past a crosswalk's side, drawn to a point out on the
  // crosswalk, would find every step toward it over the street corner and stand (a local minimum,
  // Reich 1997 §7.7); drawn along the kerb, it walks.
  std::optional<Compiled> lane, along_from, along_to, ahead, within, lane_to;
};
struct SetValue {  // assign a parameter or local of the instance itself
  std::uint32_t index = 0;
  Compiled value;
};
struct Spawn {
  std::uint32_t program = 0;
  std::vector<Compiled> args;  // one per parameter of the child program
  bool wait = false;
  // With wait: the parent resumes within the very tick its child exits in, so a subroutine call
  // costs no idle footstep (off by default, as the route nets were written without it).
  bool prompt = false;
};
struct Kill {
  std::uint32_t program = 0;  // kills every instance of it on this agent (or among global nets)
};
struct Show {  // set a signal's lamp and/or head (global nets only)
  Compiled signal;
  int lamp = -1, head = -1;  // -1: unchanged
};
struct NextLeg {};  // route nets: spawn the next leg of the agent's route and wait for it
struct Leave {};    // the agent has reached the end of its trip and leaves the scene

// Reich 1997's behavioral state machines (docs/locomotion.md) need these:
struct SetPoint {  // point a location sensor at (x, y): a last seen location, an extrapolation
  std::uint32_t x_slot = 0;
  Compiled x, y;
};
struct SetObject {  // point an object sensor at an agent
  std::uint32_t agent_slot = 0;  // the sensor's `agent` parameter; `obstacle` follows it
  Compiled agent;
};
struct PlanPath {  // plan a path to (x, y) for this instance (world/path_planner.hpp)
  Compiled x, y, clearance, resolution, boundary, classes;
};
struct AimAtWaypoint {  // point a location sensor at the instance's current waypoint
  std::uint32_t x_slot = 0;
};
struct NextWaypoint {};
struct Turn {  // the walk node turns the agent in place toward a heading (Reich §7.6.1), or stops
  std::uint32_t turning_slot = 0, turn_to_slot = 0;
  std::optional<Compiled> heading;  // nullopt: stop turning
};

using Action = std::variant<SetAgentParam, SetTarget, SetValue, Spawn, Kill, Show, NextLeg, Leave,
                            SetPoint, SetObject, PlanPath, AimAtWaypoint, NextWaypoint, Turn>;

struct Transition {
  Compiled when;       // a condition, or for a timed transition the delay in seconds
  bool timed = false;
  int to = kExit;
};

struct State {
  std::string name;
  std::vector<Action> actions;
  std::vector<Transition> transitions;
  int default_to = kNone;
};

struct Monitor {
  Compiled when;
  std::vector<Action> actions;
  int to = kNone;  // optional: also move the net to this state
  // Optional: the chance (0–1) that the agent reacts when the condition becomes true (Reich §7.7,
  // the Probability parameter). Drawn once each time the condition turns true; while it stays
  // true the agent keeps reacting, or keeps not noticing.
  std::optional<Compiled> probability;
};

struct Program {
  std::string name;
  bool global = false;                // runs once per frame, not per agent
  std::vector<ParamDecl> params;      // values[0 .. params)
  std::vector<std::string> locals;    // values[params ..)
  std::vector<double> local_initial;
  std::vector<State> states;
  std::vector<Monitor> monitors;
  std::vector<Action> finally;  // run when an instance ends, by exit or by being killed
  int start = 0;
  // A child's local `result` is copied into a waiting parent's local `child_result` when the child
  // ends (a state machine's success > 0 or failure < 0, Reich §6.5). -1: not declared.
  int result = -1, child_result = -1;

  int find_state(std::string_view s) const;
  int find_value(std::string_view v) const;  // a parameter or local, -1 when absent
};

// What only some nets use: a planned path (plan_path), monitors with a probability.
struct InstanceExtras {
  std::vector<Vec2> path;      // waypoints of the last plan_path (the agent's cell first)
  std::uint32_t waypoint = 0;  // the current one
  std::int8_t path_status = 0;  // 1: a path was found; -1: none exists; 0: not planned
  std::vector<std::uint8_t> monitor_state;  // per monitor with a probability: 0 idle, 1 reacting, 2 ignoring
};

struct Instance {
  std::uint32_t program = 0;
  std::uint32_t id = 0;      // unique within its set; 0 is never used
  std::uint32_t parent = 0;  // id of the spawning instance, 0 for none
  int state = kNone;         // kNone until started
  double entered = 0;
  std::uint32_t waiting_for = 0;  // id of the child this instance waits on, 0 for none
  bool prompt = false;            // resume within the tick the child exits in
  bool alive = true;
  bool ending = false;            // its finally actions are running
  std::vector<double> values;  // parameters, then locals
  // Allocated by the first plan_path or probabilistic monitor: a route walker's instances, one
  // pair for each of a crowd, are 64 bytes each instead of 112 (issue 23, memory).
  std::unique_ptr<InstanceExtras> extras;

  InstanceExtras& extra() {
    if (!extras) extras = std::make_unique<InstanceExtras>();
    return *extras;
  }
  std::int8_t path_status() const { return extras ? extras->path_status : 0; }
  std::size_t path_size() const { return extras ? extras->path.size() : 0; }
  std::uint32_t waypoint() const { return extras ? extras->waypoint : 0; }
};

// How a route leg is turned into a net call: walk along a sidewalk, or wait for WALK and cross.
struct RoutePrograms {
  int walk = -1;   // program with a location parameter `to` (and optionally `next`, `from`)
  int cross = -1;  // program with parameters `from`, `to` (locations), `signal`, `crosswalk`
  std::uint32_t walk_to = 0;
  int walk_next = -1;  // the point after `to` (or `to` itself on the last leg), when declared
  int walk_from = -1;  // the point the leg starts from, when declared
  std::uint32_t cross_from = 0, cross_to = 0, cross_signal = 0, cross_crosswalk = 0;
  // Taking the other crosswalk at a corner when it arrives sooner (way_choice.hpp); with
  // way.detour 0, routes are kept as planned.
  WayChoice way;
};

// The nets of one agent (or the global ones), plus the agent's route when it follows one.
struct AgentNets {
  std::vector<Instance> running;
  std::uint32_t next_id = 1;
  std::vector<std::uint32_t> route;  // locations still to visit, the current one first
  bool left = false;                 // a Leave action ran: the agent is done
};

struct NetSet {
  std::vector<AgentNets> agents;
};

// Everything a tick may read and write.
struct TickContext {
  const std::vector<Program>* programs = nullptr;
  const RoutePrograms* routes = nullptr;
  WorldView view;
  double time = 0;
  std::uint32_t agent = kNoAgent;        // kNoAgent: global nets
  // The behavior-net parameters the nets write: agent `param_agent`'s in `params`; nullptr: none.
  ParamStore* params = nullptr;
  std::size_t param_agent = 0;
  std::vector<SignalState>* signals = nullptr;  // writable only for global nets
};

// Starts `program` with `args` in `nets` (entering its start state now).
void start(AgentNets& nets, std::uint32_t program, std::vector<double> args,
           const TickContext& ctx);

// Ends every running instance of `program` in `nets` (their `finally` actions run), as Kill does.
void stop(AgentNets& nets, std::uint32_t program, const TickContext& ctx);

// One tick of every running instance in `nets`, in start order; finished instances are removed.
void tick(AgentNets& nets, const TickContext& ctx);

}  // namespace footfall::patnet

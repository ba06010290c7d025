#pragma once
// Action selection in the simulation (Blumberg 1996; docs/action_selection.md): which system runs
// on which behavior-net template, the objects pedestrians perceive, the external control a
// scenario gives, and each agent's running state. CONTROL ticks it at the system's rate, in
// parallel over agents (pipeline/action_stage.cpp); a winning behavior acts through the behavior
// net (bind, unbind, set, aim a sensor at the object of interest) and the PaT-Nets (start, stop),
// and its motor commands decide whether the legs walk or stand and how long and quick the steps are.
// Strictly opt-in: a scenario without `action_selection` runs exactly as before.
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/select/gaze.hpp"
#include "footfall/select/motor.hpp"
#include "footfall/select/state.hpp"
#include "footfall/select/system.hpp"
#include "footfall/core/math.hpp"

namespace footfall {

// A thing pedestrians perceive: a shop window, a kiosk, a bench. `occupied` (ActionSelection::
// kOccupied) is set for a perceiver when `capacity` others stand within `occupied_within` of it.
struct ActionObject {
  std::string name;
  std::uint32_t kind = 0;  // ActionSelection::kinds
  std::uint32_t fields = 0;
  Vec2 at = Vec2::Zero();
  std::uint32_t capacity = 0;  // 0: never occupied
  double occupied_within = 0.8;
  // An ordered queue (a kiosk's line): with spacing > 0, the line runs from the counter along
  // `toward` (a unit vector), its places `spacing` apart from occupied_within + spacing out.
  // Whoever stands within `width` of the line is in it; a perceiver sees the object at its own
  // place, behind those ahead of it (all of them, for one not yet in the line), and `occupied`
  // while anyone is ahead of it or the counter is full; first in line with the counter free, it
  // sees the counter itself.
  Vec2 queue_toward = Vec2::Zero();
  double queue_spacing = 0, queue_width = 0.6;
  std::uint32_t queue_places = 8;
};

// An internal variable's start value per pedestrian: uniform in [lo, hi] from (seed, pedestrian,
// variable), times 1 + weight · (p − default) / 100 for an agent-model parameter p (docs/
// locomotion.md: rushed raises speed, fatigued lowers it), so motivations follow the attributes.
struct Motivation {
  std::uint32_t variable = 0;
  double lo = 0, hi = 0;
  int model_parameter = -1;
  double model_default = 50, model_weight = 0;
};

// A generic motor command (D-MOT-10; Blumberg 1996 §5.3, "generic" commands such as move-forward
// or turn mapped per creature to its own skills): for one behavior-net template, the concrete
// skill it runs, in which form and with which arguments, and the behavior-net acts that go with it
// (e.g. walk_to binding the attract node that reads the object-of-interest sensor). Behaviors'
// `{motor: name}` and external commands (D-EXT-05) name these; every skill is one by its own name.
struct GenericCommand {
  std::string name;
  action::MotorCommand command;
  std::vector<action::Act> acts;  // bind, unbind, set, aim, start, stop, interest: no motor acts
};

struct ActionSystemSpec {
  action::System system;
  std::uint32_t net = 0;                    // the behavior-net template it runs on
  std::uint32_t it_x_slot = action::kNone;  // location sensor kept on the object of interest
  std::uint32_t travel = action::kNone;     // the top-level behavior that is going one's way
  double range = 15;                        // metres: objects and acquaintances perceived
  // How far perception looks for acquaintances: no farther than an RM that finds them could weigh
  // one (the loader sets it to min(range, their largest `max`)).
  double acquaintance_range = 15;
  std::uint32_t walk_skill = action::kNone;  // `walk` in skills
  std::uint32_t sit_skill = action::kNone;   // `sit`: the figure takes the library's seated pose
  double acquaintances = 0;                 // share of pairs of pedestrians who know each other
  // Orders spring back (Blumberg §5.3's spring-loaded skills, for behavior-net parameters): a
  // parameter no behavior orders any more returns to the value the PaT-Nets gave it, and the nets
  // run on their own values, the orders laid over them. Off: an order's value stays until changed.
  bool spring_back = false;
  std::vector<Motivation> motivations;
  std::vector<action::MotorSkill> skills = action::pedestrian_skills();
  action::GazeLimits gaze;  // speeds, lags and ranges of eyes, head and trunk (D-MOT-12)
  std::vector<GenericCommand> commands;  // the template's command table (scenario `motor_commands`)
  // Navigation signals (D-LOI-07; §5.7.5, Fig. 34's freePath, reverse and openSpace RMs): with a
  // goal sensor, the agent perceives an object of kind `goal` where the sensor points, with the
  // fields free_path (no wall or building crosses the line to it), behind (more than 90° off its
  // heading) and open_space (no solid obstacle within `open_space` metres of the agent).
  std::uint32_t goal_x_slot = action::kNone;
  std::uint32_t goal_kind = action::kNone;
  std::uint32_t free_path_bit = 0, behind_bit = 0, open_space_bit = 0;
  double open_space = 2.5;
  double sit_seconds = 1.0;  // sitting down takes this long (the figure's pelvis lowers); standing
                             // up takes the sit skill's return (20 ticks: 1 s)
  std::uint32_t find_command(std::string_view name) const {
    for (std::uint32_t k = 0; k < commands.size(); ++k)
      if (commands[k].name == name) return k;
    return action::kNone;
  }
  // The walk node's step_length, min_step, max_step and step_time slots: a walk meta-command
  // (arg0 step-length factor, arg1 cadence factor) scales them from their values on entry.
  std::uint32_t step_slots[4] = {action::kNone, action::kNone, action::kNone, action::kNone};
};

// External control of one scenario agent (Blumberg §5.6), applied when the run starts.
struct ActionControl {
  std::uint32_t agent = 0;
  std::vector<std::pair<std::uint32_t, double>> variables;  // motivational level
  std::uint32_t forced = action::kNone;                     // task level: a branch
  std::vector<ActionObject> private_objects;                // environmental level
  // A potential map (a meta-command in Blumberg's words): parameters held every tick, e.g. an
  // attract or avoid node bound and its location sensor on a point.
  std::vector<action::SetParam> held;
  // Direct motor control (D-EXT-05): suspended from the start, and commands at given times.
  bool suspended = false;
  struct Timed {
    enum class Kind : std::uint8_t { Suspend, Resume, Command, WalkTo, Place };
    double at = 0;  // seconds
    Kind kind = Kind::Command;
    std::uint32_t command = action::kNone;  // Command, WalkTo: the generic command
    Vec2 target = Vec2::Zero();             // WalkTo, Place
    double tolerance = 0.5;                 // WalkTo: standing once this near
  };
  std::vector<Timed> timed;
};

struct ActionSelection {
  static constexpr std::uint32_t kOccupied = 0;  // the first field bit
  std::vector<std::string> kinds, fields;  // shared by every system; "acquaintance" is a kind
  std::vector<ActionObject> objects;
  std::vector<ActionSystemSpec> systems;
  std::vector<ActionControl> controls;
  std::uint32_t acquaintance = 0;  // the kind other pedestrians one knows are perceived as
  bool empty() const { return systems.empty(); }
};

// One agent's running action selection.
struct AgentAction {
  std::uint32_t system = action::kNone;
  std::uint64_t pedestrian = 0;  // the id it started for: a new pedestrian in the slot starts afresh
  double entered = 0;
  std::uint64_t ticks = 0;       // action ticks done
  action::AgentState state;
  action::MotorState motor;
  std::vector<action::SetParam> orders;  // this tick's parameter acts, re-applied after the PaT-Nets
  std::vector<action::SetParam> held;    // external control's potential maps, kept every tick
  std::vector<action::SetParam> beneath;  // spring_back: the nets' values of the ordered parameters
  double walk_base[4] = {0, 0, 0, 0};
  bool legs_held = false;        // a stand or sit skill holds the legs: the agent stands
  bool looking = false;          // look_at runs: the head turns to `look`
  bool seated = false;           // sit runs: the figure sits (motion::Move::Sit)
  double seat = 0;               // how far down: 0 standing, 1 seated; the figure blends between
  Vec2 look = Vec2::Zero();
  // Where eyes, head and trunk are turned (D-MOT-12): toward `look` while looking, else ahead, at
  // finite speeds, eyes first; MOTION draws head and trunk (Simulation::turn_head).
  action::Gaze gaze;
  // Direct motor control (D-EXT-05): suspended, neither action selection nor the agent's PaT-Nets
  // run; it carries out `command` (a GenericCommand of its system; kNone: stop, i.e. stand) toward
  // `target` when `has_target` (walk_to: until within `tolerance`, then it stops).
  bool suspended = false;
  std::uint32_t command = action::kNone;
  bool has_target = false;
  Vec2 target = Vec2::Zero();
  double tolerance = 0.5;
  std::uint32_t activity = action::kNone;  // the top-level winner
  std::vector<double> activity_seconds;    // per top-level member
  std::vector<double> recent_switches;     // activity changes in the last minute, oldest first
  std::uint32_t most_switches_per_minute = 0;
  std::uint64_t switches = 0;
};

// What action selection did over a run, for the summary: per system, the seconds pedestrians
// spent in each top-level activity and the activity switches.
struct ActionTotals {
  std::vector<std::vector<double>> activity_seconds;  // per system, per top-level member
  std::vector<std::uint64_t> switches;                // per system
  std::vector<double> agent_seconds;                  // per system
  std::uint32_t most_switches_per_minute = 0;
};

}  // namespace footfall

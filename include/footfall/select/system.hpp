#pragma once
// An action-selection system after Blumberg, "Old Tricks, New Dogs" (1996): behaviors organised in
// behavior groups in a hierarchy, valued from releasing mechanisms (RMs, what the agent perceives)
// and internal variables (IVs, what it wants), arbitrated by mutual inhibition inside each group
// (§5.1–§5.2, Figs 13–16). Plain data, shared by every agent that runs the system; each agent's
// changing values live in AgentState (select/state.hpp). No OpenGL, no YAML, no behavior nets: the
// simulation turns the acts a tick issues into net edits (pipeline/action_stage.cpp).
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace footfall::action {

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
inline constexpr double kDefaultGain = 2.0;  // §5.2: "by default the inhibitory gain is 2.0"
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// How a behavior combines its RMs and IVs (§5.1.2: "addition, multiplication, and a mixed rule").
enum class Combine : std::uint8_t { Add, Multiply };
// The weighting of an RM between the ends of its active range and its optimal distance (§5.1.1).
enum class Weighting : std::uint8_t { Linear, Exponential, Flat };
// Temporal filtering of an RM's weighted value over a window of ticks (§5.1.1).
enum class Temporal : std::uint8_t { None, Average, Sum, Latch };
// The filter phase over the sensed object's boolean fields (Fig. 8's `logicalOp`; §5.7.1, App.).
enum class FieldLogic : std::uint8_t { Any, All, Not, Nand };
// How a ModifyVariable changes its IV once per tick (Fig. 12, App.): by gain × the source's value,
// by the gain alone, or (an RM's snake-sets-fear, §5.1.2) to the gain.
enum class ModifyMode : std::uint8_t { Multiply, Absolute, Set };
// Level of interest (§5.2): constant 1, falling while active over time, or falling while active
// without progress toward the behavior's object (Payton's progress callback, here the distance).
enum class LoiMode : std::uint8_t { Off, Time, Progress, Course };
// Blumberg's three imperative forms of a motor command (§5.3).
enum class Form : std::uint8_t { Primary, Secondary, Meta };

struct ModifyVariable {
  std::uint32_t variable = 0;
  double gain = 0;
  ModifyMode mode = ModifyMode::Multiply;
};

struct InternalVariable {
  std::string name;
  double initial = 0;
  double growth = 0, damping = 0;  // per tick; the asymptote is growth / damping (Fig. 10)
  double min = 0, max = kUnbounded;
};

struct ReleasingMechanism {
  std::string name;
  // Find: the closest perceived object of this kind; kNone with `it`: the current object of
  // interest (the pronome, §5.1.1.1), whatever its kind.
  std::uint32_t kind = kNone;
  bool it = false;
  bool novel = false;   // find ignores objects in the agent's short-term memory (habituation)
  // Filter: the object's field bits against `fields` (0: no filter).
  std::uint32_t fields = 0;
  FieldLogic logic = FieldLogic::Any;
  // Weight: 0 outside [min, max], 1 at optimal (Fig. 8's activeRange [min optimal max]).
  double min = 0, optimal = 0, max = kUnbounded;
  double max_value = 1;
  Weighting weighting = Weighting::Linear;
  double steepness = 3;  // exponential weighting's rate
  Temporal temporal = Temporal::None;
  std::uint32_t window = 1;  // ticks
  std::vector<ModifyVariable> modifies;  // applied on every tick the RM's value is > 0 (§5.1.2)
};

// What a behavior does: its action when it wins, its suggestion when it loses (§5.3). The ids are
// the simulation's (behavior-net parameter slots, PaT-Net programs, motor skills), resolved when the
// scenario is loaded; the engine passes them through in order.
struct SetParam {   // set, bind or unbind a behavior-net parameter (a weight of 0 unbinds)
  std::uint32_t slot = 0;
  double value = 0;
};
struct AimAt {      // point a location sensor (its x slot; y follows) at the object of interest
  std::uint32_t x_slot = 0;
};
struct StartNet {   // start a PaT-Net program unless one is running
  std::uint32_t program = 0;
};
struct StopNet {    // end every running instance of a PaT-Net program
  std::uint32_t program = 0;
};
struct MotorCommand {  // a command to a motor skill (select/motor.hpp)
  std::uint32_t skill = 0;
  Form form = Form::Primary;
  double arg0 = 1, arg1 = 1;
};
struct SetLoi {     // set another behavior's level of interest (§5.2, D-LOI-04)
  std::uint32_t behavior = 0;
  double value = 1;
};
using Act = std::variant<SetParam, AimAt, StartNet, StopNet, MotorCommand, SetLoi>;

struct LevelOfInterest {
  LoiMode mode = LoiMode::Off;
  double decay = 0;     // per tick while active (and, for Progress, without progress)
  double recovery = 0;  // per tick while inactive (and, for Progress, on progress)
  double progress = 0.05;  // metres closer to the object per tick that count as progress
  // Course (§5.5.9's time course, D-LOI-06): while active, held for `hold` ticks (the expected
  // time to reward), then falling linearly to 0 over `fade` ticks; rising by `recovery` while not.
  double hold = 0, fade = 1;
  // Recovery only on a sign of progress (§5.7.5, Figs 34–35, D-LOI-07): when not empty, a Time
  // level of interest rises while inactive only on ticks when one of these RMs had a value > 0
  // on the previous tick (doReverse's "freePath" or "openSpace"); otherwise it stays low.
  std::vector<std::uint32_t> recover_on;
};

struct Behavior {
  std::string name;
  std::vector<std::uint32_t> rms, variables;
  Combine combine = Combine::Add;
  LevelOfInterest loi;
  std::vector<ModifyVariable> modifies;  // while active, once per tick (Fig. 12)
  std::uint32_t child = kNone;           // the behavior group it activates when it wins
  std::uint32_t parent = kNone;          // the group it belongs to (filled by finish())
  std::vector<Act> action, suggestion;
};

struct Group {
  std::string name;
  std::vector<std::uint32_t> members;  // behavior indices
  // members² gains, row-major: gains[m * n + i] is I_mi, the gain member m applies against member
  // i (the diagonal is unused). Every gain must be > 1 (§5.2).
  std::vector<double> gains;
  std::uint32_t max_iterations = 32;
};

struct System {
  std::string name;
  std::vector<InternalVariable> variables;
  std::vector<ReleasingMechanism> rms;
  std::vector<Behavior> behaviors;
  std::vector<Group> groups;  // groups[0] is the top
  std::vector<std::string> kinds, fields;  // object kinds RMs find, boolean fields they filter on
  std::uint32_t memory = 8;  // entries in each short-term memory (§5.5.3)
  double tick = 0.05;        // seconds: Blumberg's 1/20 s (§5.1)

  std::uint32_t find_variable(std::string_view name) const;
  std::uint32_t find_behavior(std::string_view name) const;
  std::uint32_t find_group(std::string_view name) const;
  std::uint32_t find_rm(std::string_view name) const;
  std::uint32_t find_kind(std::string_view name) const;
};

// Fills default gains (kDefaultGain) where a group has none, and each behavior's parent. Returns a
// message for the first thing wrong (a gain ≤ 1, an index out of range, a behavior in two groups,
// a group that contains itself), or an empty string.
std::string finish(System& system);

}  // namespace footfall::action

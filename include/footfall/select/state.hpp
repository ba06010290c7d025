#pragma once
// One agent's changing part of an action-selection system: internal variables, levels of interest,
// each behavior's values, the RMs' temporal filters, the object of interest, short-term memory and
// the external controls that override selection (Blumberg 1996 §5.5.3, §5.6).
#include <cstdint>
#include <limits>
#include <vector>

#include "footfall/select/system.hpp"

namespace footfall::action {

inline constexpr std::uint64_t kNoObject = std::numeric_limits<std::uint64_t>::max();

// Something an agent perceives: a shop window, a bench, an acquaintance, or an object only it sees.
struct Stimulus {
  std::uint64_t id = kNoObject;  // unique among the objects of one run
  std::uint32_t kind = kNone;    // System::kinds
  std::uint32_t fields = 0;      // bits of System::fields
  double distance = 0;           // from the agent, metres
  double x = 0, y = 0;           // where it is
};

struct RmState {
  double value = 0;      // after the temporal filter
  double raw = 0;        // maxValue × weight, before it
  Stimulus object;       // what Find found (id kNoObject: nothing)
  std::vector<double> window;  // the last `window` raw values (a ring), for Average and Sum
  std::uint32_t head = 0;
  std::uint32_t since = std::numeric_limits<std::uint32_t>::max();  // ticks since a detection (Latch)
  Stimulus latched;
};

// Blumberg's two FIFO memories (§5.5.3): unique winning leaves and unique objects of interest,
// newest first; an entry is pushed only when it differs from the top. A few entries each: vectors,
// not deques, which would cost every agent a block of their own.
struct Memory {
  std::vector<std::uint32_t> behaviors;
  std::vector<std::uint64_t> objects;
};

struct AgentState {
  std::vector<double> variables;         // per IV
  std::vector<double> loi;               // per behavior, in [0, 1]
  std::vector<double> pre, post;         // per behavior: before and after inhibition, last traversal
  std::vector<std::uint8_t> active;      // per behavior: on the active path this tick
  std::vector<double> distance;          // per behavior: to its object at its last evaluation
  std::vector<std::uint8_t> progressed;  // per behavior: came closer at its last evaluation
  std::vector<std::uint32_t> active_run;  // per behavior: ticks active in a row (LoiMode::Course)
  std::vector<RmState> rms;
  std::vector<std::uint32_t> path;       // the active behaviors, top group first
  Stimulus pronome;                      // the object of interest (id kNoObject: none)
  Memory memory;
  std::uint64_t ticks = 0;
  std::uint64_t switches = 0;            // ticks whose winning leaf differed from the tick before

  // External control (§5.6): a forced branch (a behavior that wins its group and every group above
  // it, kNone: none), levels of interest held by an external director (negative: not held), and
  // objects that only this agent perceives (the imaginary dog biscuit).
  std::uint32_t forced = kNone;
  std::vector<double> loi_hold;
  std::vector<Stimulus> private_objects;
};

AgentState initial_state(const System& system);

// The winning leaf of the last tick, kNone when no behavior was active.
inline std::uint32_t leaf(const AgentState& s) { return s.path.empty() ? kNone : s.path.back(); }

}  // namespace footfall::action

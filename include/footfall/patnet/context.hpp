#pragma once
// What a compiled PaT-Net expression reads when it runs: the net instance it belongs to and a
// read-only view of the simulation.
#include <cstdint>
#include <limits>

namespace footfall::patnet {

inline constexpr std::uint32_t kNoAgent = std::numeric_limits<std::uint32_t>::max();

struct WorldView;  // defined by the runtime (patnet/patnet.hpp)
struct Instance;

struct EvalContext {
  double time = 0;                 // simulation time, seconds
  double state_entered = 0;        // when the instance's current state was (re-)entered
  const double* values = nullptr;  // the instance's parameters, then its locals
  std::uint32_t agent = kNoAgent;  // the agent running the net; kNoAgent for a global net
  const WorldView* view = nullptr;
  std::uint32_t instance = 0;      // the running net's id among the agent's nets
  const Instance* self = nullptr;  // the running net itself (its path), when known
};

}  // namespace footfall::patnet

// A fresh agent state for an action-selection system: see select/state.hpp.
#include "footfall/select/state.hpp"

namespace footfall::action {

AgentState initial_state(const System& system) {
  AgentState s;
  s.variables.reserve(system.variables.size());
  for (const InternalVariable& v : system.variables) s.variables.push_back(v.initial);
  const std::size_t n = system.behaviors.size();
  s.loi.assign(n, 1.0);
  s.pre.assign(n, 0.0);
  s.post.assign(n, 0.0);
  s.active.assign(n, 0);
  s.distance.assign(n, kUnbounded);
  s.progressed.assign(n, 0);
  s.loi_hold.assign(n, -1.0);
  s.active_run.assign(n, 0);
  s.rms.resize(system.rms.size());
  return s;
}

}  // namespace footfall::action

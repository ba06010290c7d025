// Internal variables and level of interest: see select/variables.hpp.
#include "footfall/select/variables.hpp"

#include <algorithm>

namespace footfall::action {

double next_variable(const InternalVariable& v, double value, double effects) {
  return std::clamp(value * (1.0 - v.damping) + v.growth + effects, v.min, v.max);
}

double next_loi(const LevelOfInterest& loi, double value, bool active, bool progressed) {
  switch (loi.mode) {
    case LoiMode::Off: return 1.0;
    case LoiMode::Time: value += active ? -loi.decay : loi.recovery; break;
    case LoiMode::Progress: value += active && !progressed ? -loi.decay : loi.recovery; break;
  }
  return std::clamp(value, 0.0, 1.0);
}

}  // namespace footfall::action

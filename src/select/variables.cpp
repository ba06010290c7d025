// Internal variables and level of interest: see select/variables.hpp.
#include "footfall/select/variables.hpp"

#include <algorithm>

namespace footfall::action {

double next_variable(const InternalVariable& v, double value, double effects) {
  return std::clamp(value * (1.0 - v.damping) + v.growth + effects, v.min, v.max);
}

double next_loi(const LevelOfInterest& loi, double value, bool active, bool progressed, std::uint32_t run,
                bool signal) {
  switch (loi.mode) {
    case LoiMode::Off: return 1.0;
    case LoiMode::Time: value += active ? -loi.decay : signal ? loi.recovery : 0.0; break;
    case LoiMode::Progress: value += active && !progressed ? -loi.decay : loi.recovery; break;
    // §5.5.9: held at its level for the expected time to reward, then down linearly to 0.
    case LoiMode::Course:
      if (!active) value += loi.recovery;
      else if (run > loi.hold) value -= 1.0 / loi.fade;
      break;
  }
  return std::clamp(value, 0.0, 1.0);
}

}  // namespace footfall::action

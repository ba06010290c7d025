#include "footfall/agents/agents.hpp"

#include <algorithm>

namespace footfall {

const char* gait_name(Gait g) {
  switch (g) {
    case Gait::Stand: return "stand";
    case Gait::Walk: return "walk";
    case Gait::Close: return "close";
    case Gait::Vehicle: return "vehicle";
    case Gait::Placed: return "placed";
  }
  return "?";
}

void Agents::reserve(std::size_t n) {
  name.reserve(n);
  for (int f = 0; f < 2; ++f) {
    foot[f].reserve(n);
    foot_heading[f].reserve(n);
  }
  forward.reserve(n);
  radius.reserve(n);
  depth.reserve(n);
  height.reserve(n);
  net.reserve(n);
  params.reserve(n);
  if (model_stride > 0) model.reserve(n * model_stride);
  active.reserve(n);
}

int Agents::find(std::string_view agent_name) const {
  const auto it = std::find(name.begin(), name.end(), agent_name);
  return it == name.end() ? -1 : static_cast<int>(it - name.begin());
}

}  // namespace footfall

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

int Agents::find(std::string_view agent_name) const {
  const auto it = std::find(name.begin(), name.end(), agent_name);
  return it == name.end() ? -1 : static_cast<int>(it - name.begin());
}

}  // namespace footfall

#include "footfall/agents/agents.hpp"

#include <algorithm>
#include <cstdint>

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
  if (model_stride > 0) model_block.reserve(n);
  active.reserve(n);
}

void Agents::set_model(std::size_t a, std::span<const double> values) {
  std::vector<double> block(values.begin(), values.end());
  block.resize(model_stride, 50.0);
  const std::uint32_t k = model.intern(block, a < model_block.size() ? model_block[a] : UINT32_MAX);
  if (a == model_block.size()) model_block.push_back(k);
  else model_block[a] = k;
}

int Agents::find(std::string_view agent_name) const {
  const auto it = std::find(name.begin(), name.end(), agent_name);
  return it == name.end() ? -1 : static_cast<int>(it - name.begin());
}

}  // namespace footfall

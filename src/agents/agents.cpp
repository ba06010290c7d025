#include "footfall/agents/agents.hpp"

#include <algorithm>
#include <cstring>

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
  const std::size_t blocks = model_stride ? model.size() / model_stride : 0;
  const auto same = [&](std::size_t b) {  // bit for bit
    return values.empty() || std::memcmp(values.data(), model.data() + b * model_stride, values.size() * sizeof(double)) == 0;
  };
  // Few distinct blocks (one per population mix, and the scenario's own agents'): the agent's
  // present one, the newest, then a search.
  std::uint32_t block = static_cast<std::uint32_t>(blocks);
  if (a < model_block.size() && same(model_block[a])) {
    block = model_block[a];
  } else {
    for (std::size_t b = blocks; b-- > 0;)
      if (same(b)) {
        block = static_cast<std::uint32_t>(b);
        break;
      }
  }
  if (block == blocks) model.insert(model.end(), values.begin(), values.end());
  if (a == model_block.size()) model_block.push_back(block);
  else model_block[a] = block;
}

int Agents::find(std::string_view agent_name) const {
  const auto it = std::find(name.begin(), name.end(), agent_name);
  return it == name.end() ? -1 : static_cast<int>(it - name.begin());
}

}  // namespace footfall

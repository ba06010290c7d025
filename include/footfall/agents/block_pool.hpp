#pragma once
// Distinct blocks of doubles, each held once (issue 23, memory): behavior-net parameters as a
// template, population or source sets them (agents/param_store.hpp), agent-model values per
// population mix (Agents::set_model). Blocks compare bit for bit (-0 is not 0, a NaN equals
// itself), so a value read back is the value given.
#include <cstdint>
#include <span>
#include <vector>

namespace footfall {

class BlockPool {
 public:
  // The index of the block equal to `block`, added when there is none. Blocks are few and mostly
  // given in runs: `hint` (the caller's previous one) is tried first, then the newest back.
  std::uint32_t intern(std::span<const double> block, std::uint32_t hint);
  const std::vector<double>& operator[](std::uint32_t k) const { return blocks_[k]; }
  std::size_t size() const { return blocks_.size(); }
  std::size_t bytes() const;  // heap bytes held, capacities included

 private:
  std::vector<std::vector<double>> blocks_;
};

}  // namespace footfall

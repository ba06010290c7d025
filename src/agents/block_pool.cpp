#include "footfall/agents/block_pool.hpp"

#include <cstring>

namespace footfall {
namespace {

bool same_block(std::span<const double> a, std::span<const double> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

}  // namespace

std::uint32_t BlockPool::intern(std::span<const double> block, std::uint32_t hint) {
  if (hint < blocks_.size() && same_block(blocks_[hint], block)) return hint;
  for (std::size_t k = blocks_.size(); k-- > 0;)
    if (same_block(blocks_[k], block)) return static_cast<std::uint32_t>(k);
  blocks_.emplace_back(block.begin(), block.end());
  return static_cast<std::uint32_t>(blocks_.size() - 1);
}

std::size_t BlockPool::bytes() const {
  std::size_t n = blocks_.capacity() * sizeof(std::vector<double>);
  for (const auto& b : blocks_) n += b.capacity() * sizeof(double);
  return n;
}

}  // namespace footfall

#include "footfall/agents/param_store.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace footfall {
namespace {

// Bit for bit: -0 is not 0, and a NaN equals itself, so a value read back is the value written.
bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

std::uint64_t ParamStore::mask_of(const std::vector<Change>& changes) {
  std::uint64_t m = 0;
  for (const Change& c : changes) m |= bit(c.slot);
  return m;
}

void ParamStore::add(std::span<const double> block) {
  const std::uint32_t hint = base_.empty() ? 0 : base_.back();
  base_.push_back(bases_.intern(block, hint));
  changes_.emplace_back();
  changed_.push_back(0);
}

void ParamStore::rebase(std::size_t a, std::span<const double> block) {
  base_[a] = bases_.intern(block, base_[a]);
  changes_[a] = {};  // frees the previous occupant's changes
  changed_[a] = 0;
}

void ParamStore::assign(std::size_t a, std::span<const double> values) {
  const std::vector<double>& base = bases_[base_[a]];
  if (values.size() != base.size()) throw std::invalid_argument("parameter block of the wrong size");
  std::vector<Change> changes;
  for (std::size_t s = 0; s < base.size(); ++s)
    if (!same(values[s], base[s])) changes.push_back({static_cast<std::uint32_t>(s), values[s]});
  changes.shrink_to_fit();
  changed_[a] = mask_of(changes);
  changes_[a] = std::move(changes);
}

double ParamStore::get(std::size_t a, std::uint32_t slot) const {
  if (!(changed_[a] & bit(slot))) return bases_[base_[a]][slot];
  for (const Change& c : changes_[a]) {
    if (c.slot == slot) return c.value;
    if (c.slot > slot) break;
  }
  return bases_[base_[a]][slot];
}

void ParamStore::set(std::size_t a, std::uint32_t slot, double value) {
  std::vector<Change>& changes = changes_[a];
  const auto it = std::lower_bound(changes.begin(), changes.end(), slot,
                                   [](const Change& c, std::uint32_t s) { return c.slot < s; });
  const bool held = it != changes.end() && it->slot == slot;
  if (same(value, bases_[base_[a]][slot])) {
    if (held) {
      changes.erase(it);
      changed_[a] = mask_of(changes);
    }
    return;
  }
  if (held) {
    it->value = value;
    return;
  }
  changed_[a] |= bit(slot);
  // Grown two at a time: a pedestrian holds about seven changes, and doubling would waste as many.
  if (changes.size() == changes.capacity()) {
    const auto at = it - changes.begin();
    changes.reserve(changes.size() + 2);
    changes.insert(changes.begin() + at, Change{slot, value});
    return;
  }
  changes.insert(it, Change{slot, value});
}

const double* ParamStore::gather(std::size_t a, std::vector<double>& out) const {
  const std::vector<double>& base = bases_[base_[a]];
  out.assign(base.begin(), base.end());
  for (const Change& c : changes_[a]) out[c.slot] = c.value;
  return out.data();
}

std::vector<double> ParamStore::block(std::size_t a) const {
  std::vector<double> out;
  gather(a, out);
  return out;
}

std::size_t ParamStore::bytes() const {
  std::size_t n = base_.capacity() * sizeof(std::uint32_t) + changes_.capacity() * sizeof(std::vector<Change>) +
                  changed_.capacity() * sizeof(std::uint64_t) + bases_.bytes();
  for (const auto& c : changes_) n += c.capacity() * sizeof(Change);
  return n;
}

}  // namespace footfall

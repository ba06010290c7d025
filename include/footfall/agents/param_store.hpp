#pragma once
// Every agent's behavior-net parameter values (behavior/net.hpp), shared until written (issue 23,
// memory). Agents of one template mostly hold the same values: a crowd of 100,000 pedestrians held
// 100 doubles each, of which about ten were their own (the goal a PaT-Net points at, the stride
// their pace sets, the nodes bound while they wait). So an agent's block is a base block, shared
// by every agent given the same block (a template's defaults as the scenario sets them, a
// population's, a source's), plus the values it changed since, sorted by slot.
//
// Values are kept bit for bit: a value written back equal to its base (same bits) is no longer a
// change. One agent's values may be read and written while other agents' are (CONTROL runs each
// agent's PaT-Nets and walk node in one task); adding agents and giving them new bases may not
// overlap anything else.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/agents/block_pool.hpp"

namespace footfall {

class ParamStore {
 public:
  std::size_t size() const { return base_.size(); }
  void reserve(std::size_t agents) {
    base_.reserve(agents);
    changes_.reserve(agents);
    changed_.reserve(agents);
  }
  // Appends an agent whose values are `block`.
  void add(std::span<const double> block);
  // Agent a's values become `block`, nothing changed (a pedestrian entering a slot).
  void rebase(std::size_t a, std::span<const double> block);
  // Agent a's values become `values` (as many as its block has), kept as changes to its base.
  void assign(std::size_t a, std::span<const double> values);

  std::size_t count(std::size_t a) const { return bases_[base_[a]].size(); }
  double get(std::size_t a, std::uint32_t slot) const;
  void set(std::size_t a, std::uint32_t slot, double value);
  // Agent a's whole block, into `out` (resized): what code that reads a block as an array uses.
  const double* gather(std::size_t a, std::vector<double>& out) const;
  std::vector<double> block(std::size_t a) const;

  // Values agent a holds of its own, and the distinct base blocks: for measuring memory.
  std::size_t changes(std::size_t a) const { return changes_[a].size(); }
  std::size_t bases() const { return bases_.size(); }
  // Heap bytes held, capacities included.
  std::size_t bytes() const;

 private:
  // 12 bytes, not 16: x86 reads an unaligned double at full speed.
#pragma pack(push, 4)
  struct Change {
    std::uint32_t slot;
    double value;
  };
#pragma pack(pop)
  static_assert(sizeof(Change) == 12);

  // Per agent, bit (slot mod 64) for each slot it holds a change at: a read of any other slot goes
  // straight to the shared base without touching the agent's changes on the heap (a city's
  // per-frame reads of every walker's maximum step missed the cache on each).
  static std::uint64_t bit(std::uint32_t slot) { return std::uint64_t{1} << (slot & 63u); }
  static std::uint64_t mask_of(const std::vector<Change>& changes);

  BlockPool bases_;                          // distinct blocks, in the order first given
  std::vector<std::uint32_t> base_;          // per agent
  std::vector<std::vector<Change>> changes_;  // per agent, ascending slots
  std::vector<std::uint64_t> changed_;       // per agent: mask_of(changes_[a])
};

// One agent's values, read like the array of its block: params[slot].
class AgentParams {
 public:
  AgentParams(const ParamStore& store, std::size_t agent) : store_(&store), agent_(agent) {}
  double operator[](std::size_t slot) const { return store_->get(agent_, static_cast<std::uint32_t>(slot)); }

 private:
  const ParamStore* store_;
  std::size_t agent_;
};

}  // namespace footfall

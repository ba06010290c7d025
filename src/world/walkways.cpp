#include "footfall/world/walkways.hpp"

#include "footfall/core/rng.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

#include "footfall/world/world.hpp"

namespace footfall {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

void check_location(std::uint32_t loc, std::size_t nlocations, const std::string& what) {
  if (loc >= nlocations)
    throw std::invalid_argument(what + " refers to location " + std::to_string(loc) +
                                ", but the world has only " + std::to_string(nlocations) +
                                " locations");
}

void validate(const Walkways& w, std::size_t nlocations) {
  for (std::size_t i = 0; i < w.edges.size(); ++i) {
    const std::string what = "walkway edge " + std::to_string(i);
    check_location(w.edges[i].a, nlocations, what);
    check_location(w.edges[i].b, nlocations, what);
  }
  for (std::size_t i = 0; i < w.endpoints.size(); ++i)
    check_location(w.endpoints[i], nlocations, "walkway endpoint " + std::to_string(i));
}

std::uint32_t other_end(const WalkEdge& e, std::uint32_t v) { return e.a == v ? e.b : e.a; }

// Tentative distance and predecessor of the locations a search has reached. Sparse: a route
// through a large city touches only the locations near its ends, so nothing of the city's size
// is allocated or cleared per route. An open-addressed table (linear probing, doubled when 70%
// full): a node per location, as std::unordered_map allocates, made spawning a pedestrian in a
// city of 100,000 mostly malloc.
struct Reached {
  double dist = kInf;
  std::uint32_t pred = kNone;
};

class ReachedMap {
 public:
  ReachedMap() : keys_(kFirstSize, kNone), values_(kFirstSize) {}
  // The entry of location v, made (unreached) if there is none.
  Reached& operator[](std::uint32_t v) {
    std::size_t i = slot(v);
    if (keys_[i] == kNone) {
      if (10 * (size_ + 1) > 7 * keys_.size()) {
        grow();
        i = slot(v);
      }
      keys_[i] = v;
      ++size_;
    }
    return values_[i];
  }
  const Reached& at(std::uint32_t v) const {
    const std::size_t i = slot(v);
    if (keys_[i] == kNone) throw std::out_of_range("walkway route: location not reached");
    return values_[i];
  }

 private:
  static constexpr std::size_t kFirstSize = 256;  // a power of two
  // v's slot, or the empty one where it would go.
  std::size_t slot(std::uint32_t v) const {
    const std::size_t mask = keys_.size() - 1;
    std::size_t i = (static_cast<std::size_t>(v) * 0x9E3779B97F4A7C15ull >> 20) & mask;
    while (keys_[i] != kNone && keys_[i] != v) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<std::uint32_t> keys(2 * keys_.size(), kNone);
    std::vector<Reached> values(keys.size());
    keys.swap(keys_);
    values.swap(values_);
    for (std::size_t k = 0; k < keys.size(); ++k)
      if (keys[k] != kNone) {
        const std::size_t i = slot(keys[k]);
        keys_[i] = keys[k];
        values_[i] = values[k];
      }
  }
  std::vector<std::uint32_t> keys_;
  std::vector<Reached> values_;
  std::size_t size_ = 0;
};

// Walks the predecessor chain back from `to` and returns it in travel order.
std::vector<std::uint32_t> unwind(const ReachedMap& reached, std::uint32_t from, std::uint32_t to) {
  std::vector<std::uint32_t> path;
  for (std::uint32_t v = to; v != from; v = reached.at(v).pred) path.push_back(v);
  path.push_back(from);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace

void Walkways::finalize(const World& world) {
  const std::size_t n = world.locations.size();
  if (n >= kNone) throw std::invalid_argument("too many locations for the walkway graph");
  validate(*this, n);
  const auto& locs = world.locations;
  for (auto& e : edges) e.length = (locs[e.b].position - locs[e.a].position).norm();

  // CSR by counting sort. Edges are visited in index order, so each location's list is sorted by
  // edge index and route() explores neighbours in an order that depends only on the graph.
  adj_start_.assign(n + 1, 0);
  for (const auto& e : edges) {
    ++adj_start_[e.a + 1];
    if (e.b != e.a) ++adj_start_[e.b + 1];  // a loop is listed once
  }
  for (std::size_t v = 0; v < n; ++v) adj_start_[v + 1] += adj_start_[v];
  adj_.assign(adj_start_[n], 0);
  std::vector<std::uint32_t> fill(adj_start_.begin(), adj_start_.end() - 1);
  for (std::uint32_t i = 0; i < edges.size(); ++i) {
    adj_[fill[edges[i].a]++] = i;
    if (edges[i].b != edges[i].a) adj_[fill[edges[i].b]++] = i;
  }
}

// Dijkstra with a binary heap and lazy deletion. The heap orders by (distance, location), so among
// equally distant locations the smaller index settles first, and a predecessor is replaced only
// on a strictly shorter distance: each location's predecessor is therefore the first-settled one
// (shortest distance from `from`, then smallest index). That makes routes depend only on the graph.
// Scratch is allocated per call (not kept in mutable members) so that concurrent calls are safe.
std::vector<std::uint32_t> Walkways::route(std::uint32_t from, std::uint32_t to, double spread,
                                           std::uint64_t key, std::uint32_t closed) const {
  const std::size_t n = adj_start_.empty() ? 0 : adj_start_.size() - 1;
  if (from >= n || to >= n) return {};
  if (from == to) return {from};

  ReachedMap reached;
  using Item = std::pair<double, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  reached[from].dist = 0.0;
  heap.emplace(0.0, from);
  while (!heap.empty()) {
    const auto [d, v] = heap.top();
    heap.pop();
    if (d > reached[v].dist) continue;  // stale entry: v was settled through a shorter path
    if (v == to) return unwind(reached, from, to);  // settled: nothing later can shorten it
    for (std::uint32_t k = adj_start_[v]; k < adj_start_[v + 1]; ++k) {
      if (adj_[k] == closed) continue;
      const WalkEdge& e = edges[adj_[k]];
      const std::uint32_t u = other_end(e, v);
      const double du =
          d + (spread > 0 ? e.length * (1.0 + spread * counter_uniform(key, adj_[k], 0, RngStream::Route))
                          : e.length);
      Reached& r = reached[u];
      if (du < r.dist) {
        r = {du, v};
        heap.emplace(du, u);
      }
    }
  }
  return {};
}

double Walkways::length(const std::vector<std::uint32_t>& route) const {
  double sum = 0;
  for (std::size_t k = 0; k + 1 < route.size(); ++k) {
    const WalkEdge* e = edge_between(route[k], route[k + 1]);
    if (!e) return kInf;
    sum += e->length;
  }
  return sum;
}

// Scans the shorter of the two adjacency lists; lists are by edge index, so among parallel edges
// the first-listed one is returned.
const WalkEdge* Walkways::edge_between(std::uint32_t a, std::uint32_t b) const {
  const std::size_t n = adj_start_.empty() ? 0 : adj_start_.size() - 1;
  if (a >= n || b >= n) return nullptr;
  if (adj_start_[b + 1] - adj_start_[b] < adj_start_[a + 1] - adj_start_[a]) std::swap(a, b);
  for (std::uint32_t k = adj_start_[a]; k < adj_start_[a + 1]; ++k) {
    const WalkEdge& e = edges[adj_[k]];
    if (other_end(e, a) == b) return &e;
  }
  return nullptr;
}

}  // namespace footfall

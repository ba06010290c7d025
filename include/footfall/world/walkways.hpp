#pragma once
// The walkway graph: named locations (corners, doors, sidewalk ends) joined by straight walks along
// sidewalks and by crossings over crosswalks. Routes for pedestrians are shortest paths in it; a
// route's legs become PaT-Net calls (walk to a point; wait for WALK and cross).
#include <cstdint>
#include <limits>
#include <vector>

namespace footfall {

class World;

struct WalkEdge {
  std::uint32_t a = 0, b = 0;  // World::locations indices; edges are undirected
  int crosswalk = -1;          // region index when this edge crosses a street on a crosswalk
  int signal = -1;             // the signal governing that crosswalk (World::signals), or -1
  double length = 0;           // filled by finalize(): |a − b|
};

inline constexpr std::uint32_t kNoEdge = std::numeric_limits<std::uint32_t>::max();

class Walkways {
 public:
  std::vector<WalkEdge> edges;
  std::vector<std::uint32_t> endpoints;  // locations where pedestrians enter and leave

  // Fills lengths and the adjacency index; call after the world's locations are final.
  void finalize(const World& world);

  bool empty() const { return edges.empty(); }
  // Shortest route by length from location `from` to location `to`: the locations visited, `from`
  // first and `to` last; empty when `to` cannot be reached. Ties resolve by location index, so a
  // route depends only on the graph.
  //
  // With `spread` > 0 every edge's length is scaled by 1 + spread·u, u uniform in [0, 1) drawn
  // from (key, edge): each pedestrian (key) then takes its own one of several near-shortest
  // routes, so trips with equally short alternatives (diagonal ones) split over both instead of
  // all loading the same crosswalks.
  //
  // A route never uses edge `closed` (an index into `edges`; kNoEdge closes none).
  std::vector<std::uint32_t> route(std::uint32_t from, std::uint32_t to, double spread = 0.0,
                                   std::uint64_t key = 0, std::uint32_t closed = kNoEdge) const;
  // The edge joining a and b, or nullptr.
  const WalkEdge* edge_between(std::uint32_t a, std::uint32_t b) const;
  std::uint32_t index_of(const WalkEdge& e) const { return static_cast<std::uint32_t>(&e - edges.data()); }
  // Metres along a route (locations joined by edges); a step with no edge makes it infinitely long.
  double length(const std::vector<std::uint32_t>& route) const;

 private:
  std::vector<std::uint32_t> adj_start_;  // CSR: edges of location v are adj_[adj_start_[v] ..]
  std::vector<std::uint32_t> adj_;        // edge indices
};

}  // namespace footfall

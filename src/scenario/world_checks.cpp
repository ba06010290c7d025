#include "world_checks.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <numeric>

namespace footfall {

std::vector<int> endpoints_inside_obstacles(const World& world) {
  std::vector<int> inside;
  for (const std::uint32_t e : world.walkways.endpoints) {
    const Vec2 p = world.locations[e].position;
    int found = -1;
    world.for_each_obstacle_near(Aabb{p, p}, [&](std::uint32_t o) {
      const Obstacle& ob = world.obstacles[o];
      if (found < 0 && ob.solid && distance_to(ob.shape, p) <= 0) found = static_cast<int>(o);
    });
    inside.push_back(found);
  }
  return inside;
}

bool any_route_between(const World& world, const std::vector<std::uint32_t>& endpoints) {
  // Union-find over the walkway edges: linear, where a route search per pair would be quadratic.
  std::vector<std::uint32_t> parent(world.locations.size());
  std::iota(parent.begin(), parent.end(), 0u);
  const auto root = [&parent](std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const WalkEdge& e : world.walkways.edges) parent[root(e.a)] = root(e.b);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;  // component, location
  for (const std::uint32_t e : endpoints) seen.emplace_back(root(e), e);
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  for (std::size_t i = 1; i < seen.size(); ++i)
    if (seen[i].first == seen[i - 1].first) return true;
  return false;
}

std::uint64_t memory_limit() {
  std::uint64_t limit = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit r;
    if (getrlimit(resource, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
      limit = std::min<std::uint64_t>(limit, r.rlim_cur);
  }
  return limit;
}

double estimated_bytes(const World& tile, double tiles, double pedestrians) {
  double things = static_cast<double>(tile.obstacles.size() + tile.regions.size() + tile.locations.size() +
                                      tile.walkways.edges.size() + tile.signals.size());
  for (const GroundRegion& r : tile.regions) things += static_cast<double>(r.polygon.size()) / 4;
  constexpr double kPerThing = 1536, kPerPedestrian = 4096;  // the measurements above, with room
  return tiles * things * kPerThing + pedestrians * kPerPedestrian;
}

}  // namespace footfall

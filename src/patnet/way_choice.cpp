#include "footfall/patnet/way_choice.hpp"

#include <cmath>

#include "footfall/core/math.hpp"
#include "footfall/patnet/light_net.hpp"

namespace footfall::patnet {
namespace {

// The signalled crossing among the route's next two edges (a walk up to a kerb, then over), or
// nullptr.
const WalkEdge* crossing_ahead(const Walkways& ways, const std::vector<std::uint32_t>& route) {
  for (std::size_t k = 0; k < 2 && k + 1 < route.size(); ++k) {
    const WalkEdge* e = ways.edge_between(route[k], route[k + 1]);
    if (e && e->crosswalk >= 0) return e->signal >= 0 ? e : nullptr;
  }
  return nullptr;
}

}  // namespace

double wait_for_walk(const SignalTiming& s, double t, double min_walk_left) {
  const double u = s.phase(t);
  if (u < 0) return -u;
  return u <= s.walk - min_walk_left ? 0.0 : s.cycle() - u;
}

double arrival_time(const Walkways& ways, const std::vector<SignalTiming>& timings,
                    const std::vector<std::uint32_t>& route, double t, const WayChoice& choice) {
  for (std::size_t k = 0; k + 1 < route.size(); ++k) {
    const WalkEdge* e = ways.edge_between(route[k], route[k + 1]);
    if (!e) return kInf;
    if (e->crosswalk >= 0 && e->signal >= 0 && static_cast<std::size_t>(e->signal) < timings.size())
      t += wait_for_walk(timings[static_cast<std::size_t>(e->signal)], t, choice.min_walk_left);
    t += e->length / choice.speed;
  }
  return t;
}

std::vector<std::uint32_t> choose_way(const Walkways& ways, const std::vector<SignalTiming>& timings,
                                      std::vector<std::uint32_t> route, double t,
                                      const WayChoice& choice) {
  const WalkEdge* planned = crossing_ahead(ways, route);
  if (!planned) return route;
  std::vector<std::uint32_t> other = ways.route(route.front(), route.back(), 0.0, 0, ways.index_of(*planned));
  if (other.size() < 2 || !crossing_ahead(ways, other)) return route;
  if (ways.length(other) > ways.length(route) + choice.detour) return route;
  if (arrival_time(ways, timings, other, t, choice) + 1.0 >=
      arrival_time(ways, timings, route, t, choice))
    return route;
  return other;
}

}  // namespace footfall::patnet

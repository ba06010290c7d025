// An ordered queue at a counter (ActionObject::queue_*): where each perceiver is to stand in it.
#include <algorithm>
#include <cmath>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

// Where perceiver a is to stand in object o's queue (ActionObject::queue_*), from S(N−1): behind
// those in the line nearer the counter than it (behind all of them while it is not in the line,
// i.e. not near the place `before` it was given on its last tick),
// or at the counter itself when first with `others_at_counter` below capacity (or already there,
// having been sent there). Ties in distance go
// to the lower pedestrian id, so two never take the same place.
Vec2 Simulation::queue_place(const ActionObject& o, const Snapshot& s, std::uint32_t a,
                             std::uint32_t others_at_counter, std::optional<Vec2> before) const {
  const Vec2 dir = o.queue_toward;
  const double first = o.occupied_within + o.queue_spacing;
  // Sent to the counter as first in line, it keeps its turn on the way there and at it (one who
  // reaches the counter from elsewhere has not been sent, and joins the line).
  if (before && *before == o.at && (s.location[a] - o.at).norm() <= first + 0.5 * o.queue_spacing) return o.at;
  const double last = first + (o.queue_places - 0.5) * o.queue_spacing;
  const auto in_line = [&](const Vec2& p, double& along) {
    const Vec2 r = p - o.at;
    along = r.dot(dir);
    return along > o.occupied_within && along <= last && std::abs(r.x() * dir.y() - r.y() * dir.x()) <= o.queue_width;
  };
  double mine = 0;
  // In the line itself only near the place it was given (a spacing and a quarter: the line may
  // have moved up one): one passing the line's front on its way to the end does not jump it.
  const bool me_in = in_line(s.location[a], mine) && before &&
                     (*before - s.location[a]).norm() <= 1.25 * o.queue_spacing;
  const std::uint64_t me = s.id[a];
  std::uint32_t ahead = 0;
  const Vec2 end = o.at + dir * last;
  const double pad = o.queue_width;
  const Aabb box{Vec2(o.at.cwiseMin(end).array() - pad), Vec2(o.at.cwiseMax(end).array() + pad)};
  s.grid.for_each_in(box, [&](std::uint32_t j) {
    if (j >= s.agents || j == a || !s.active[j]) return;
    double along = 0;
    if (in_line(s.location[j], along) && (!me_in || along < mine || (along == mine && s.id[j] < me))) ++ahead;
  });
  if (ahead == 0 && others_at_counter < std::max<std::uint32_t>(o.capacity, 1)) return o.at;
  return o.at + dir * (first + std::min(ahead, o.queue_places - 1) * o.queue_spacing);
}

}  // namespace footfall

#include "footfall/analysis/voronoi_box.hpp"

#include <algorithm>

namespace footfall {

VoronoiFrame voronoi_box(const World& w, const Aabb& walked, double cutoff) {
  const Aabb things = content_bounds(w);
  // Per axis: the world's things where the walkers stay within them (walls bound a corridor),
  // else the walkers' extent with a cutoff's margin as well.
  Aabb box = things;
  for (int k = 0; k < 2; ++k) {
    if (!(walked.lo[k] <= walked.hi[k])) continue;
    if (things.lo[k] <= walked.lo[k] && things.hi[k] >= walked.hi[k]) continue;
    box.lo[k] = std::min(things.lo[k], walked.lo[k] - cutoff);
    box.hi[k] = std::max(things.hi[k], walked.hi[k] + cutoff);
  }
  if (!(box.lo.x() <= box.hi.x() && box.lo.y() <= box.hi.y())) box = Aabb{Vec2(-10, -10), Vec2(10, 10)};
  VoronoiFrame f;
  f.lo = box.lo;
  f.hi = box.hi;
  f.cutoff = cutoff;
  if (w.periodic.on()) {
    f.periodic_axis = w.periodic.axis;
    f.period_lo = w.periodic.lo;
    f.period_hi = w.periodic.hi;
    f.lo[w.periodic.axis] = w.periodic.lo;
    f.hi[w.periodic.axis] = w.periodic.hi;
  }
  return f;
}

}  // namespace footfall

#include "footfall/behavior/headway.hpp"

#include <algorithm>
#include <cmath>

namespace footfall {

void headway_obstacles(const SenseContext& ctx, double t, std::vector<HeadwayObstacle>& out) {
  out.clear();
  for (const std::uint32_t j : ctx.neighbours) {
    if (ctx.snapshot.agent_of(j) == ctx.self) continue;  // oneself, or one's ghost across a seam
    const BodySize b = ctx.snapshot.body(j);
    out.push_back({ctx.snapshot.plan[j].at(t), ctx.self_body().half_depth + b.half_depth,
                   headway_shoulders(ctx.snapshot.body_path(j).heading_at(t), b)});
  }
}

double travel_to_contact(std::span<const HeadwayObstacle> others, const Vec2& from, const Vec2& u,
                         const Vec2& shoulders) {
  const double own = std::abs(shoulders.dot(u));
  double s = kInf;
  for (const HeadwayObstacle& o : others) {
    const Vec2 rel = o.at - from;
    const double along = rel.dot(u);
    if (along <= 0) continue;  // behind, or beside and falling behind: not in the way
    const double lateral = std::abs(cross(u, rel));
    const double reach = o.reach + std::abs(o.shoulders.dot(u)) + own;
    if (lateral >= reach) continue;
    // Contact when the travelled point is `reach` from o: along − √(reach² − lateral²).
    s = std::min(s, std::max(0.0, along - std::sqrt(reach * reach - lateral * lateral)));
  }
  return s;
}

}  // namespace footfall

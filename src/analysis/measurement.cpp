#include "footfall/analysis/measurement.hpp"

#include <cmath>

#include "footfall/world/shapes.hpp"

namespace footfall {
namespace {

// A step longer than this between two frames is a jump (a periodic wrap, a new pedestrian in a
// slot), not a walk across a line.
constexpr double kJump = 3.0;

}  // namespace

double snapshot_speed(const Snapshot& s, std::size_t a) {
  const Plan& p = s.plan[a];
  if (s.time <= p.t0 || s.time > p.t1 + 1e-9) return 0;
  return p.velocity().norm();
}

Measurements::Measurements(MeasurementSpec spec, const VoronoiFrame& voronoi)
    : spec_(std::move(spec)), voronoi_(voronoi), meter_(spec_.areas, voronoi.cutoff),
      area_sums_(spec_.areas.size()), lane_sums_(spec_.areas.size()), line_counts_(spec_.lines.size()),
      line_times_(spec_.lines.size()) {
  // An area's lanes run along its longer side.
  for (const MeasurementArea& area : spec_.areas) {
    Aabb box;
    for (const Vec2& p : area.polygon) box.add(p);
    const Vec2 extent = box.hi - box.lo;
    lane_axis_.push_back(extent.x() >= extent.y() ? Vec2(1, 0) : Vec2(0, 1));
  }
}

double lane_order(std::span<const Vec2> at, std::span<const std::int8_t> side, const Vec2& axis,
                  double half_width, double reach) {
  double sum = 0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < at.size(); ++i) {
    int same = 0, opposite = 0;
    for (std::size_t j = 0; j < at.size(); ++j) {
      if (j == i) continue;
      const Vec2 d = at[j] - at[i];
      if (std::abs(cross(axis, d)) >= half_width || std::abs(d.dot(axis)) > reach) continue;
      (side[j] == side[i] ? same : opposite) += 1;
    }
    if (same + opposite == 0) continue;
    const double phi = static_cast<double>(same - opposite) / (same + opposite);
    sum += phi * phi;
    ++counted;
  }
  return counted ? sum / static_cast<double>(counted) : std::nan("");
}

void Measurements::observe(const Snapshot& s) {
  const std::size_t n = s.agents;
  bool any = false;  // an area measured in this frame (past its warm-up)
  for (const MeasurementArea& area : spec_.areas) any = any || s.time >= area.after;
  if (any) {
    // The cells of the agents near an area, once for all areas.
    at_.clear();
    speeds_.clear();
    for (std::size_t a = 0; a < n; ++a)
      if (s.active[a]) {
        at_.push_back(s.location[a]);
        speeds_.push_back(snapshot_speed(s, a));
      }
    meter_.mark_needed(at_, wanted_);
    const std::vector<Polygon> cells = voronoi_cells(at_, voronoi_, wanted_);
    for (std::size_t k = 0; k < spec_.areas.size(); ++k)
      if (s.time >= spec_.areas[k].after) area_sums_[k].add(meter_.measure(k, at_, speeds_, cells));
  }
  for (std::size_t k = 0; k < spec_.areas.size(); ++k) {
    const MeasurementArea& area = spec_.areas[k];
    if (s.time < area.after) continue;
    const Vec2& axis = lane_axis_[k];
    lane_at_.clear();
    lane_side_.clear();
    for (std::size_t a = 0; a < n; ++a) {
      if (!s.active[a] || !polygon_contains(area.polygon, s.location[a])) continue;
      lane_at_.push_back(s.location[a]);
      lane_side_.push_back(unit_from_heading(s.heading[a]).dot(axis) >= 0 ? 1 : -1);
    }
    if (const double order = lane_order(lane_at_, lane_side_, axis); !std::isnan(order)) {
      lane_sums_[k].lanes += order;
      ++lane_sums_[k].frames;
    }
  }
  if (!spec_.lines.empty() && previous_.size() == n) {
    for (std::size_t k = 0; k < spec_.lines.size(); ++k) {
      const MeasurementLine& line = spec_.lines[k];
      if (s.time < line.after) continue;
      LineResult& r = line_counts_[k];
      for (std::size_t a = 0; a < n; ++a) {
        if (!s.active[a] || !was_active_[a]) continue;
        const Vec2& from = previous_[a];
        const Vec2& to = s.location[a];
        if ((to - from).norm() > kJump || !segments_intersect(from, to, line.a, line.b)) continue;
        // Touching the line counts once: on the frame the location leaves the side it was on.
        if (cross(line.b - line.a, from - line.a) == 0) continue;
        if (r.crossings == 0) r.first = s.time;
        r.last = s.time;
        ++r.crossings;
        line_times_[k].push_back(s.time);
      }
    }
  }
  previous_.assign(s.location.begin(), s.location.begin() + static_cast<std::ptrdiff_t>(n));
  was_active_.assign(s.active.begin(), s.active.begin() + static_cast<std::ptrdiff_t>(n));
}

std::vector<AreaResult> Measurements::areas() const {
  std::vector<AreaResult> out;
  for (std::size_t k = 0; k < area_sums_.size(); ++k) {
    const AreaSample m = area_sums_[k].mean(spec_.areas[k].after);
    AreaResult r;
    r.frames = m.frames;
    r.area = meter_.area(k);
    r.density = m.classic_density;
    r.speed = m.classic_speed;
    r.specific_flow = m.classic_flow;
    r.voronoi_density = m.voronoi_density;
    r.voronoi_speed = m.voronoi_speed;
    r.voronoi_specific_flow = m.specific_flow;
    if (lane_sums_[k].frames) r.lane_order = lane_sums_[k].lanes / static_cast<double>(lane_sums_[k].frames);
    out.push_back(r);
  }
  return out;
}

std::vector<LineResult> Measurements::lines() const {
  std::vector<LineResult> out = line_counts_;
  for (std::size_t k = 0; k < out.size(); ++k) {
    LineResult& r = out[k];
    if (r.crossings >= 2 && r.last > r.first) {
      r.flow = static_cast<double>(r.crossings) / (r.last - r.first);
      r.specific_flow = r.flow / (spec_.lines[k].b - spec_.lines[k].a).norm();
    }
    const std::vector<double>& t = line_times_[k];
    if (t.size() >= 10) {
      const std::size_t lo = t.size() / 10, hi = t.size() - 1 - t.size() / 10;
      if (t[hi] > t[lo]) {
        r.steady_flow = static_cast<double>(hi - lo) / (t[hi] - t[lo]);
        r.steady_specific_flow = r.steady_flow / (spec_.lines[k].b - spec_.lines[k].a).norm();
      }
    }
  }
  return out;
}

}  // namespace footfall

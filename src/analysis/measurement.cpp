#include "footfall/analysis/measurement.hpp"

#include <cmath>

#include "footfall/world/shapes.hpp"

namespace footfall {
namespace {

double polygon_area(const std::vector<Vec2>& poly) {
  double twice = 0;
  for (std::size_t i = 0, n = poly.size(); i < n; ++i) twice += cross(poly[i], poly[(i + 1) % n]);
  return 0.5 * std::abs(twice);
}

// A step longer than this between two frames is a jump (a periodic wrap, a new pedestrian in a
// slot), not a walk across a line.
constexpr double kJump = 3.0;

}  // namespace

double snapshot_speed(const Snapshot& s, std::size_t a) {
  const Plan& p = s.plan[a];
  if (s.time <= p.t0 || s.time > p.t1 + 1e-9) return 0;
  return p.velocity().norm();
}

Measurements::Measurements(MeasurementSpec spec)
    : spec_(std::move(spec)), area_sums_(spec_.areas.size()), line_counts_(spec_.lines.size()),
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
  for (std::size_t k = 0; k < spec_.areas.size(); ++k) {
    const MeasurementArea& area = spec_.areas[k];
    if (s.time < area.after) continue;
    const Vec2& axis = lane_axis_[k];
    std::size_t inside = 0;
    double speed = 0;
    lane_at_.clear();
    lane_side_.clear();
    for (std::size_t a = 0; a < n; ++a) {
      if (!s.active[a] || !polygon_contains(area.polygon, s.location[a])) continue;
      ++inside;
      speed += snapshot_speed(s, a);
      lane_at_.push_back(s.location[a]);
      lane_side_.push_back(unit_from_heading(s.heading[a]).dot(axis) >= 0 ? 1 : -1);
    }
    if (const double order = lane_order(lane_at_, lane_side_, axis); !std::isnan(order)) {
      area_sums_[k].lanes += order;
      ++area_sums_[k].lane_frames;
    }
    AreaSums& sum = area_sums_[k];
    const double density = static_cast<double>(inside) / polygon_area(area.polygon);
    sum.density += density;
    sum.flow += inside ? density * speed / static_cast<double>(inside) : 0.0;
    ++sum.frames;
    if (inside) {
      sum.speed += speed / static_cast<double>(inside);
      ++sum.speed_frames;
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
  for (const AreaSums& sum : area_sums_) {
    AreaResult r;
    r.frames = sum.frames;
    if (sum.frames) {
      r.density = sum.density / static_cast<double>(sum.frames);
      r.specific_flow = sum.flow / static_cast<double>(sum.frames);
    }
    if (sum.speed_frames) r.speed = sum.speed / static_cast<double>(sum.speed_frames);
    if (sum.lane_frames) r.lane_order = sum.lanes / static_cast<double>(sum.lane_frames);
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

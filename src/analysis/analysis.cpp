#include "footfall/analysis/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "footfall/world/shapes.hpp"

namespace footfall {
namespace {

constexpr double kJump = 3.0;  // metres between frames: a re-entry elsewhere, not a step

// Per-frame values of one area, summed into a bin.
struct AreaSums {
  std::uint32_t frames = 0, speed_frames = 0;
  double classic_density = 0, classic_speed = 0, voronoi_density = 0, voronoi_speed = 0, flow = 0;
  std::uint32_t voronoi_speed_frames = 0;
  void add(double cd, std::size_t inside, double speed_sum, const VoronoiMeasure& v) {
    ++frames;
    classic_density += cd;
    if (inside) {
      classic_speed += speed_sum / static_cast<double>(inside);
      ++speed_frames;
    }
    voronoi_density += v.density;
    if (v.density > 0) {
      voronoi_speed += v.speed;
      ++voronoi_speed_frames;
    }
    flow += v.density * v.speed;
  }
  AreaSample mean(double time) const {
    AreaSample s;
    s.time = time;
    s.frames = frames;
    if (frames) {
      s.classic_density = classic_density / frames;
      s.voronoi_density = voronoi_density / frames;
      s.specific_flow = flow / frames;
    }
    if (speed_frames) s.classic_speed = classic_speed / speed_frames;
    if (voronoi_speed_frames) s.voronoi_speed = voronoi_speed / voronoi_speed_frames;
    return s;
  }
};

Aabb polygon_box(const Polygon& p) {
  Aabb b;
  for (const Vec2& v : p) b.add(v);
  return b;
}

HeatMap heat_map(const Trajectories& t, const AnalysisOptions& o) {
  HeatMap h;
  h.cell = o.heat_cell;
  Vec2 lo = o.voronoi.lo, hi = o.voronoi.hi;
  h.origin = lo;
  h.nx = std::max(1, static_cast<int>(std::ceil((hi.x() - lo.x()) / h.cell)));
  h.ny = std::max(1, static_cast<int>(std::ceil((hi.y() - lo.y()) / h.cell)));
  const std::size_t n = static_cast<std::size_t>(h.nx) * h.ny;
  std::vector<double> count(n, 0), speed(n, 0);
  for (const TrajectoryFrame& f : t.frames)
    for (std::size_t k = 0; k < f.position.size(); ++k) {
      const Vec2 rel = (f.position[k] - lo) / h.cell;
      const int x = static_cast<int>(std::floor(rel.x())), y = static_cast<int>(std::floor(rel.y()));
      if (x < 0 || y < 0 || x >= h.nx || y >= h.ny) continue;
      const std::size_t c = static_cast<std::size_t>(y) * h.nx + x;
      count[c] += 1;
      speed[c] += f.velocity[k].norm();
    }
  const double frames = std::max<double>(1, static_cast<double>(t.frames.size()));
  h.density.resize(n);
  h.speed.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    h.density[c] = count[c] / (frames * h.cell * h.cell);
    h.speed[c] = count[c] > 0 ? speed[c] / count[c] : std::numeric_limits<double>::quiet_NaN();
  }
  return h;
}

// Trips: each pedestrian's stretches of consecutive frames without a jump; one that ends before
// the last frame is a finished trip.
void trips(const Trajectories& t, const AnalysisOptions& o, Analysis& out) {
  const int axis = o.voronoi.periodic_axis;
  const double period = o.voronoi.period_hi - o.voronoi.period_lo;
  struct Open {
    std::size_t last_frame = 0;
    double start = 0, end = 0;
    Vec2 at = Vec2::Zero();
    bool seen = false;
  };
  std::vector<Open> open(t.names.size());
  const auto close = [&](std::uint32_t who) { out.trips.push_back({t.names[who], open[who].start, open[who].end}); };
  for (std::size_t f = 0; f < t.frames.size(); ++f) {
    const TrajectoryFrame& fr = t.frames[f];
    for (std::size_t k = 0; k < fr.who.size(); ++k) {
      Open& o2 = open[fr.who[k]];
      Vec2 d = fr.position[k] - o2.at;
      if (axis >= 0 && period > 0) d[axis] -= period * std::round(d[axis] / period);
      if (o2.seen && (o2.last_frame + 1 != f || d.norm() > kJump)) close(fr.who[k]), o2.seen = false;
      if (!o2.seen) o2.start = fr.time, o2.seen = true;
      o2.end = fr.time;
      o2.last_frame = f;
      o2.at = fr.position[k];
    }
  }
  for (std::uint32_t who = 0; who < open.size(); ++who) {
    if (!open[who].seen) continue;
    if (open[who].last_frame + 1 < t.frames.size()) close(who);
    else ++out.unfinished;
  }
}

}  // namespace

Analysis analyze(const Trajectories& t, const MeasurementSpec& spec, const AnalysisOptions& o) {
  Analysis out;
  if (!t.frames.empty()) {
    out.first_time = t.frames.front().time;
    out.last_time = t.frames.back().time;
  }
  // Areas: where the cells need building (within reach of an area), and the bins.
  Aabb reach;
  for (const MeasurementArea& a : spec.areas) {
    const Aabb b = polygon_box(a.polygon);
    reach.add(b.lo);
    reach.add(b.hi);
  }
  reach = reach.inflated(1.5 * o.voronoi.cutoff);
  std::vector<AreaSums> bin(spec.areas.size()), total(spec.areas.size());
  std::vector<std::int64_t> bin_index(spec.areas.size(), -1);
  for (const MeasurementArea& a : spec.areas) out.areas.push_back({a.name, polygon_area(a.polygon), {}, {}});
  const auto flush = [&](std::size_t k) {
    if (bin[k].frames) out.areas[k].series.push_back(bin[k].mean(spec.areas[k].after + bin_index[k] * o.interval));
    bin[k] = {};
  };
  std::vector<std::uint8_t> wanted;
  std::vector<double> speeds;
  for (const TrajectoryFrame& f : t.frames) {
    if (spec.areas.empty()) break;
    wanted.assign(f.position.size(), 0);
    speeds.resize(f.position.size());
    for (std::size_t k = 0; k < f.position.size(); ++k) {
      const Vec2& p = f.position[k];
      wanted[k] = p.x() >= reach.lo.x() && p.y() >= reach.lo.y() && p.x() <= reach.hi.x() && p.y() <= reach.hi.y();
      speeds[k] = f.velocity.empty() ? 0.0 : f.velocity[k].norm();
    }
    const std::vector<Polygon> cells = voronoi_cells(f.position, o.voronoi, wanted);
    for (std::size_t k = 0; k < spec.areas.size(); ++k) {
      const MeasurementArea& a = spec.areas[k];
      if (f.time < a.after - 1e-9) continue;
      std::size_t inside = 0;
      double speed_sum = 0;
      for (std::size_t i = 0; i < f.position.size(); ++i)
        if (polygon_contains(a.polygon, f.position[i])) ++inside, speed_sum += speeds[i];
      const VoronoiMeasure v = voronoi_measure(cells, speeds, a.polygon);
      const double cd = static_cast<double>(inside) / out.areas[k].area;
      const auto b = static_cast<std::int64_t>(std::floor((f.time - a.after) / o.interval + 1e-9));
      if (b != bin_index[k]) {
        if (bin_index[k] >= 0) flush(k);
        bin_index[k] = b;
      }
      bin[k].add(cd, inside, speed_sum, v);
      total[k].add(cd, inside, speed_sum, v);
    }
  }
  for (std::size_t k = 0; k < spec.areas.size(); ++k) {
    if (bin_index[k] >= 0) flush(k);
    out.areas[k].mean = total[k].mean(spec.areas[k].after);
  }
  // Lines: a pedestrian's location crossing between consecutive frames, either way.
  const int axis = o.voronoi.periodic_axis;
  const double period = o.voronoi.period_hi - o.voronoi.period_lo;
  std::vector<std::vector<double>> times(spec.lines.size());
  std::vector<std::pair<std::size_t, Vec2>> last(t.names.size(), {SIZE_MAX, Vec2::Zero()});
  for (std::size_t fi = 0; fi < t.frames.size(); ++fi) {
    const TrajectoryFrame& f = t.frames[fi];
    for (std::size_t i = 0; i < f.position.size(); ++i) {
      auto& [frame, from] = last[f.who[i]];
      const Vec2 to = f.position[i];
      if (frame != SIZE_MAX && frame + 1 == fi) {
        Vec2 d = to - from;
        if (axis >= 0 && period > 0) d[axis] -= period * std::round(d[axis] / period);
        // Across a periodic seam the step is tested where it was walked: from `from`, by d.
        if (d.norm() <= kJump)
          for (std::size_t k = 0; k < spec.lines.size(); ++k) {
            const MeasurementLine& line = spec.lines[k];
            if (f.time < line.after - 1e-9) continue;
            if (segments_intersect(from, from + d, line.a, line.b) && cross(line.b - line.a, from - line.a) != 0)
              times[k].push_back(f.time);
          }
      }
      frame = fi;
      from = to;
    }
  }
  for (std::size_t k = 0; k < spec.lines.size(); ++k) {
    const MeasurementLine& line = spec.lines[k];
    LineAnalysis l{line.name, (line.b - line.a).norm(), {}, static_cast<std::uint32_t>(times[k].size()), 0, 0};
    if (times[k].size() >= 2 && times[k].back() > times[k].front()) {
      l.flow = static_cast<double>(times[k].size()) / (times[k].back() - times[k].front());
      l.specific_flow = l.flow / l.length;
    }
    const double start = std::max(line.after, out.first_time);
    // A line measured from after the last frame has no bins (and a negative count must not reach
    // the cast to an unsigned one).
    if (out.last_time >= start) {
      const auto bins = static_cast<std::size_t>(std::floor((out.last_time - start) / o.interval + 1e-9)) + 1;
      for (std::size_t b = 0; b < bins; ++b) l.series.push_back({start + static_cast<double>(b) * o.interval, 0, 0});
    }
    for (const double time : times[k]) {
      if (time < start) continue;
      const auto b = static_cast<std::size_t>(std::floor((time - start) / o.interval + 1e-9));
      if (b < l.series.size()) ++l.series[b].crossings;
    }
    for (LineSample& s : l.series) s.flow = s.crossings / o.interval;
    out.lines.push_back(std::move(l));
  }
  trips(t, o, out);
  out.heat = heat_map(t, o);
  return out;
}

double trip_quantile(const std::vector<Trip>& trips, double q) {
  if (trips.empty()) return 0;
  std::vector<double> d;
  for (const Trip& t : trips) d.push_back(t.end - t.start);
  const auto k = static_cast<std::size_t>(q * static_cast<double>(d.size() - 1) + 0.5);
  std::nth_element(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(k), d.end());
  return d[k];
}

}  // namespace footfall

#include "footfall/analysis/analysis.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/world/shapes.hpp"

namespace footfall {
namespace {

constexpr double kJump = 3.0;  // metres between frames: a re-entry elsewhere, not a step

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
  // Areas and heat maps, frame by frame from every pedestrian's Voronoi cell (the Voronoi heat map
  // needs them all, not only those near an area).
  const AreaMeter meter(spec.areas, o.voronoi.cutoff);
  // The heat maps cover where people walked (their cells reach the cutoff beyond), within the
  // Voronoi box: that box defaults to ±1 km, a 16-million-cell grid at 0.5 m.
  VoronoiFrame walked = o.voronoi;
  Aabb seen;
  for (const TrajectoryFrame& f : t.frames)
    for (const Vec2& p : f.position) seen.add(p);
  if (seen.lo.x() <= seen.hi.x()) {
    // On the same grid as the whole box's, so a place keeps its cell.
    const Aabb reach = seen.inflated(o.voronoi.cutoff + o.heat_cell);
    const Vec2 skip = ((reach.lo - o.voronoi.lo) / o.heat_cell).array().floor().max(0.0).matrix();
    walked.lo = o.voronoi.lo + skip * o.heat_cell;
    walked.hi = reach.hi.cwiseMin(o.voronoi.hi);
    if (walked.lo.x() >= walked.hi.x() || walked.lo.y() >= walked.hi.y()) walked = o.voronoi;
  }
  HeatMapBuilder heat(walked, o.heat_cell, o.solid);
  std::vector<AreaSums> bin(spec.areas.size()), total(spec.areas.size());
  std::vector<std::int64_t> bin_index(spec.areas.size(), -1);
  for (std::size_t k = 0; k < spec.areas.size(); ++k) out.areas.push_back({spec.areas[k].name, meter.area(k), {}, {}});
  const auto flush = [&](std::size_t k) {
    if (bin[k].frames()) out.areas[k].series.push_back(bin[k].mean(spec.areas[k].after + bin_index[k] * o.interval));
    bin[k] = {};
  };
  std::vector<double> speeds;
  for (const TrajectoryFrame& f : t.frames) {
    speeds.resize(f.position.size());
    for (std::size_t k = 0; k < f.position.size(); ++k) speeds[k] = f.velocity.empty() ? 0.0 : f.velocity[k].norm();
    const std::vector<Polygon> cells = voronoi_cells(f.position, o.voronoi);
    heat.add(f.position, speeds, cells);
    for (std::size_t k = 0; k < spec.areas.size(); ++k) {
      const MeasurementArea& a = spec.areas[k];
      if (f.time < a.after - 1e-9) continue;
      const AreaFrame measured = meter.measure(k, f.position, speeds, cells);
      const auto b = static_cast<std::int64_t>(std::floor((f.time - a.after) / o.interval + 1e-9));
      if (b != bin_index[k]) {
        if (bin_index[k] >= 0) flush(k);
        bin_index[k] = b;
      }
      bin[k].add(measured);
      total[k].add(measured);
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
  out.heat = heat.finish();
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

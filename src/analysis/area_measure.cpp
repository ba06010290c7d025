#include "footfall/analysis/area_measure.hpp"

#include "footfall/analysis/measurement.hpp"
#include "footfall/world/shapes.hpp"

namespace footfall {

void AreaSums::add(const AreaFrame& f) {
  ++frames_;
  classic_density_ += f.classic_density;
  if (f.inside) {
    classic_speed_ += f.speed_sum / static_cast<double>(f.inside);
    ++speed_frames_;
  }
  classic_flow_ += f.inside ? f.classic_density * f.speed_sum / static_cast<double>(f.inside) : 0.0;
  voronoi_density_ += f.voronoi.density;
  if (f.voronoi.density > 0) {
    voronoi_speed_ += f.voronoi.speed;
    ++voronoi_speed_frames_;
  }
  flow_ += f.voronoi.density * f.voronoi.speed;
}

AreaSample AreaSums::mean(double time) const {
  AreaSample s;
  s.time = time;
  s.frames = frames_;
  if (frames_) {
    s.classic_density = classic_density_ / frames_;
    s.classic_flow = classic_flow_ / frames_;
    s.voronoi_density = voronoi_density_ / frames_;
    s.specific_flow = flow_ / frames_;
  }
  if (speed_frames_) s.classic_speed = classic_speed_ / speed_frames_;
  if (voronoi_speed_frames_) s.voronoi_speed = voronoi_speed_ / voronoi_speed_frames_;
  return s;
}

AreaMeter::AreaMeter(const std::vector<MeasurementArea>& areas, double cutoff) {
  for (const MeasurementArea& a : areas) {
    areas_.push_back(a.polygon);
    area_m2_.push_back(polygon_area(a.polygon));
    for (const Vec2& p : a.polygon) reach_.add(p);
  }
  reach_ = reach_.inflated(1.5 * cutoff);
}

void AreaMeter::mark_needed(std::span<const Vec2> at, std::vector<std::uint8_t>& wanted) const {
  wanted.resize(at.size());
  for (std::size_t k = 0; k < at.size(); ++k) {
    const Vec2& p = at[k];
    wanted[k] = p.x() >= reach_.lo.x() && p.y() >= reach_.lo.y() && p.x() <= reach_.hi.x() && p.y() <= reach_.hi.y();
  }
}

AreaFrame AreaMeter::measure(std::size_t k, std::span<const Vec2> at, std::span<const double> speeds,
                             std::span<const Polygon> cells) const {
  AreaFrame f;
  for (std::size_t i = 0; i < at.size(); ++i)
    if (polygon_contains(areas_[k], at[i])) ++f.inside, f.speed_sum += speeds[i];
  f.classic_density = static_cast<double>(f.inside) / area_m2_[k];
  f.voronoi = voronoi_measure(cells, speeds, areas_[k]);
  return f;
}

}  // namespace footfall

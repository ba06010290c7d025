#pragma once
// Measurement areas and lines over published frames, as pedestrian dynamics measures a crowd
// (reference/pedestrian-dynamics.md §8): the classic density and mean speed of an area (JPSreport
// Method C), its Voronoi density and speed (Method D, as `footfall analyze` measures them:
// area_measure.hpp) and the flow across a line (Method A, ⟨J⟩ = N / (t_N − t_1)). Reads snapshots
// only.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "footfall/agents/agents.hpp"
#include "footfall/analysis/area_measure.hpp"

namespace footfall {

struct MeasurementArea {
  std::string name;
  std::vector<Vec2> polygon;
  double after = 0;  // seconds: frames before this are the warm-up, not measured
};

struct MeasurementLine {
  std::string name;
  Vec2 a = Vec2::Zero(), b = Vec2::Zero();
  double after = 0;
};

struct MeasurementSpec {
  std::vector<MeasurementArea> areas;
  std::vector<MeasurementLine> lines;
  bool empty() const { return areas.empty() && lines.empty(); }
};

struct AreaResult {
  double density = 0;        // persons/m², mean over frames
  double speed = 0;          // m/s: mean over frames of the mean speed of those inside (empty frames skipped)
  double specific_flow = 0;  // persons/(m·s): mean over frames of density × speed
  std::uint64_t frames = 0;  // frames measured
  double area = 0;           // m²
  // Steffen & Seyfried's, means over frames as `footfall analyze` takes them (its summary's
  // voronoi_density, voronoi_speed and specific_flow), from the agents' step speeds.
  double voronoi_density = 0, voronoi_speed = 0, voronoi_specific_flow = 0;
  // Lane order (lane_order below) over frames with anyone to compare; 0 when nobody was.
  double lane_order = 0;
};

struct LineResult {
  std::uint64_t crossings = 0;  // agents' locations crossing the line, either way
  double first = 0, last = 0;   // times of the first and last crossing, seconds
  double flow = 0;              // persons/s, N / (t_N − t_1); 0 below two crossings
  double specific_flow = 0;     // flow per metre of line
  // The same over the middle 80 % of the crossings (from the 10 % to the 90 % quantile of their
  // times): the steady state, without a room's start-up and its last stragglers (Liao et al. 2016
  // compare bottlenecks on steady-state flow); 0 below ten crossings.
  double steady_flow = 0, steady_specific_flow = 0;
};

// Lane order of a bidirectional crowd, after Rex & Löwen's order parameter for laning (2007): each
// walker i compares those within `half_width` of its line along `axis` (a unit vector) and `reach`
// ahead or behind: φ_i = ((n_same − n_opposite) / (n_same + n_opposite))², walkers being on the
// same side when both face along `axis` or both against it. The mean of φ_i over those with anyone
// to compare: 1 when every line holds one direction (lanes), about 1/n when n neighbours face
// either way at random. Lanes are taken a layer wide: `half_width` 0.225 m is half the layer
// spacing Hoogendoorn & Daamen (2005) measured. NaN when nobody has a neighbour.
double lane_order(std::span<const Vec2> at, std::span<const std::int8_t> side, const Vec2& axis,
                  double half_width = 0.225, double reach = 2.0);

// An agent's speed in a snapshot: that of its current step (its plan), 0 between steps.
double snapshot_speed(const Snapshot& s, std::size_t agent);

class Measurements {
 public:
  // `voronoi`: the box cells are clipped to (voronoi_box.hpp), the cutoff, a periodic axis.
  explicit Measurements(MeasurementSpec spec, const VoronoiFrame& voronoi = {});
  // Every published frame, in order.
  void observe(const Snapshot& s);
  const MeasurementSpec& spec() const { return spec_; }
  std::vector<AreaResult> areas() const;
  std::vector<LineResult> lines() const;

 private:
  struct LaneSums {
    double lanes = 0;
    std::uint64_t frames = 0;
  };
  MeasurementSpec spec_;
  VoronoiFrame voronoi_;
  AreaMeter meter_;
  std::vector<AreaSums> area_sums_;
  std::vector<LaneSums> lane_sums_;
  std::vector<LineResult> line_counts_;
  std::vector<std::vector<double>> line_times_;  // each line's crossing times
  std::vector<Vec2> previous_;            // each agent's location in the frame before
  std::vector<std::uint8_t> was_active_;
  std::vector<Vec2> lane_axis_;           // each area's long side, along which its lanes run
  std::vector<Vec2> lane_at_;             // scratch: the walkers inside an area, and their sides
  std::vector<std::int8_t> lane_side_;
  std::vector<Vec2> at_;                  // scratch: the active agents, their speeds, the cells wanted
  std::vector<double> speeds_;
  std::vector<std::uint8_t> wanted_;
};

}  // namespace footfall

#pragma once
// Geometry that only steering behaviors read (docs/steering.md): paths for path following (S1
// "Path Following": a spine and a radius; the radius is the node's) and flow fields for flow-field
// following (S1 "Flow Field Following": "a floor with arrows painted on it").
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/core/math.hpp"

namespace footfall {

struct SteerPath {
  std::string name;
  std::vector<Vec2> points;  // the spine, a polyline of at least two points
};

// A field of velocities: a grid painted by a designer (bilinear between cell centres; nothing
// outside it) or one of a few analytic fields.
struct FlowField {
  enum class Kind : std::uint8_t { Grid, Uniform, Vortex, Source, Sink };
  std::string name;
  Kind kind = Kind::Uniform;
  Vec2 origin = Vec2::Zero();  // grid: the lower-left corner; vortex, source, sink: the centre
  double cell = 1.0;           // grid: cell size, metres
  int nx = 0, ny = 0;          // grid: cells; vectors row by row from the lower-left
  std::vector<Vec2> vectors;   // grid: one velocity per cell
  Vec2 velocity = Vec2::UnitX();  // uniform: the velocity everywhere
  double speed = 1.0;  // vortex (counter-clockwise; negative: clockwise), source, sink: m/s
};

}  // namespace footfall

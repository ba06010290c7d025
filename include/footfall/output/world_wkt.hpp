#pragma once
// The world's geometry as rows of WKT (metres, the ground plane), for outputs that carry it (the
// SQLite store's `geometry` table; docs/outputs.md).
#include <string>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall::output {

struct GeometryRow {
  std::string kind;    // region, obstacle, location, walkway
  std::string name;
  std::string type;    // a region's ground type, an obstacle's class, a walkway's kind
  int solid = -1;      // obstacles: 1 when nobody can walk through; -1: not an obstacle
  double radius = 0;   // cylinders, whose wkt is the centre point; 0: none
  std::string wkt;     // POLYGON, LINESTRING or POINT
};

// Regions (ground polygons), obstacles (boxes as polygons, cylinders as centre points with their
// radius, segments as lines), named locations and walkway edges, in that order.
std::vector<GeometryRow> world_geometry(const World& world);

}  // namespace footfall::output

#include "footfall/output/world_wkt.hpp"

#include <cmath>
#include <cstdio>
#include <variant>

namespace footfall::output {
namespace {

// Every bit of a coordinate: WKT read back gives the world's own numbers.
std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string point(const Vec2& p) { return number(p.x()) + " " + number(p.y()); }

std::string polygon_wkt(const std::vector<Vec2>& ring) {
  std::string s = "POLYGON ((";
  for (const Vec2& p : ring) s += point(p) + ", ";
  return s + point(ring.front()) + "))";
}

std::string shape_wkt(const Shape& shape, double& radius) {
  if (const auto* b = std::get_if<Box>(&shape)) {
    const Vec2 u(std::cos(b->rotation), std::sin(b->rotation)), v(-u.y(), u.x());
    const Vec2 hx = b->half.x() * u, hy = b->half.y() * v;
    return polygon_wkt({b->center - hx - hy, b->center + hx - hy, b->center + hx + hy, b->center - hx + hy});
  }
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    radius = c->radius;
    return "POINT (" + point(c->center) + ")";
  }
  const auto& g = std::get<Segment>(shape);
  return "LINESTRING (" + point(g.a) + ", " + point(g.b) + ")";
}

}  // namespace

std::vector<GeometryRow> world_geometry(const World& w) {
  std::vector<GeometryRow> rows;
  for (const GroundRegion& r : w.regions)
    if (r.polygon.size() >= 3) rows.push_back({"region", r.name, w.ground_types[r.type].name, -1, 0, polygon_wkt(r.polygon)});
  for (const Obstacle& o : w.obstacles) {
    double radius = 0;
    std::string wkt = shape_wkt(o.shape, radius);
    const bool named = o.cls >= 0 && o.cls < static_cast<int>(w.classes.size());
    rows.push_back({"obstacle", o.name, named ? w.classes[o.cls] : "", o.solid ? 1 : 0, radius, std::move(wkt)});
  }
  for (const Location& l : w.locations) rows.push_back({"location", l.name, "", -1, 0, "POINT (" + point(l.position) + ")"});
  for (const WalkEdge& e : w.walkways.edges)
    rows.push_back({"walkway", w.locations[e.a].name + " - " + w.locations[e.b].name,
                    e.crosswalk >= 0 ? "crosswalk" : "sidewalk", -1, 0,
                    "LINESTRING (" + point(w.locations[e.a].position) + ", " + point(w.locations[e.b].position) + ")"});
  return rows;
}

}  // namespace footfall::output

#include "footfall/render/markers.hpp"

#include "footfall/behavior/walk.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall::render {
namespace {

constexpr float kLift = 0.06f;  // above the ground marks, below the figures' feet
constexpr std::size_t kNamedLocations = 64;
constexpr std::size_t kGoalAgents = 5000;  // a city's crowd would hide the map under dots
const Eigen::Vector4f kLocationColour(0.1f, 0.85f, 0.95f, 1.0f);
const Eigen::Vector4f kLineColour(0.9f, 0.1f, 0.1f, 1.0f);

Eigen::Vector3f at(const Vec2& p, float z = kLift) { return {float(p.x()), float(p.y()), z}; }

void line(OverlayGeometry& g, const Vec2& a, const Vec2& b, const Eigen::Vector4f& c) {
  g.line_points.push_back(at(a));
  g.line_points.push_back(at(b));
  g.line_colours.push_back(c);
  g.line_colours.push_back(c);
}

}  // namespace

void build_markers(const Simulation& sim, const MeasurementSpec& m, OverlayGeometry& g) {
  for (const MeasurementArea& area : m.areas) {
    const auto& p = area.polygon;
    for (std::size_t i = 0; i < p.size(); ++i) line(g, p[i], p[(i + 1) % p.size()], kAreaColour);
    // A second outline 0.1 m inside: the area reads as a band, not a hairline, from afar.
    Vec2 c = Vec2::Zero();
    for (const Vec2& v : p) c += v;
    c /= static_cast<double>(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
      const Vec2 a = p[i] + 0.1 * (c - p[i]).normalized(), b = p[(i + 1) % p.size()] + 0.1 * (c - p[(i + 1) % p.size()]).normalized();
      line(g, a, b, kAreaColour);
    }
    g.labels.push_back({at(c, 0.3f), area.name});
  }
  for (const MeasurementLine& l : m.lines) {
    line(g, l.a, l.b, kLineColour);
    g.labels.push_back({at(0.5 * (l.a + l.b), 0.3f), l.name});
  }
  const World& w = sim.world();
  for (std::size_t i = 0; i < w.locations.size(); ++i) {
    const Vec2 p = w.locations[i].position;
    line(g, p - Vec2(0.4, 0), p + Vec2(0.4, 0), kLocationColour);
    line(g, p - Vec2(0, 0.4), p + Vec2(0, 0.4), kLocationColour);
    if (i < kNamedLocations) g.labels.push_back({at(p, 0.5f), w.locations[i].name});
  }
  const Agents& ag = sim.agents();
  const Snapshot& s = sim.snapshot();
  std::size_t shown = 0;
  for (std::size_t a = 0; a < ag.size() && a < s.agents && shown < kGoalAgents; ++a) {
    if (!s.active[a]) continue;
    ++shown;
    for_each_bound_goal(sim.nets()[ag.net[a]], ag.params_of(a), [&](const Vec2& goal, double) {
      g.dots.push_back(at(goal, 0.1f));
      g.dot_colours.push_back(kGoalColour);
    });
  }
}

}  // namespace footfall::render

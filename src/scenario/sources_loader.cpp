#include "sources_loader.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "footfall/world/world.hpp"

namespace footfall {
namespace {

constexpr double kMaxArrivals = 1e6;  // per source: their times are drawn when the run starts

// Whether a walker of radius r fits anywhere in the region: a grid of points over it, each clear
// of every solid obstacle by r.
bool region_has_room(const World& world, const SourceRegion& region, double r) {
  const int nu = 48, nv = region.line ? 1 : 48;
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      const Vec2 p = region.point((i + 0.5) / nu, (j + 0.5) / nv);
      bool clear = true;
      world.for_each_obstacle_near(Aabb{p, p}.inflated(r), [&](std::uint32_t o) {
        if (world.obstacles[o].solid && distance_to(world.obstacles[o].shape, p) < r) clear = false;
      });
      if (clear) return true;
    }
  return false;
}

SourceRegion region(const yaml::Reader& r, const YAML::Node& s) {
  if (s["box"] && s["line"]) r.fail(s, "a source emits in a 'box' or along a 'line', not both");
  if (!s["box"] && !s["line"]) r.fail(s, "a source needs a region: 'box: [[x0, y0], [x1, y1]]' or 'line: [[x0, y0], [x1, y1]]'");
  SourceRegion g;
  g.line = static_cast<bool>(s["line"]);
  const YAML::Node n = g.line ? s["line"] : s["box"];
  const char* what = g.line ? "a source's line" : "a source's box";
  if (!n.IsSequence() || n.size() != 2) r.fail(n, std::string(what) + " is [[x0, y0], [x1, y1]]");
  g.lo = r.vec2(n[0], "corner");
  g.hi = r.vec2(n[1], "corner");
  if (g.line && (g.hi - g.lo).norm() < 1e-3) r.fail(n, "a source's line must be longer than 1 mm");
  if (!g.line && !(g.hi.x() > g.lo.x() && g.hi.y() > g.lo.y()))
    r.fail(n, "a box's second corner lies above and right of its first");
  return g;
}

// `speed: 1.3` (fixed) or `{mean, sd, min, max}`: N(mean, sd) clamped to [min, max].
SpeedDraw speed(const yaml::Reader& r, const YAML::Node& n) {
  SpeedDraw s;
  if (n.IsScalar()) {
    s.mean = s.min = s.max = r.number(n, "speed", 0.1, 3.0);
    return s;
  }
  r.expect_map(n, "speed", {"mean", "sd", "min", "max"});
  if (!n["mean"]) r.fail(n, "a speed distribution needs 'mean' (m/s); add 'sd', 'min' and 'max' to spread it");
  s.mean = r.number(n["mean"], "speed mean", 0.1, 3.0);
  s.sd = n["sd"] ? r.number(n["sd"], "speed sd", 0, 3.0) : 0.0;
  s.min = n["min"] ? r.number(n["min"], "speed min", 0.1, 3.0) : std::max(0.1, s.mean - 3 * s.sd);
  s.max = n["max"] ? r.number(n["max"], "speed max", 0.1, 3.0) : std::min(3.0, s.mean + 3 * s.sd);
  if (!(s.min <= s.mean && s.mean <= s.max)) r.fail(n, "a speed distribution needs min <= mean <= max");
  return s;
}

}  // namespace

std::vector<SourceSpec> sources_spec(const yaml::Reader& r, const YAML::Node& n, const World& world,
                                     const SourceHooks& hooks) {
  r.expect_seq(n, "sources");
  std::vector<SourceSpec> out;
  std::set<std::string> names;
  for (const auto& s : n) {
    r.expect_map(s, "a source",
                 {"name", "behavior", "box", "line", "flow", "start", "end", "count", "arrivals", "set",
                  "attributes", "radius", "depth", "height", "speed", "heading", "walking", "leave_within",
                  "clearance", "capacity"});
    for (const char* key : {"name", "behavior", "flow"})
      if (!s[key]) r.fail(s, std::string("a source needs '") + key + "'");
    SourceSpec spec;
    spec.name = r.string(s["name"], "source name");
    if (spec.name.find('.') != std::string::npos) r.fail(s["name"], "source names cannot contain '.'");
    if (!names.insert(spec.name).second) r.fail(s["name"], "source '" + spec.name + "' is defined twice");
    spec.behavior = static_cast<std::uint32_t>(hooks.behavior(s["behavior"]));
    spec.region = region(r, s);

    // When: a flow from `start`, until `end` or for `count` walkers.
    spec.flow = r.number(s["flow"], "flow", -1e9, 1e9);
    if (spec.flow <= 0)
      r.fail(s["flow"], "a source's flow must be positive (persons per second), found " + s["flow"].Scalar());
    if (spec.flow > 1000) r.fail(s["flow"], "a source's flow is at most 1000 persons per second");
    if (s["start"]) spec.start = r.number(s["start"], "start", 0, 1e7);
    if (s["end"] && s["count"]) r.fail(s, "a source ends at 'end' (seconds) or after 'count' walkers, not both");
    if (!s["end"] && !s["count"]) r.fail(s, "a source needs 'end' (seconds) or 'count' (walkers)");
    if (s["end"]) {
      spec.end = r.number(s["end"], "end", 0, 1e7);
      if (spec.end <= spec.start) r.fail(s["end"], "a source's end must come after its start");
      if (spec.flow * (spec.end - spec.start) > kMaxArrivals)
        r.fail(s["end"], "a source emits at most 1,000,000 walkers (flow x (end - start))");
    } else {
      spec.count = static_cast<std::uint64_t>(r.integer(s["count"], "count", 1, static_cast<long>(kMaxArrivals)));
    }
    if (s["arrivals"]) {
      const std::string a = r.string(s["arrivals"], "arrivals");
      if (a != "poisson" && a != "regular")
        r.fail(s["arrivals"], "arrivals are 'poisson' (random, the default) or 'regular' (every 1/flow s)");
      spec.regular = a == "regular";
    }

    // Who: the behavior with its settings, sizes and speeds.
    spec.params = hooks.params(static_cast<int>(spec.behavior), s["set"]);
    spec.model = hooks.model(static_cast<int>(spec.behavior), s["attributes"], spec.params);
    // A size: a number or [min, max] within [0.05, 2] metres.
    const auto size_range = [&](const char* key, double& lo, double& hi) {
      const YAML::Node n = s[key];
      if (!n) return;
      if (n.IsSequence()) {
        const Vec2 v = r.vec2(n, key);
        if (v.x() < 0.05 || v.y() > 2.0 || v.x() > v.y())
          r.fail(n, std::string(key) + " must be a number or [min, max] within [0.05, 2]");
        lo = v.x();
        hi = v.y();
      } else {
        lo = hi = r.number(n, key, 0.05, 2.0);
      }
    };
    size_range("radius", spec.radius_min, spec.radius_max);
    size_range("depth", spec.depth_min, spec.depth_max);
    if (s["depth"] && (spec.depth_min > spec.radius_min || spec.depth_max > spec.radius_max))
      r.fail(s["depth"], "depth (half the chest depth) must not exceed radius (half the shoulder breadth), at either end of the range");
    if (const YAML::Node h = s["height"]) {
      const Vec2 v = r.vec2(h, "height");
      if (v.x() < 0.5 || v.y() > 2.5 || v.x() > v.y()) r.fail(h, "height must be [min, max] within [0.5, 2.5]");
      spec.height_min = v.x();
      spec.height_max = v.y();
    }
    if (s["speed"]) spec.speed = speed(r, s["speed"]);
    if (s["heading"]) {
      spec.heading_given = true;
      spec.heading = wrap_angle(r.number(s["heading"], "heading", -2 * kPi, 2 * kPi));
    }
    if (s["walking"]) spec.walking = r.boolean(s["walking"], "walking");
    if (s["leave_within"]) spec.leave_within = r.number(s["leave_within"], "leave_within", 0.01, 100);
    if (s["clearance"]) spec.clearance = r.number(s["clearance"], "clearance", 0, 10);
    if (s["capacity"]) spec.capacity = static_cast<std::uint32_t>(r.integer(s["capacity"], "capacity", 1, 1000000));

    if (!region_has_room(world, spec.region, spec.radius_max))
      r.fail(s["box"] ? s["box"] : s["line"],
             "source '" + spec.name + "' has no room to emit: its region lies inside solid obstacles "
             "(no place in it is " + std::to_string(spec.radius_max).substr(0, 4) + " m clear of them)");
    out.push_back(std::move(spec));
  }
  return out;
}

void check_source_names(const yaml::Reader& r, const std::vector<SourceSpec>& sources,
                        const std::vector<std::string>& agent_names, const YAML::Node& at) {
  for (const SourceSpec& s : sources)
    for (const std::string& name : agent_names) {
      const std::string prefix = s.name + "_";
      if (name.size() > prefix.size() && name.rfind(prefix, 0) == 0 &&
          name.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
        r.fail(at, "agent name '" + name + "' is reserved: source '" + s.name + "' names its walkers " +
                       prefix + "<n>");
    }
}

}  // namespace footfall

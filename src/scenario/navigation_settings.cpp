#include "navigation_settings.hpp"

namespace footfall {

CrowdCost navigation_settings(const yaml::Reader& r, const YAML::Node& n) {
  r.expect_map(n, "navigation", {"crowd"});
  CrowdCost c;
  if (const auto crowd = n["crowd"]) {
    r.expect_map(crowd, "crowd", {"against", "density", "slow", "radius", "every"});
    if (crowd["against"]) c.against = r.number(crowd["against"], "against", 0, 1e3);
    if (crowd["density"]) c.density = r.number(crowd["density"], "density", 0, 1e3);
    if (crowd["slow"]) c.slow = r.number(crowd["slow"], "slow", 0, 1e3);
    if (crowd["radius"]) c.radius = r.number(crowd["radius"], "radius", 0.2, 10);
    if (crowd["every"]) c.every = r.number(crowd["every"], "every", 0.1, 1e3);
  }
  return c;
}

}  // namespace footfall

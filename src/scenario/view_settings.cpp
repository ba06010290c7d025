#include "view_settings.hpp"

namespace footfall {

ViewSettings view_settings(const yaml::Reader& r, const YAML::Node& n) {
  r.expect_map(n, "view", {"lod_distances", "camera", "clothing"});
  ViewSettings v;
  if (const auto lod = n["lod_distances"]) {
    const Vec2 d = r.vec2(lod, "lod_distances");
    if (!(d.x() > 0 && d.y() > d.x())) r.fail(lod, "lod_distances must be [near, far] with 0 < near < far");
    v.lod_distances = d;
  }
  if (const auto cam = n["camera"]) {
    r.expect_map(cam, "camera", {"eye", "look_at"});
    for (const char* key : {"eye", "look_at"})
      if (!cam[key]) r.fail(cam, std::string("camera needs '") + key + "'");
    constexpr double kWorld = 1e7;
    v.eye = r.triple(cam["eye"], "camera eye", -kWorld, kWorld);
    v.look_at = r.triple(cam["look_at"], "camera look_at", -kWorld, kWorld);
    if ((*v.eye - *v.look_at).norm() < 1e-3) r.fail(cam, "the camera's eye and look_at coincide");
  }
  if (const auto clothing = n["clothing"]) {
    r.expect_seq(clothing, "clothing");
    if (clothing.size() == 0) r.fail(clothing, "clothing needs at least one colour");
    for (const auto& c : clothing) v.clothing.push_back(r.triple(c, "clothing colour", 0, 1).cast<float>());
  }
  return v;
}

}  // namespace footfall

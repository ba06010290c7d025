#pragma once
// Where the viewer's cameras start: the default view frames the scenario's walkable area, and the
// top-down view is an orthographic map of it (docs/rendering.md). GL-free, so tests compute where
// a world point lands in an image.
#include <Eigen/Core>
#include <span>

#include "footfall/world/world.hpp"

namespace footfall::render {

// The area people walk in: the world's regions and obstacles, its locations and the agents'
// starting points (a world of agents alone is framed by them).
Aabb walkable_area(const World& world, std::span<const Vec2> agents);

// A camera from the south-south-west, 45° down, at the distance where the area's bounding circle
// fills the narrower of the image's fields of view (vertical `fov_y` degrees, `aspect` = w / h).
struct Framing {
  Eigen::Vector3d eye, look_at;
};
Framing framing_camera(const Aabb& area, double aspect, double fov_y);

// The top-down orthographic view: `half` the extent shown each way around `centre` (x east,
// y north, up on the image), the area with a 5 % margin at the image's aspect.
struct TopDown {
  Vec2 centre = Vec2::Zero();
  Vec2 half = Vec2(10, 10);
  double height = 500;  // metres: the eye above the ground
};
TopDown top_down_view(const Aabb& area, double aspect);
// Where a ground point lands in a top-down image, x right and y up from the bottom-left corner.
Vec2 top_down_pixel(const TopDown& view, const Vec2& p, int width, int height);

}  // namespace footfall::render

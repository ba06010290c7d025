#include "footfall/render/world_scene.hpp"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <osg/ShapeDrawable>

namespace footfall::render {
namespace {

osg::Vec4 ground_colour(const GroundType& t) {
  if (t.name == "street") return {0.25f, 0.25f, 0.27f, 1};
  if (t.name == "crosswalk") return {0.85f, 0.85f, 0.8f, 1};
  if (t.name == "grass") return {0.3f, 0.55f, 0.25f, 1};
  if (t.name == "water") return {0.2f, 0.35f, 0.7f, 1};
  const float g = 0.5f + 0.3f * static_cast<float>(t.navigability);
  return {g, g, g * 0.97f, 1};
}

}  // namespace

osg::ref_ptr<osg::Node> build_world_scene(const World& world) {
  auto root = osg::ref_ptr<osg::Group>(new osg::Group);
  auto ground = osg::ref_ptr<osg::Geode>(new osg::Geode);
  for (std::size_t i = 0; i < world.regions.size(); ++i) {
    const GroundRegion& r = world.regions[i];
    auto geom = osg::ref_ptr<osg::Geometry>(new osg::Geometry);
    auto verts = osg::ref_ptr<osg::Vec3Array>(new osg::Vec3Array);
    // Later regions lie on top: lift each a little to avoid z-fighting.
    const float z = 0.001f * static_cast<float>(i);
    for (const Vec2& p : r.polygon) verts->push_back({float(p.x()), float(p.y()), z});
    geom->setVertexArray(verts);
    auto colours = osg::ref_ptr<osg::Vec4Array>(new osg::Vec4Array);
    colours->push_back(ground_colour(world.ground_types[r.type]));
    geom->setColorArray(colours, osg::Array::BIND_OVERALL);
    geom->addPrimitiveSet(new osg::DrawArrays(GL_POLYGON, 0, static_cast<int>(verts->size())));
    ground->addDrawable(geom);
  }
  root->addChild(ground);
  auto solids = osg::ref_ptr<osg::Geode>(new osg::Geode);
  for (const Obstacle& o : world.obstacles) {
    if (const auto* b = std::get_if<Box>(&o.shape)) {
      osg::ref_ptr<osg::Box> box(new osg::Box(osg::Vec3(b->center.x(), b->center.y(), 3.0f),
                                              2 * b->half.x(), 2 * b->half.y(), 6.0f));
      box->setRotation(osg::Quat(b->rotation, osg::Vec3(0, 0, 1)));
      solids->addDrawable(new osg::ShapeDrawable(box));
    } else if (const auto* c = std::get_if<Cylinder>(&o.shape)) {
      solids->addDrawable(new osg::ShapeDrawable(
          new osg::Cylinder(osg::Vec3(c->center.x(), c->center.y(), 1.5f), c->radius, 3.0f)));
    }
  }
  root->addChild(solids);
  return root;
}

}  // namespace footfall::render

#pragma once
// Accumulates triangles with normals, colours and texture coordinates into one osg::Geometry, so
// that a whole class of static scenery (every pole, every wall) is one drawable and one draw call.
#include <osg/Geometry>

namespace footfall::render {

class MeshBuilder {
 public:
  MeshBuilder();

  void set_colour(const osg::Vec4& c) { colour_ = c; }
  // A planar quad a b c d (counter-clockwise seen from the side `normal` points to).
  void quad(const osg::Vec3& a, const osg::Vec3& b, const osg::Vec3& c, const osg::Vec3& d,
            const osg::Vec3& normal, const osg::Vec2& uv0 = {0, 0}, const osg::Vec2& uv1 = {1, 1});
  void triangle(const osg::Vec3& a, const osg::Vec3& b, const osg::Vec3& c, const osg::Vec3& normal);
  // An upright box: centre of its base, half extents, rotation about z.
  void box(const osg::Vec3& base, float half_x, float half_y, float height, float rotation = 0);
  // An upright cylinder from base to base + height·z (sides only, plus a top cap).
  void cylinder(const osg::Vec3& base, float radius, float height, int sides = 10);
  // A cylinder between two points (a lamp arm).
  void rod(const osg::Vec3& a, const osg::Vec3& b, float radius, int sides = 6);
  // A flat disc facing `normal` (a lamp).
  void disc(const osg::Vec3& centre, const osg::Vec3& normal, float radius, int sides = 12);

  bool empty() const { return positions_->empty(); }
  osg::ref_ptr<osg::Geometry> build(bool textured = false) const;
  // The colours array of the built geometry, for drawables recoloured each frame (lamps).
  osg::Vec4Array* colours() const { return colours_.get(); }
  std::size_t vertex_count() const { return positions_->size(); }

 private:
  void vertex(const osg::Vec3& p, const osg::Vec3& n, const osg::Vec2& uv);
  osg::ref_ptr<osg::Vec3Array> positions_, normals_;
  osg::ref_ptr<osg::Vec4Array> colours_;
  osg::ref_ptr<osg::Vec2Array> uvs_;
  osg::Vec4 colour_{1, 1, 1, 1};
};

}  // namespace footfall::render

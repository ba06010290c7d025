#include "mesh_builder.hpp"

#include <cmath>

namespace footfall::render {
namespace {

// Two unit vectors spanning the plane normal to n.
void basis(const osg::Vec3& n, osg::Vec3& u, osg::Vec3& v) {
  u = std::abs(n.z()) < 0.9f ? n ^ osg::Vec3(0, 0, 1) : n ^ osg::Vec3(1, 0, 0);
  u.normalize();
  v = n ^ u;
  v.normalize();
}

}  // namespace

MeshBuilder::MeshBuilder()
    : positions_(new osg::Vec3Array), normals_(new osg::Vec3Array), colours_(new osg::Vec4Array),
      uvs_(new osg::Vec2Array) {}

void MeshBuilder::vertex(const osg::Vec3& p, const osg::Vec3& n, const osg::Vec2& uv) {
  positions_->push_back(p);
  normals_->push_back(n);
  colours_->push_back(colour_);
  uvs_->push_back(uv);
}

void MeshBuilder::quad(const osg::Vec3& a, const osg::Vec3& b, const osg::Vec3& c, const osg::Vec3& d,
                       const osg::Vec3& n, const osg::Vec2& uv0, const osg::Vec2& uv1) {
  const osg::Vec2 ua = uv0, ub(uv1.x(), uv0.y()), uc = uv1, ud(uv0.x(), uv1.y());
  vertex(a, n, ua), vertex(b, n, ub), vertex(c, n, uc);
  vertex(a, n, ua), vertex(c, n, uc), vertex(d, n, ud);
}

void MeshBuilder::triangle(const osg::Vec3& a, const osg::Vec3& b, const osg::Vec3& c, const osg::Vec3& n) {
  vertex(a, n, {0, 0}), vertex(b, n, {1, 0}), vertex(c, n, {0, 1});
}

void MeshBuilder::box(const osg::Vec3& base, float hx, float hy, float height, float rotation) {
  const osg::Vec3 ex(std::cos(rotation), std::sin(rotation), 0), ey(-std::sin(rotation), std::cos(rotation), 0);
  const osg::Vec3 up(0, 0, height);
  const osg::Vec3 c[4] = {base - ex * hx - ey * hy, base + ex * hx - ey * hy, base + ex * hx + ey * hy,
                          base - ex * hx + ey * hy};
  const osg::Vec3 n[4] = {-ey, ex, ey, -ex};
  for (int k = 0; k < 4; ++k) quad(c[k], c[(k + 1) % 4], c[(k + 1) % 4] + up, c[k] + up, n[k]);
  quad(c[0] + up, c[1] + up, c[2] + up, c[3] + up, {0, 0, 1});
}

void MeshBuilder::cylinder(const osg::Vec3& base, float r, float height, int sides) {
  const osg::Vec3 up(0, 0, height);
  for (int k = 0; k < sides; ++k) {
    const float a0 = 2 * static_cast<float>(M_PI) * k / sides, a1 = 2 * static_cast<float>(M_PI) * (k + 1) / sides;
    const osg::Vec3 d0(std::cos(a0), std::sin(a0), 0), d1(std::cos(a1), std::sin(a1), 0);
    const osg::Vec3 p0 = base + d0 * r, p1 = base + d1 * r;
    vertex(p0, d0, {0, 0}), vertex(p1, d1, {1, 0}), vertex(p1 + up, d1, {1, 1});
    vertex(p0, d0, {0, 0}), vertex(p1 + up, d1, {1, 1}), vertex(p0 + up, d0, {0, 1});
    triangle(base + up, p0 + up, p1 + up, {0, 0, 1});
  }
}

void MeshBuilder::rod(const osg::Vec3& a, const osg::Vec3& b, float r, int sides) {
  osg::Vec3 axis = b - a;
  axis.normalize();
  osg::Vec3 u, v;
  basis(axis, u, v);
  for (int k = 0; k < sides; ++k) {
    const float a0 = 2 * static_cast<float>(M_PI) * k / sides, a1 = 2 * static_cast<float>(M_PI) * (k + 1) / sides;
    const osg::Vec3 d0 = u * std::cos(a0) + v * std::sin(a0), d1 = u * std::cos(a1) + v * std::sin(a1);
    vertex(a + d0 * r, d0, {0, 0}), vertex(a + d1 * r, d1, {1, 0}), vertex(b + d1 * r, d1, {1, 1});
    vertex(a + d0 * r, d0, {0, 0}), vertex(b + d1 * r, d1, {1, 1}), vertex(b + d0 * r, d0, {0, 1});
  }
}

void MeshBuilder::disc(const osg::Vec3& centre, const osg::Vec3& n, float r, int sides) {
  osg::Vec3 u, v;
  basis(n, u, v);
  for (int k = 0; k < sides; ++k) {
    const float a0 = 2 * static_cast<float>(M_PI) * k / sides, a1 = 2 * static_cast<float>(M_PI) * (k + 1) / sides;
    triangle(centre, centre + (u * std::cos(a0) + v * std::sin(a0)) * r,
             centre + (u * std::cos(a1) + v * std::sin(a1)) * r, n);
  }
}

osg::ref_ptr<osg::Geometry> MeshBuilder::build(bool textured) const {
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  g->setUseDisplayList(false);
  g->setUseVertexBufferObjects(true);
  g->setVertexArray(positions_);
  g->setNormalArray(normals_, osg::Array::BIND_PER_VERTEX);
  g->setColorArray(colours_, osg::Array::BIND_PER_VERTEX);
  if (textured) g->setTexCoordArray(0, uvs_);
  g->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(positions_->size())));
  return g;
}

}  // namespace footfall::render

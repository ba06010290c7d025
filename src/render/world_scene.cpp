#include "footfall/render/world_scene.hpp"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/PolygonOffset>
#include <osg/Texture2D>
#include <osgUtil/Tessellator>

#include <cmath>
#include <string_view>

#include "footfall/core/hash.hpp"
#include "footfall/render/ground_marks.hpp"
#include "mesh_builder.hpp"

namespace footfall::render {
namespace {

constexpr float kStorey = 3.5f, kBay = 3.0f;

osg::Vec3 at(const Vec2& p, double z = 0) { return {float(p.x()), float(p.y()), float(z)}; }

osg::Vec4 ground_colour(const GroundType& t) {
  if (t.jaywalk || t.name == "street" || t.name == "crosswalk") return {0.23f, 0.23f, 0.25f, 1};  // asphalt
  if (t.name == "sidewalk") return {0.63f, 0.61f, 0.57f, 1};
  if (t.name == "grass") return {0.30f, 0.50f, 0.22f, 1};
  if (t.name == "water") return {0.18f, 0.33f, 0.55f, 1};
  const float g = 0.45f + 0.25f * static_cast<float>(t.navigability);
  return {g, g, g * 0.95f, 1};
}

std::uint64_t name_hash(std::string_view s) {
  Fnv1a h;
  h.add(s);
  return h.value();
}

// Ground: grass around the world, the default ground over its bounds, then the regions in order
// (later ones on top), each a polygon tessellated by OSG (junctions are not convex).
osg::ref_ptr<osg::Geometry> ground(const World& w) {
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
  const auto polygon = [&](const std::vector<Vec2>& poly, const osg::Vec4& colour, float z) {
    const auto first = static_cast<GLint>(v->size());
    for (const Vec2& p : poly) v->push_back(at(p, z)), c->push_back(colour);
    g->addPrimitiveSet(new osg::DrawArrays(GL_POLYGON, first, static_cast<GLsizei>(poly.size())));
  };
  const Aabb b = w.bounds();
  const auto rect = [](const Vec2& lo, const Vec2& hi) {
    return std::vector<Vec2>{lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}};
  };
  GroundType grass{"grass"};
  polygon(rect(b.lo - Vec2(300, 300), b.hi + Vec2(300, 300)), ground_colour(grass), -0.02f);
  polygon(rect(b.lo, b.hi), ground_colour(w.ground_types[static_cast<std::size_t>(w.default_ground)]), -0.01f);
  for (std::size_t i = 0; i < w.regions.size(); ++i) {
    const GroundRegion& r = w.regions[i];
    // Later regions lie on top: a millimetre apart, with a polygon offset against z-fighting.
    polygon(r.polygon, ground_colour(w.ground_types[static_cast<std::size_t>(r.type)]),
            0.001f * static_cast<float>(i));
  }
  g->setVertexArray(v);
  g->setColorArray(c, osg::Array::BIND_PER_VERTEX);
  osg::ref_ptr<osg::Vec3Array> n = new osg::Vec3Array;
  n->push_back({0, 0, 1});
  g->setNormalArray(n, osg::Array::BIND_OVERALL);
  osgUtil::Tessellator tess;
  tess.setTessellationType(osgUtil::Tessellator::TESS_TYPE_POLYGONS);
  tess.setWindingType(osgUtil::Tessellator::TESS_WINDING_ODD);
  tess.retessellatePolygons(*g);
  g->setUseDisplayList(false);
  g->setUseVertexBufferObjects(true);
  return g;
}

osg::ref_ptr<osg::Geometry> paint(const World& w) {
  MeshBuilder m;
  const float z = 0.001f * static_cast<float>(w.regions.size()) + 0.004f;
  for (const Mark& mark : ground_marks(w)) {
    m.set_colour(mark.paint == Paint::CentreLine ? osg::Vec4(0.92f, 0.80f, 0.25f, 1) : osg::Vec4(0.93f, 0.93f, 0.90f, 1));
    m.quad(at(mark.corners[0], z), at(mark.corners[1], z), at(mark.corners[2], z), at(mark.corners[3], z), {0, 0, 1});
  }
  return m.build();
}

// One bay of facade: wall (white, tinted per building by the vertex colour) and a window.
osg::ref_ptr<osg::Texture2D> facade_texture() {
  constexpr int kSize = 32;
  osg::ref_ptr<osg::Image> img = new osg::Image;
  img->allocateImage(kSize, kSize, 1, GL_RGB, GL_UNSIGNED_BYTE);
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) {
      unsigned char* p = img->data(x, y);
      const bool glass = x >= 7 && x < 25 && y >= 9 && y < 27;
      const bool frame = !glass && x >= 6 && x < 26 && y >= 8 && y < 28;
      const unsigned char r = glass ? 70 : frame ? 200 : 255, g = glass ? 84 : frame ? 200 : 255,
                          b = glass ? 105 : frame ? 200 : 255;
      p[0] = r, p[1] = g, p[2] = b;
    }
  osg::ref_ptr<osg::Texture2D> t = new osg::Texture2D(img);
  t->setWrap(osg::Texture::WRAP_S, osg::Texture::REPEAT);
  t->setWrap(osg::Texture::WRAP_T, osg::Texture::REPEAT);
  t->setFilter(osg::Texture::MIN_FILTER, osg::Texture::LINEAR_MIPMAP_LINEAR);
  t->setFilter(osg::Texture::MAG_FILTER, osg::Texture::NEAREST);
  return t;
}

const osg::Vec4 kFacades[] = {{0.62f, 0.38f, 0.30f, 1}, {0.80f, 0.74f, 0.60f, 1}, {0.62f, 0.63f, 0.66f, 1},
                                  {0.86f, 0.82f, 0.72f, 1}, {0.70f, 0.50f, 0.38f, 1}};
const osg::Vec4 kRoof(0.40f, 0.34f, 0.32f, 1);

// Walls with windows (texture coordinates count bays and storeys) and the roof.
void building(MeshBuilder& walls, const Box& b, std::string_view name) {
  const std::uint64_t h = name_hash(name);
  const auto height = static_cast<float>(building_height(name));
  const float rot = static_cast<float>(b.rotation);
  const osg::Vec3 ex(std::cos(rot), std::sin(rot), 0), ey(-std::sin(rot), std::cos(rot), 0);
  const float hx = static_cast<float>(b.half.x()), hy = static_cast<float>(b.half.y());
  const osg::Vec3 base = at(b.center), up(0, 0, height);
  const osg::Vec3 c[4] = {base - ex * hx - ey * hy, base + ex * hx - ey * hy, base + ex * hx + ey * hy,
                          base - ex * hx + ey * hy};
  const osg::Vec3 n[4] = {-ey, ex, ey, -ex};
  walls.set_colour(kFacades[(h >> 8) % std::size(kFacades)]);
  for (int k = 0; k < 4; ++k) {
    const float length = (c[(k + 1) % 4] - c[k]).length();
    // Whole bays centred on the face.
    const float bays = std::max(1.0f, std::round(length / kBay));
    walls.quad(c[k], c[(k + 1) % 4], c[(k + 1) % 4] + up, c[k] + up, n[k], {0, 0}, {bays, height / kStorey});
  }
  walls.set_colour(kRoof);
  // The roof samples the texture's wall (white) only.
  walls.quad(c[0] + up, c[1] + up, c[2] + up, c[3] + up, {0, 0, 1}, {0.02f, 0.02f}, {0.02f, 0.02f});
}

// A door on the face of the building nearest to a door location (which lies in front of it).
void door(MeshBuilder& m, const World& w, const Location& l) {
  const Obstacle* best = nullptr;
  double best_d = 2.0;
  for (const Obstacle& o : w.obstacles)
    if (std::holds_alternative<Box>(o.shape) && w.classes[static_cast<std::size_t>(o.cls)] == "building") {
      const double d = distance_to(o.shape, l.position);
      if (d > 1e-6 && d < best_d) best_d = d, best = &o;
    }
  if (!best) return;
  const Vec2 on_face = closest_point(best->shape, l.position);
  const Vec2 normal = (l.position - on_face).normalized(), along(-normal.y(), normal.x());
  const Vec2 centre = on_face + normal * 0.04;
  const Vec2 a = centre - along * 0.8, b = centre + along * 0.8;
  m.set_colour({0.30f, 0.18f, 0.10f, 1});
  m.quad(at(a), at(b), at(b, 2.4), at(a, 2.4), at(normal));
  m.set_colour({0.85f, 0.85f, 0.80f, 1});  // the lintel
  m.quad(at(a - along * 0.1, 2.4), at(b + along * 0.1, 2.4), at(b + along * 0.1, 2.6), at(a - along * 0.1, 2.6),
         at(normal));
}

bool hosts_head(const SignalLayout& layout, const Vec2& p) {
  for (const SignalHead& h : layout.heads)
    if ((Vec2(h.position.x(), h.position.y()) - p).norm() < 0.6) return true;
  return false;
}

// Street lights lean their arm over the nearest street.
Vec2 toward_street(const World& w, const Vec2& p) {
  std::uint64_t streets = 0;
  for (std::size_t t = 0; t < w.ground_types.size() && t < 64; ++t)
    if (w.ground_types[t].jaywalk) streets |= std::uint64_t{1} << t;
  const auto q = w.nearest_ground(p, streets, 15.0);
  if (!q || (*q - p).norm() < 1e-6) return Vec2::UnitX();
  return (*q - p).normalized();
}

void pole(MeshBuilder& m, const World& w, const Obstacle& o, const Cylinder& c, const SignalLayout& layout) {
  const std::string& cls = w.classes[static_cast<std::size_t>(o.cls)];
  const float r = static_cast<float>(c.radius);
  if (hosts_head(layout, c.center)) {
    m.set_colour({0.20f, 0.22f, 0.20f, 1});
    m.cylinder(at(c.center), r, 4.4f);
  } else if (cls == "pole") {
    const Vec2 arm = toward_street(w, c.center);
    m.set_colour({0.35f, 0.36f, 0.38f, 1});
    m.cylinder(at(c.center), r, 7.0f);
    const osg::Vec3 top = at(c.center, 6.9), end = at(c.center + 1.6 * arm, 7.1);
    m.rod(top, end, 0.05f);
    m.set_colour({0.95f, 0.93f, 0.80f, 1});
    m.box(end - osg::Vec3(0, 0, 0.15f), 0.3f, 0.15f, 0.12f, static_cast<float>(heading_of(arm)));
  } else if (cls == "tree") {
    m.set_colour({0.35f, 0.25f, 0.15f, 1});
    m.cylinder(at(c.center), r, 2.6f);
    m.set_colour({0.22f, 0.42f, 0.18f, 1});
    m.cylinder(at(c.center, 2.2), std::max(1.2f, 6 * r), 2.6f, 8);
  } else {
    m.set_colour({0.40f, 0.40f, 0.42f, 1});
    m.cylinder(at(c.center), r, 1.0f);
  }
}

// Housing sizes: width, height; depth is the same for both kinds.
constexpr float kHeadDepth = 0.25f;

void housing(MeshBuilder& m, const SignalHead& h) {
  const Vec2 facing = unit_from_heading(h.facing);
  const float height = h.kind == HeadKind::Vehicle ? 1.05f : 0.62f;
  const Vec2 centre = Vec2(h.position.x(), h.position.y()) - facing * (0.5 * kHeadDepth);
  m.set_colour(h.kind == HeadKind::Vehicle ? osg::Vec4(0.12f, 0.12f, 0.10f, 1) : osg::Vec4(0.15f, 0.15f, 0.12f, 1));
  m.box(at(centre, h.position.z() - 0.5 * height), 0.5f * kHeadDepth, 0.18f, height, static_cast<float>(h.facing));
  // Bracket back to the pole.
  m.rod(at(centre, h.position.z()), at(centre - facing * 0.35, h.position.z()), 0.03f);
}

}  // namespace

double building_height(std::string_view name) { return kStorey * static_cast<double>(3 + name_hash(name) % 5); }

WorldScene::WorldScene(const World& w, LampColours colours)
    : root_(new osg::Group), layout_(signal_layout(w)), colours_(colours) {
  root_->setName("world");
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  root_->addChild(geode);

  osg::ref_ptr<osg::Geometry> ground_geom = ground(w);
  ground_geom->setName("ground");
  geode->addDrawable(ground_geom);
  osg::ref_ptr<osg::Geometry> marks = paint(w);
  marks->setName("paint");
  // Paint sits millimetres above the asphalt: pull it forward in depth so it never flickers.
  marks->getOrCreateStateSet()->setAttributeAndModes(new osg::PolygonOffset(-1.0f, -4.0f));
  geode->addDrawable(marks);

  MeshBuilder walls, details;
  for (const Obstacle& o : w.obstacles) {
    if (const auto* b = std::get_if<Box>(&o.shape)) {
      if (w.classes[static_cast<std::size_t>(o.cls)] == "building") {
        building(walls, *b, o.name);
      } else {
        details.set_colour({0.50f, 0.48f, 0.45f, 1});
        details.box(at(b->center), float(b->half.x()), float(b->half.y()), 1.0f, float(b->rotation));
      }
    } else if (const auto* c = std::get_if<Cylinder>(&o.shape)) {
      pole(details, w, o, *c, layout_);
    }
  }
  for (const Location& l : w.locations)
    if (l.name.find("door") != std::string::npos) door(details, w, l);
  for (const Vec2& p : layout_.new_poles) {
    details.set_colour({0.20f, 0.22f, 0.20f, 1});
    details.cylinder(at(p), 0.1f, 4.4f);
  }
  for (const SignalHead& h : layout_.heads) housing(details, h);
  if (!walls.empty()) {
    osg::ref_ptr<osg::Geometry> g = walls.build(true);
    g->setName("buildings");
    buildings_ = g;
    g->getOrCreateStateSet()->setTextureAttributeAndModes(0, facade_texture());
    geode->addDrawable(g);
  }
  if (!details.empty()) {
    osg::ref_ptr<osg::Geometry> g = details.build();
    g->setName("street furniture");
    geode->addDrawable(g);
  }

  // Lamps: unlit discs (vehicle) and panels (pedestrian) on the housings' faces.
  MeshBuilder lamps;
  for (std::size_t k = 0; k < layout_.heads.size(); ++k) {
    const SignalHead& h = layout_.heads[k];
    const Vec2 facing = unit_from_heading(h.facing), across(-facing.y(), facing.x());
    const Vec2 face = Vec2(h.position.x(), h.position.y()) + facing * 0.01;
    const osg::Vec3 n = at(facing);
    const int count = h.kind == HeadKind::Vehicle ? 3 : 2;
    for (int lamp = 0; lamp < count; ++lamp) {
      const std::size_t first = lamps.vertex_count();
      if (h.kind == HeadKind::Vehicle) {
        lamps.disc(at(face, h.position.z() + 0.32 * (1 - lamp)), n, 0.11f);
      } else {
        const double z = h.position.z() + (lamp == 0 ? 0.15 : -0.15);
        const Vec2 a = face - across * 0.13, b = face + across * 0.13;
        lamps.quad(at(a, z - 0.12), at(b, z - 0.12), at(b, z + 0.12), at(a, z + 0.12), n);
      }
      lamp_ranges_.push_back({k, static_cast<std::size_t>(lamp), first, lamps.vertex_count() - first});
    }
  }
  lit_.assign(lamp_ranges_.size(), 2);
  if (!lamps.empty()) {
    lamps_ = lamps.build();
    lamps_->setName("signal lamps");
    lamps_->setDataVariance(osg::Object::DYNAMIC);
    lamps_->getColorArray()->setDataVariance(osg::Object::DYNAMIC);
    lamps_->getOrCreateStateSet()->setMode(GL_LIGHTING, osg::StateAttribute::OFF | osg::StateAttribute::PROTECTED);
    geode->addDrawable(lamps_);
  }
}

void WorldScene::update_signals(const std::vector<patnet::SignalState>& signals, double time) {
  if (!lamps_) return;
  auto* colours = static_cast<osg::Vec4Array*>(lamps_->getColorArray());
  bool changed = false;
  for (std::size_t k = 0; k < lamp_ranges_.size(); ++k) {
    const LampRange& r = lamp_ranges_[k];
    const SignalHead& h = layout_.heads[r.head];
    const patnet::SignalState state = static_cast<std::size_t>(h.signal) < signals.size()
                                          ? signals[static_cast<std::size_t>(h.signal)] : patnet::SignalState{};
    const bool on = lamps_on(h.kind, state, time).lamp[r.lamp];
    if (lit_[k] == static_cast<std::uint8_t>(on)) continue;
    lit_[k] = on;
    changed = true;
    const osg::Vec4 full = h.kind == HeadKind::Vehicle
                               ? (r.lamp == 0 ? colours_.red : r.lamp == 1 ? colours_.yellow : colours_.green)
                               : (r.lamp == 0 ? colours_.dont_walk : colours_.walk);
    const osg::Vec4 c = on ? full : osg::Vec4(full.r() * 0.18f, full.g() * 0.18f, full.b() * 0.18f, 1);
    for (std::size_t v = r.first; v < r.first + r.count; ++v) (*colours)[v] = c;
  }
  if (changed) colours->dirty();
}

}  // namespace footfall::render

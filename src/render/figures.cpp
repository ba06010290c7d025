#include "footfall/render/figures.hpp"

#include <osg/Geode>
#include <osg/TextureBuffer>

#include <cstring>

#include "footfall/render/appearance.hpp"
#include "mesh_builder.hpp"

namespace footfall::render {
namespace {

constexpr unsigned kJointMaterialAttribute = 6;  // clear of OSG's aliased attributes 0–3

osg::ref_ptr<osg::Geometry> figure_geometry(const motion::Skeleton& skeleton,
                                            osg::DrawElementsUShort*& draw) {
  const motion::Mesh mesh = motion::build_mesh(skeleton);
  const std::vector<Material> materials = vertex_materials(skeleton, mesh);
  osg::ref_ptr<osg::Vec3Array> positions = new osg::Vec3Array, normals = new osg::Vec3Array;
  osg::ref_ptr<osg::Vec2Array> joint_material = new osg::Vec2Array;
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const auto& p = mesh.positions[v];
    const auto& n = mesh.normals[v];
    positions->push_back({p.x(), p.y(), p.z()});
    normals->push_back({n.x(), n.y(), n.z()});
    joint_material->push_back({static_cast<float>(mesh.joints[v]), static_cast<float>(materials[v])});
  }
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  g->setUseDisplayList(false);
  g->setUseVertexBufferObjects(true);
  g->setVertexArray(positions);
  g->setNormalArray(normals, osg::Array::BIND_PER_VERTEX);
  g->setVertexAttribArray(kJointMaterialAttribute, joint_material, osg::Array::BIND_PER_VERTEX);
  draw = new osg::DrawElementsUShort(GL_TRIANGLES);
  for (const std::uint32_t i : mesh.indices) draw->push_back(static_cast<GLushort>(i));
  g->addPrimitiveSet(draw);
  g->setDataVariance(osg::Object::DYNAMIC);
  return g;
}

}  // namespace

Figures::Figures(const motion::MotionLibrary& library, osg::ref_ptr<osg::Program> program,
                 const osg::BoundingBox& bounds)
    : root_(new osg::Group) {
  program->addBindAttribLocation("jointMaterial", kJointMaterialAttribute);
  root_->setName("figures");
  for (int lod = 0; lod < motion::kLodCount; ++lod) {
    const motion::Skeleton& skeleton = library.skeletons[static_cast<std::size_t>(lod)];
    Level& level = levels_[static_cast<std::size_t>(lod)];
    osg::DrawElementsUShort* draw = nullptr;
    level.geometry = figure_geometry(skeleton, draw);
    level.draw = draw;
    level.geometry->setName(std::string("figures_") + motion::lod_name(static_cast<motion::Lod>(lod)));
    // CULL has already culled: OSG sees the whole walkable area as the drawable's bound.
    level.geometry->setInitialBound(bounds);
    level.geometry->setCullingActive(false);
    level.geometry->setNodeMask(0);  // until it has instances: zero instances would draw one

    level.texels = new osg::Image;
    level.texels->allocateImage(static_cast<int>(instance_texels(skeleton.size())), 1, 1, GL_RGBA, GL_FLOAT);
    level.texels->setInternalTextureFormat(GL_RGBA32F_ARB);
    level.texels->setDataVariance(osg::Object::DYNAMIC);
    osg::ref_ptr<osg::TextureBuffer> tbo = new osg::TextureBuffer(level.texels.get());
    tbo->setInternalFormat(GL_RGBA32F_ARB);
    tbo->setDataVariance(osg::Object::DYNAMIC);

    osg::StateSet* ss = level.geometry->getOrCreateStateSet();
    ss->setAttributeAndModes(program.get());
    ss->setTextureAttribute(0, tbo.get());
    ss->addUniform(new osg::Uniform("bones", 0));
    ss->addUniform(new osg::Uniform("texelsPerInstance", static_cast<int>(instance_texels(skeleton.size()))));
    level.selected = new osg::Uniform("selectedInstance", -1);
    level.selected->setDataVariance(osg::Object::DYNAMIC);
    ss->addUniform(level.selected.get());
    ss->setDataVariance(osg::Object::DYNAMIC);
    root_->addChild(level.geometry);
  }
}

void Figures::update(const InstanceLists& lists) {
  for (std::size_t lod = 0; lod < levels_.size(); ++lod) {
    Level& level = levels_[lod];
    const InstanceList& list = lists.lods[lod];
    level.geometry->setNodeMask(list.size() ? ~0u : 0u);
    if (!list.size()) continue;
    const int texels = static_cast<int>(list.texels.size() / 4);
    // Grow the buffer by doubling; it keeps its size when the crowd shrinks.
    if (level.texels->s() < texels) {
      int s = level.texels->s();
      while (s < texels) s *= 2;
      level.texels->allocateImage(s, 1, 1, GL_RGBA, GL_FLOAT);
    }
    std::memcpy(level.texels->data(), list.texels.data(), list.texels.size() * sizeof(float));
    level.texels->dirty();
    level.draw->setNumInstances(static_cast<unsigned>(list.size()));
    level.selected->set(list.selected);
  }
}

VehicleBodies::VehicleBodies() : box_(new osg::Geode), root_(new osg::Group) {
  root_->setName("vehicles");
  MeshBuilder m;
  m.set_colour({0.85f, 0.45f, 0.12f, 1});  // a safety orange, apart from clothes and scenery
  m.box({0, 0, 0}, 0.5f, 0.5f, 1.0f);
  box_->addDrawable(m.build());
  box_->setName("vehicle_box");
  // Scaled transforms scale normals too: lighting needs them unit length again.
  root_->getOrCreateStateSet()->setMode(GL_NORMALIZE, osg::StateAttribute::ON);
}

void VehicleBodies::update(const std::vector<VehicleInstance>& vehicles) {
  while (root_->getNumChildren() < vehicles.size()) {
    osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform;
    t->addChild(box_.get());
    t->setDataVariance(osg::Object::DYNAMIC);
    root_->addChild(t);
  }
  for (unsigned k = 0; k < root_->getNumChildren(); ++k) {
    auto* t = static_cast<osg::MatrixTransform*>(root_->getChild(k));
    if (k >= vehicles.size()) {
      t->setNodeMask(0);
      continue;
    }
    const VehicleInstance& v = vehicles[k];
    t->setNodeMask(~0u);
    t->setMatrix(osg::Matrix::scale(v.length, v.width, kVehicleHeight) *
                 osg::Matrix::rotate(v.heading, osg::Vec3(0, 0, 1)) * osg::Matrix::translate(v.x, v.y, 0));
  }
  drawn_ = vehicles.size();
}

}  // namespace footfall::render

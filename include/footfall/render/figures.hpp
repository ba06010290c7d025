#pragma once
// DRAW's figures: one instanced draw per level of detail, whatever the number of agents. Each level
// has one mesh (motion/mesh.hpp) with a joint index and a material per vertex, and one texture
// buffer that CULL's instance list is copied into every frame (cull.hpp gives the layout);
// shaders/figure.vert places and colours each instance. Draw calls per frame: at most three.
#include <osg/BoundingBox>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <osg/Image>
#include <osg/MatrixTransform>
#include <osg/Program>
#include <osg/Uniform>
#include <array>

#include "footfall/motion/library.hpp"
#include "footfall/render/cull.hpp"

namespace footfall::render {

class Figures {
 public:
  // `bounds`: where figures can be, for OSG's near and far planes (it cannot see where the shader
  // puts vertices).
  Figures(const motion::MotionLibrary& library, osg::ref_ptr<osg::Program> program,
          const osg::BoundingBox& bounds);

  osg::Node* node() { return root_.get(); }
  // Copies the instance lists into the texture buffers; call between frames, on the GL thread.
  void update(const InstanceLists& lists);
  void set_visible(bool visible) { root_->setNodeMask(visible ? ~0u : 0u); }

 private:
  struct Level {
    osg::ref_ptr<osg::Geometry> geometry;
    osg::ref_ptr<osg::DrawElementsUShort> draw;
    osg::ref_ptr<osg::Image> texels;
    osg::ref_ptr<osg::Uniform> selected;
  };
  std::array<Level, motion::kLodCount> levels_;
  osg::ref_ptr<osg::Group> root_;
};

// DRAW's vehicles: one box geometry (a unit cube standing on the ground) shared by every vehicle,
// each an instance placed, scaled to its length × width × kVehicleHeight and turned to its heading
// by its own transform. Vehicles are few; walkers' figures are unchanged (Figures).
class VehicleBodies {
 public:
  VehicleBodies();
  osg::Node* node() { return root_.get(); }
  // The transforms follow CULL's vehicle instances; call between frames, on the GL thread.
  void update(const std::vector<VehicleInstance>& vehicles);
  void set_visible(bool visible) { root_->setNodeMask(visible ? ~0u : 0u); }
  std::size_t drawn() const { return drawn_; }

 private:
  osg::ref_ptr<osg::Geode> box_;
  osg::ref_ptr<osg::Group> root_;
  std::size_t drawn_ = 0;
};

}  // namespace footfall::render

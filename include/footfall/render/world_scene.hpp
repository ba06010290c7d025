#pragma once
// The static part of the scene, built from the world, plus its signal lamps, lit each frame from
// the light-nets. OSG's z-up convention: simulation (x, y) maps to OSG (x, y, 0).
//
// - Ground: regions by type (asphalt streets and crosswalks, paved sidewalks, grass, water), the
//   default ground over the world's bounds and grass around it; zebra stripes, centre lines and
//   stop lines painted from the regions (ground_marks.hpp).
// - Buildings (boxes of class `building`): walls with windows, a flat roof and a door at every
//   location named `*door*` on their faces; their height (3 to 7 storeys) follows from their name.
//   Other boxes are 1 m high blocks.
// - Cylinders: signal poles, street lights (class `pole`), trees (class `tree`), bollards.
// - Signal heads (signal_heads.hpp): housings, and lamps drawn unlit in their signal colour.
// Everything of one kind is one drawable, so the scene costs a fixed number of draw calls.
#include <osg/Geometry>
#include <osg/Group>
#include <osg/Vec4>
#include <osg/ref_ptr>
#include <string_view>
#include <vector>

#include "footfall/patnet/patnet.hpp"
#include "footfall/render/signal_heads.hpp"
#include "footfall/world/world.hpp"

namespace footfall::render {

// Height of a building, metres: 3 to 7 storeys of 3.5 m, from its name (so it is stable).
double building_height(std::string_view name);

// Lamp colours when lit; unlit lamps show a fifth of them.
struct LampColours {
  osg::Vec4 red{1.0f, 0.08f, 0.05f, 1}, yellow{1.0f, 0.75f, 0.05f, 1}, green{0.1f, 1.0f, 0.45f, 1};
  osg::Vec4 dont_walk{1.0f, 0.42f, 0.0f, 1};  // the orange hand
  osg::Vec4 walk{0.92f, 0.96f, 1.0f, 1};      // the lunar-white walking figure
};

class WorldScene {
 public:
  explicit WorldScene(const World& world, LampColours colours = {});
  osg::Node* node() { return root_.get(); }
  const SignalLayout& layout() const { return layout_; }
  // The buildings' walls and roofs (null in a world without buildings): what cameras stay out of.
  osg::Node* buildings() { return buildings_.get(); }
  // Lamps from the signal states at `time` (flashing DON'T WALK blinks at 1 Hz).
  void update_signals(const std::vector<patnet::SignalState>& signals, double time);

 private:
  osg::ref_ptr<osg::Group> root_;
  SignalLayout layout_;
  LampColours colours_;
  osg::ref_ptr<osg::Geometry> lamps_, buildings_;
  struct LampRange {
    std::size_t head, lamp, first, count;  // vertices of one lamp in the lamps geometry
  };
  std::vector<LampRange> lamp_ranges_;
  std::vector<std::uint8_t> lit_;  // per lamp range, as last drawn (2: not yet drawn)
};

}  // namespace footfall::render

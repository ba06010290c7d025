#pragma once
// Screen-space text over the scene: the status block (frame rate, simulated rate, agents, stage
// milliseconds, figures per level), the inspector of the selected agent, the help overlay; and the
// world-space overlays (overlays.hpp), each kind one drawable.
#include <osg/Camera>
#include <osg/Geometry>
#include <osgText/Text>

#include <string>
#include <vector>

#include "footfall/render/overlays.hpp"

namespace footfall::render {

// DejaVu Sans Mono when installed (fonts-dejavu-core), else OSG's built-in font.
osg::ref_ptr<osgText::Font> hud_font();

class Hud {
 public:
  explicit Hud(osg::ref_ptr<osgText::Font> font);
  osg::Camera* camera() { return camera_.get(); }
  void resize(int width, int height);
  void set_status(const std::string& text) { status_->setText(text); }
  void set_inspector(const std::string& text) { inspector_->setText(text); }
  void set_help(const std::string& text, bool visible);
  void set_visible(bool visible) { camera_->setNodeMask(visible ? ~0u : 0u); }

 private:
  osg::ref_ptr<osg::Camera> camera_;
  osg::ref_ptr<osgText::Text> status_, inspector_, help_;
  osg::ref_ptr<osg::Geometry> help_panel_;
  int width_ = 0, height_ = 0;
};

class OverlayLayer {
 public:
  explicit OverlayLayer(osg::ref_ptr<osgText::Font> font);
  osg::Node* node() { return root_.get(); }
  void update(const OverlayGeometry& g);

 private:
  osg::ref_ptr<osg::Group> root_;
  osg::ref_ptr<osg::Geometry> lines_, dots_;
  osg::ref_ptr<osg::Geode> labels_;
  osg::ref_ptr<osgText::Font> font_;
};

}  // namespace footfall::render

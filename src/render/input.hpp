#pragma once
// The viewer's keys and mouse. The handler only records what was asked; the frame loop acts on it
// between frames, when the simulation is not running (picking reads the snapshot).
#include <osgGA/FirstPersonManipulator>
#include <osgGA/GUIEventHandler>
#include <osgGA/KeySwitchMatrixManipulator>

#include <optional>
#include <string>

#include "footfall/motion/skeleton.hpp"
#include "footfall/render/overlays.hpp"

namespace footfall::render {

// The fly camera's eye never goes below this height, metres: under the ground it sees nothing.
inline constexpr double kFlyLowest = 0.3;

struct Controls {
  bool paused = false;
  double speed = 1.0;  // simulated seconds per wall second
  std::optional<motion::Lod> forced;
  OverlayFlags overlays;
  bool help = false, hud = true, figures = true;
  bool top_down = false;            // the orthographic map view instead of the camera in use
  bool markers = false;             // locations, goals, measurement areas and lines
  int single_steps = 0;             // steps asked for while paused
  bool capture = false;             // save a screenshot of the next frame
  std::optional<osg::Vec2> click;   // normalised window coordinates (−1 … 1) of a click
};

// Every key, for the help overlay and the README.
std::string help_text();

class InputHandler : public osgGA::GUIEventHandler {
 public:
  InputHandler(Controls& controls, osgGA::KeySwitchMatrixManipulator* cameras, osgGA::FirstPersonManipulator* fly)
      : controls_(controls), cameras_(cameras), fly_(fly) {}
  bool handle(const osgGA::GUIEventAdapter& ea, osgGA::GUIActionAdapter& aa) override;
  using osgGA::GUIEventHandler::handle;

 private:
  bool key(int key, int modifiers);
  Controls& controls_;
  osgGA::KeySwitchMatrixManipulator* cameras_;
  osgGA::FirstPersonManipulator* fly_;
  float press_x_ = 0, press_y_ = 0;
};

}  // namespace footfall::render

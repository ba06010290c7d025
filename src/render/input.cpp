#include "input.hpp"

#include <algorithm>

namespace footfall::render {
namespace {

struct KeyHelp {
  const char* keys;
  const char* what;
};

constexpr KeyHelp kKeys[] = {
    {"1 2 3", "camera: orbit, fly, follow the selected agent"},
    {"mouse", "orbit/follow: left drag turns, right drag zooms, middle pans"},
    {"", "fly: left drag looks, wheel and arrow keys move (shift: faster)"},
    {"t", "top-down orthographic view on / off"},
    {"space", "camera back to its start"},
    {"click", "select an agent: net values and PaT-Net states, live"},
    {"", "(click the ground to deselect)"},
    {"p", "pause / resume"},
    {".", "one simulation step while paused"},
    {"+ -", "simulation speed x2 / /2"},
    {"l", "level of detail: by distance, high, medium, low"},
    {"f", "overlay: footstep fans and chosen steps"},
    {"x", "overlay: proximity sectors"},
    {"n", "overlay: PaT-Net state labels"},
    {"r", "overlay: planned paths"},
    {"o", "all overlays on / off"},
    {"m", "markers: locations, goals, measurement areas"},
    {"g", "figures on / off"},
    {"u", "HUD on / off"},
    {"c", "save a screenshot"},
    {"s", "OSG statistics (again: more, then off)"},
    {"h", "this help"},
    {"Esc", "quit"},
};

}  // namespace

std::string help_text() {
  std::string s = "footfall keys\n\n";
  for (const KeyHelp& k : kKeys) {
    std::string keys = k.keys;
    keys.resize(8, ' ');
    s += keys + k.what + "\n";
  }
  return s;
}

bool InputHandler::key(int key, int modifiers) {
  Controls& c = controls_;
  switch (key) {
    case 'p': c.paused = !c.paused; return true;
    case '.': c.single_steps += c.paused ? 1 : 0; return true;
    case '+': case '=': c.speed = std::min(c.speed * 2, 16.0); return true;
    case '-': c.speed = std::max(c.speed / 2, 1.0 / 16); return true;
    case 'l':
      c.forced = !c.forced ? std::optional(motion::Lod::High)
                 : *c.forced == motion::Lod::Low ? std::nullopt
                 : std::optional(static_cast<motion::Lod>(static_cast<int>(*c.forced) + 1));
      return true;
    case 'f': c.overlays.fans = !c.overlays.fans; return true;
    case 'x': c.overlays.sectors = !c.overlays.sectors; return true;
    case 'n': c.overlays.labels = !c.overlays.labels; return true;
    case 'r': c.overlays.paths = !c.overlays.paths; return true;
    case 'o': {
      const bool on = !c.overlays.any();
      c.overlays = {on, on, on, on};
      return true;
    }
    case 'g': c.figures = !c.figures; return true;
    case 't': c.top_down = !c.top_down; return true;
    case 'm': c.markers = !c.markers; return true;
    case 'u': c.hud = !c.hud; return true;
    case 'c': c.capture = true; return true;
    case 'h': case '?': case osgGA::GUIEventAdapter::KEY_F1: c.help = !c.help; return true;
    default: break;
  }
  // Flying with the arrow keys.
  if (!fly_ || !cameras_ || cameras_->getCurrentMatrixManipulator() != fly_) return false;
  const double step = (modifiers & osgGA::GUIEventAdapter::MODKEY_SHIFT) ? 5.0 : 1.0;
  osg::Vec3d eye;
  osg::Quat rotation;
  fly_->getTransformation(eye, rotation);
  osg::Vec3d forward = rotation * osg::Vec3d(0, 0, -1), right = rotation * osg::Vec3d(1, 0, 0);
  switch (key) {
    case osgGA::GUIEventAdapter::KEY_Up: eye += forward * step; break;
    case osgGA::GUIEventAdapter::KEY_Down: eye -= forward * step; break;
    case osgGA::GUIEventAdapter::KEY_Right: eye += right * step; break;
    case osgGA::GUIEventAdapter::KEY_Left: eye -= right * step; break;
    case osgGA::GUIEventAdapter::KEY_Page_Up: eye.z() += step; break;
    case osgGA::GUIEventAdapter::KEY_Page_Down: eye.z() -= step; break;
    default: return false;
  }
  eye.z() = std::max(kFlyLowest, eye.z());
  fly_->setTransformation(eye, rotation);
  return true;
}

bool InputHandler::handle(const osgGA::GUIEventAdapter& ea, osgGA::GUIActionAdapter&) {
  switch (ea.getEventType()) {
    case osgGA::GUIEventAdapter::KEYDOWN:
      return key(ea.getKey(), ea.getModKeyMask());
    case osgGA::GUIEventAdapter::PUSH:
      press_x_ = ea.getX(), press_y_ = ea.getY();
      return false;
    case osgGA::GUIEventAdapter::RELEASE:
      // A click, not the end of a drag.
      if (ea.getButton() == osgGA::GUIEventAdapter::LEFT_MOUSE_BUTTON &&
          std::abs(ea.getX() - press_x_) + std::abs(ea.getY() - press_y_) < 4)
        controls_.click = osg::Vec2(ea.getXnormalized(), ea.getYnormalized());
      return false;
    default:
      return false;
  }
}

}  // namespace footfall::render

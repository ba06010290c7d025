// The viewer's keys and mouse (src/render/input.hpp): what each key asks for, and that the help
// overlay lists them all. Events are synthetic; nothing is drawn.
#include <doctest/doctest.h>
#include <osgGA/GUIActionAdapter>
#include <osgGA/GUIEventAdapter>

#include "input.hpp"

using namespace footfall::render;
using osgGA::GUIEventAdapter;

namespace {

struct NoActions : osgGA::GUIActionAdapter {
  void requestRedraw() override {}
  void requestContinuousUpdate(bool) override {}
  void requestWarpPointer(float, float) override {}
};

struct Keys {
  Controls controls;
  osg::ref_ptr<osgGA::KeySwitchMatrixManipulator> cameras = new osgGA::KeySwitchMatrixManipulator;
  osg::ref_ptr<osgGA::FirstPersonManipulator> fly = new osgGA::FirstPersonManipulator;
  osg::ref_ptr<InputHandler> handler = new InputHandler(controls, cameras.get(), fly.get());
  NoActions actions;

  bool press(int key) {
    osg::ref_ptr<GUIEventAdapter> ea = new GUIEventAdapter;
    ea->setEventType(GUIEventAdapter::KEYDOWN);
    ea->setKey(key);
    return handler->handle(*ea, actions);
  }
  void mouse(GUIEventAdapter::EventType type, float x, float y) {
    osg::ref_ptr<GUIEventAdapter> ea = new GUIEventAdapter;
    ea->setEventType(type);
    ea->setButton(GUIEventAdapter::LEFT_MOUSE_BUTTON);
    ea->setInputRange(0, 0, 640, 480);
    ea->setX(x), ea->setY(y);
    handler->handle(*ea, actions);
  }
};

}  // namespace

TEST_CASE("viewer keys: pause, single steps, speed, forced level of detail") {
  Keys k;
  Controls& c = k.controls;
  CHECK(k.press('p'));
  CHECK(c.paused);
  k.press('.');
  k.press('.');
  CHECK(c.single_steps == 2);
  k.press('p');
  CHECK_FALSE(c.paused);
  k.press('.');
  CHECK(c.single_steps == 2);  // only while paused
  k.press('+');
  k.press('+');
  CHECK(c.speed == 4.0);
  for (int i = 0; i < 10; ++i) k.press('-');
  CHECK(c.speed == 1.0 / 16);  // clamped
  CHECK_FALSE(c.forced);
  k.press('l');
  CHECK(c.forced == footfall::motion::Lod::High);
  k.press('l');
  CHECK(c.forced == footfall::motion::Lod::Medium);
  k.press('l');
  CHECK(c.forced == footfall::motion::Lod::Low);
  k.press('l');
  CHECK_FALSE(c.forced);  // back to by distance
}

TEST_CASE("viewer keys: overlays, figures, HUD, help, screenshot, and 's' left to OSG's stats handler") {
  Keys k;
  Controls& c = k.controls;
  k.press('f');
  CHECK(c.overlays.fans);
  k.press('x');
  CHECK(c.overlays.sectors);
  k.press('n');
  CHECK(c.overlays.labels);
  k.press('r');
  CHECK(c.overlays.paths);
  k.press('o');  // some on: all off
  CHECK_FALSE(c.overlays.any());
  k.press('o');
  CHECK((c.overlays.fans && c.overlays.sectors && c.overlays.labels && c.overlays.paths));
  k.press('g');
  CHECK_FALSE(c.figures);
  k.press('u');
  CHECK_FALSE(c.hud);
  k.press('h');
  CHECK(c.help);
  k.press('c');
  CHECK(c.capture);
  CHECK_FALSE(k.press('s'));
  CHECK_FALSE(k.press('1'));  // cameras: the key-switch manipulator's
}

TEST_CASE("viewer mouse: a click selects, a drag does not") {
  Keys k;
  k.mouse(GUIEventAdapter::PUSH, 320, 240);
  k.mouse(GUIEventAdapter::RELEASE, 321, 240);
  REQUIRE(k.controls.click);
  CHECK(k.controls.click->x() == doctest::Approx(0.003).epsilon(0.01));
  k.controls.click.reset();
  k.mouse(GUIEventAdapter::PUSH, 100, 100);
  k.mouse(GUIEventAdapter::RELEASE, 200, 150);
  CHECK_FALSE(k.controls.click);
}

TEST_CASE("viewer help: every key is listed") {
  const std::string help = help_text();
  for (const char* key : {"1 2 3", "space", "click", "p ", ".", "+ -", "l ", "f ", "x ", "n ", "r ", "o ", "g ", "u ", "c ",
                          "s ", "h ", "Esc"})
    CHECK_MESSAGE(help.find(key) != std::string::npos, key);
}

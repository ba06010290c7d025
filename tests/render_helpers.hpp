#pragma once
// Offscreen images for the render tests: a simulation drawn through the viewer (EGL on Mesa's
// llvmpipe, no display, no GPU), written as PNG and read back, and the pixel a world point lands on.
#include <osg/Image>
#include <osg/Matrixd>
#include <osgDB/ReadFile>

#include <array>
#include <cmath>
#include <filesystem>
#include <string>

#include "footfall/render/viewer.hpp"
#include "helpers.hpp"

namespace footfall::test {

constexpr int kWidth = 320, kHeight = 240;  // small: llvmpipe draws on the test machine's cores

// Where the test images go (kept for a look after a failure).
inline std::string render_out(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(FOOTFALL_BINARY_DIR) / "render_out";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

inline Scenario intersection_with(std::uint32_t population) {
  ScenarioOverrides o;
  o.population = population;
  return load_scenario(source_path("data/scenarios/intersection.yaml"), o);
}

// Offscreen, small, no HUD, quiet; the camera at `eye` looking at `at`.
inline render::ViewerOptions offscreen(const Eigen::Vector3d& eye, const Eigen::Vector3d& at) {
  render::ViewerOptions o;
  o.offscreen = true;
  o.backend = render::Offscreen::Egl;
  o.width = kWidth, o.height = kHeight;
  o.hud = false;
  o.quiet = true;
  o.camera = render::CameraPose{eye, at};
  return o;
}

struct Shot {
  osg::ref_ptr<osg::Image> image;
  render::RenderReport report;
};

// Runs `sim` to frame sim.frame() + frames through the viewer and reads back the last frame's PNG.
inline Shot shoot(Simulation& sim, render::ViewerOptions o, long frames, const std::string& name) {
  o.screenshot = render_out(name);
  std::filesystem::remove(o.screenshot);
  o.frames = static_cast<long>(sim.frame()) + frames;
  Shot s;
  s.report = render::run_viewer(sim, o);
  s.image = osgDB::readRefImageFile(o.screenshot);
  return s;
}

struct Rgb {
  int r = 0, g = 0, b = 0;
  int distance(const Rgb& o) const { return std::abs(r - o.r) + std::abs(g - o.g) + std::abs(b - o.b); }
  int grey_spread() const { return std::max({r, g, b}) - std::min({r, g, b}); }
  int brightness() const { return (r + g + b) / 3; }
};

// Pixel (x, y), y up from the bottom row as OpenGL reads it (OSG's PNG reader keeps that origin).
inline Rgb pixel(const osg::Image& image, int x, int y) {
  const unsigned char* p = image.data(x, y);
  return {p[0], p[1], p[2]};
}

// Where a world point lands in the image of a camera at `eye` looking at `at` (the viewer's
// 40-degree vertical field of view); false when it is behind the camera or outside the image.
inline bool project(const Eigen::Vector3d& eye, const Eigen::Vector3d& at, const Eigen::Vector3d& p, int& x, int& y,
                    int width = kWidth, int height = kHeight) {
  const osg::Matrixd vp = osg::Matrixd::lookAt(osg::Vec3d(eye.x(), eye.y(), eye.z()), osg::Vec3d(at.x(), at.y(), at.z()),
                                                               osg::Vec3d(0, 0, 1)) *
                          osg::Matrixd::perspective(40.0, double(width) / height, 0.3, 3000.0);
  const osg::Vec4d c = osg::Vec4d(p.x(), p.y(), p.z(), 1.0) * vp;
  if (c.w() <= 0) return false;
  x = static_cast<int>(std::floor((c.x() / c.w() + 1) * 0.5 * width));
  y = static_cast<int>(std::floor((c.y() / c.w() + 1) * 0.5 * height));
  return x >= 0 && y >= 0 && x < width && y < height;
}

// Pixels where two images of the same size differ by more than `tolerance` (sum over channels).
inline std::vector<std::uint8_t> difference(const osg::Image& a, const osg::Image& b, int tolerance = 24) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(a.s() * a.t()), 0);
  for (int y = 0; y < a.t(); ++y)
    for (int x = 0; x < a.s(); ++x)
      mask[static_cast<std::size_t>(y * a.s() + x)] = pixel(a, x, y).distance(pixel(b, x, y)) > tolerance;
  return mask;
}

inline std::size_t count(const std::vector<std::uint8_t>& mask) {
  std::size_t n = 0;
  for (const std::uint8_t m : mask) n += m;
  return n;
}

}  // namespace footfall::test

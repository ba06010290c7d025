#pragma once
// Drawing a Simulator's frame offscreen into an image (footfall::render; docs/api.md).
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/api/simulator.hpp"

namespace footfall::api {

struct RenderOptions {
  int width = 640, height = 360;
  bool top_down = false;  // the top-down orthographic view instead of the scenario's camera
  bool hud = false;       // the status line `footfall run` draws
  std::string shader_dir;  // empty: found as `footfall run` finds them (FOOTFALL_SHADERS, installed, source)
};

// RGB, 3 bytes a pixel, rows from the top.
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
};

// The frame just published, drawn offscreen (EGL, else a private Xvfb) as `footfall run
// --screenshot` draws it; the simulation takes no step. Needs articulated figures (a Simulator
// loaded with Options::motion_dir). Throws Error naming what failed (a shader, the display).
Image render(Simulator& sim, const RenderOptions& options = {});

}  // namespace footfall::api

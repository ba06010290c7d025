#pragma once
// The viewer: the frame loop that runs the simulation, CULL and DRAW, in a window or offscreen.
//
// Per frame, on the thread that owns the GL context:
//   input and camera → CULL(N) on TBB (feeds the chosen levels back) → copy what DRAW needs into
//   OSG's buffers → start SIM(N+1) as a TBB task → DRAW(N) (osgViewer, this thread) → wait for SIM.
// DRAW reads only OSG buffers filled before SIM(N+1) started, so the two overlap without sharing
// anything. osgViewer's processor affinity is switched off so TBB keeps every core.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "footfall/render/cull.hpp"
#include "footfall/render/error.hpp"
#include "footfall/render/overlays.hpp"

namespace footfall {
class Simulation;
}

namespace footfall::render {

enum class Offscreen : std::uint8_t { Auto, Egl, Xvfb };  // Auto: EGL, else a private Xvfb

struct CameraPose {
  Eigen::Vector3d eye, look_at;
};

struct ViewerOptions {
  int width = 1280, height = 720;
  bool offscreen = false;                   // render without a window
  Offscreen backend = Offscreen::Auto;
  std::optional<long> frames;               // simulated frames to run (a window runs until closed)
  std::string screenshot;                   // PNG of the last frame drawn
  std::string record_dir;                   // frame_000000.png, ... for every frame drawn
  std::string shader_dir;                   // empty: found as shaders.hpp says
  LodThresholds lod;
  std::optional<motion::Lod> forced_lod;
  std::optional<CameraPose> camera;         // default: looking at the world from its south-west
  std::vector<Eigen::Vector3f> clothing;    // palette; empty: the built-in one
  OverlayFlags overlays;
  bool figures = true;                      // false: the scene without figures
  bool hud = true;
  std::int64_t selected = -1;               // agent selected at the start
  double speed = 1.0;                       // window: simulated seconds per wall second
  bool quiet = false;                       // no progress log lines
};

// Per drawn frame: CULL and DRAW wall time (DRAW includes OSG's own cull traversal and finishing the
// image), the time DRAW then waited for the overlapped simulation step, the draw calls OSG issued,
// and the figures drawn at each level of detail.
struct FrameRecord {
  std::uint64_t sim_frame = 0;
  double cull_ms = 0, draw_ms = 0, wait_ms = 0, frame_ms = 0;
  std::uint32_t draw_calls = 0;
  std::array<std::uint32_t, motion::kLodCount> figures{};
};

struct RenderReport {
  std::vector<FrameRecord> frames;
  std::string renderer;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string backend;   // "window", "egl" or "xvfb"
};

// Called on a TBB thread after every simulation step, while DRAW runs: it may read the simulation
// (nothing else touches it then) but must not touch OSG.
using StepHook = std::function<void(const Simulation&)>;

// Runs until the window closes or `frames` simulated frames are done. Throws RenderError (a shader,
// the display, an output file) with a message naming what failed.
RenderReport run_viewer(Simulation& sim, const ViewerOptions& options, const StepHook& after_step = {});

// For benchmarks: `frames` frames offscreen at width × height, one step per frame, default camera.
RenderReport render_frames(Simulation& sim, long frames, int width = 1280, int height = 720,
                           const std::string& shader_dir = {});

}  // namespace footfall::render

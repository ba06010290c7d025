#pragma once
// The viewer: the frame loop that runs the simulation, CULL and DRAW, in a window or offscreen.
//
// Per frame, on the thread that owns the GL context (docs/rendering.md):
//   1. no step runs: input, camera, picking; copy the live state DRAW shows (signals, overlays, the
//      inspector, looks) into OSG's buffers;
//   2. start SIM(N+1) (one or more steps) as a TBB task;
//   3. CULL(N) on TBB, reading only the published snapshot S(N), which the simulation's ring keeps
//      intact while the next steps run, into the viewer's own instance lists;
//   4. upload the lists and DRAW(N) (osgViewer, this thread);
//   5. join SIM; the levels CULL chose reach MOTION (Simulation::set_lod) from the next step on.
// CULL and DRAW overlap SIM without sharing anything it writes. osgViewer's processor affinity is
// switched off so TBB keeps every core.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "footfall/analysis/measurement.hpp"
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
  std::function<bool()> stop;               // polled each frame: true ends the loop (SIGINT, SIGTERM)
  std::string screenshot;                   // PNG of the last frame drawn
  // The last frame drawn, handed over as RGB pixels (3 bytes each, rows bottom to top as GL reads
  // them), e.g. to become an array in the Python module (api/render.hpp).
  std::function<void(int width, int height, const std::uint8_t* rgb)> last_image;
  // Offscreen, with `frames`: draw only the last frame. The frames before it are simulated without
  // CULL or DRAW, except that the one before it is culled, so that the last is posed at the levels
  // of detail its camera gives (--screenshot without --record).
  bool only_last = false;
  std::string record_dir;                   // frame_000000.png, ... for every frame drawn
  std::string shader_dir;                   // empty: found as shaders.hpp says
  LodThresholds lod;
  std::optional<motion::Lod> forced_lod;
  std::optional<CameraPose> camera;         // default: framing the walkable area from the south-south-west
  bool top_down = false;                    // start in the top-down orthographic view (key t)
  bool markers = false;                     // start with locations, goals and measurement drawn (key m)
  MeasurementSpec measurement;              // the areas and lines the markers show
  std::vector<Eigen::Vector3f> clothing;    // palette; empty: the built-in one
  OverlayFlags overlays;
  bool figures = true;                      // false: the scene without figures
  bool hud = true;
  std::int64_t selected = -1;               // agent selected at the start
  bool follow = false;                      // start with the follow camera (on `selected`)
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
  std::uint32_t vehicles = 0;  // vehicle boxes drawn
};

struct RenderReport {
  std::vector<FrameRecord> frames;
  std::string renderer;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string backend;   // "window", "egl" or "xvfb"
};

// Called on a TBB thread after every simulation step, while CULL and DRAW run: it may read the
// simulation (they read only the snapshot of the frame drawn) but must not touch OSG.
using StepHook = std::function<void(const Simulation&)>;

// Runs until the window closes or `frames` simulated frames are done. Throws RenderError (a shader,
// the display, an output file) with a message naming what failed.
RenderReport run_viewer(Simulation& sim, const ViewerOptions& options, const StepHook& after_step = {});

}  // namespace footfall::render

#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logging.hpp"

namespace footfall::app {

struct RunOptions {
  std::string scenario;
  std::vector<std::string> variants;  // the scenario's variants merged over it, in order
  bool headless = false;
  std::optional<long> frames;
  std::optional<std::uint64_t> seed;
  int threads = 0;  // 0: all cores
  std::string trajectory;    // CSV; empty: not written
  std::string summary;       // empty: not written
  std::string db;            // the SQLite trajectory store; empty: not written
  std::string jupedsim_txt;  // the Jülich text format; empty: not written
  std::string motion_dir;    // the authored steps: high.motion, medium.motion, low.motion
  LogOptions log;
  int depth = 2;             // frames in flight in the frame pipeline
  double realtime_ms = 0;    // CONTROL budget of the realtime mode; 0: off
  bool foot_slip = false;    // pose every figure every frame to measure foot slip (summary)
  // The viewer (docs in README.md, "Viewing"). Rendering happens unless --headless is given without
  // --screenshot or --record; offscreen with --headless or where no display exists.
  std::string screenshot;  // PNG of the last frame
  std::string record;      // directory: a PNG per frame
  int width = 1280, height = 720;
  std::optional<double> lod_near, lod_far;  // override the scenario's view.lod_distances
  std::string lod = "auto";                 // auto, high, medium, low
  std::string shaders;                      // shader directory (default: found beside the binary)
  std::string offscreen = "auto";           // auto, egl, xvfb
  bool hide_figures = false, no_hud = false;
  std::vector<std::string> overlays;        // fans, sectors, paths, labels
  std::string select;                       // an agent selected at the start
  bool follow = false;                      // the follow camera on it
  bool top_down = false;                    // the top-down orthographic view
  bool markers = false;                     // locations, goals and measurement drawn in images too
};

struct BenchOptions {
  std::string scenario;
  std::vector<std::string> variants;  // the scenario's variants merged over it, in order
  std::vector<long> agents{100, 1000, 10000, 100000};
  long frames = 300;  // measured per point
  long warmup = 60;   // simulated first and not measured
  std::vector<int> threads{0};  // one point per agent count per entry; 0: all cores
  int depth = 2;
  std::optional<std::uint64_t> seed;
  std::string out = "bench";
  std::string motion_dir;
  std::string plot_script;  // gnuplot script for bench.png; empty: no plot
  LogOptions log;
  // --render: every point also drawn offscreen through the viewer (docs/rendering.md).
  bool render = false;
  int width = 1280, height = 720;
  std::string shaders;  // shader directory (default: found as for `footfall run`)
};

// footfall analyze (docs/analysis.md).
struct AnalyzeOptions {
  std::string run;       // the trajectory file (the CSV of --trajectory)
  std::string scenario;  // the scenario it ran: geometry, measurement areas and lines
  std::string out = "analysis";
  double interval = 1.0, speed_window = 1.0, heat_cell = 0.5, cutoff = 2.0;
  bool plot = true, quiet = false;
};

int run_command(const RunOptions& options);
int analyze_command(const AnalyzeOptions& options);
int bench_command(const BenchOptions& options);
// `footfall sweep ARGS`: runs the Python module's command (python/footfall/cli.py) with ARGS;
// returns only when it cannot be started.
int sweep_command(const std::vector<std::string>& args, const char* argv0);
// Without variants: the file and each variant it declares; with them: the file with those merged.
int validate_command(const std::string& scenario, const std::vector<std::string>& variants);

}  // namespace footfall::app

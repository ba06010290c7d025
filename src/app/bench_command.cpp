// `footfall bench`: how frame rate falls as agents grow. The scenario's world is tiled into a city
// of intersections at the file's own density (pedestrians per intersection), so every agent count
// sees the same crowding; each point is simulated through the same frame pipeline as `footfall run`.
#include <malloc.h>
#include <spdlog/spdlog.h>
#include <spawn.h>
#include <sys/wait.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "footfall/core/atomic_file.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/pipeline/frame_pipeline.hpp"
#include "footfall/scenario/scenario.hpp"
#ifdef FOOTFALL_HAS_RENDER
#include "footfall/render/viewer.hpp"
#endif
#include "series.hpp"

namespace footfall::app {
namespace {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;

// Kilobytes of a "VmHWM:"-style line of /proc/self/status; 0 where unavailable.
long status_kb(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string prefix = std::string(key) + ":";
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return std::atol(line.c_str() + prefix.size());
  return 0;
}

// Starts a fresh peak-RSS measurement: memory the previous point freed goes back to the system and
// the high-water mark restarts from what the process holds now (Linux: clear_refs "5").
void reset_peak_rss() {
  malloc_trim(0);
  std::ofstream("/proc/self/clear_refs") << "5";
}

struct Point {
  long requested = 0;
  CityGrid grid;
  int threads = 1;
  std::size_t agents = 0;
  long frames = 0;
  double setup_s = 0;
  Series frame_ms, sense_ms, control_ms, motion_ms, step_ms, decisions, evaluations;
  // With --render: per drawn frame.
  Series cull_ms, draw_ms, draw_calls, wait_ms;
  std::array<Series, motion::kLodCount> figures;
  double peak_rss_mb = 0;
};

constexpr const char* kColumns =
    "agents_requested,agents,intersections,threads,pipeline_depth,frames,setup_s,"
    "frame_ms_mean,frame_ms_p50,frame_ms_p99,sim_fps,"
    "sense_ms,control_ms,motion_ms,step_ms,cull_ms,draw_ms,"
    "walk_decisions_per_frame,walk_evals_per_frame_mean,walk_evals_per_frame_max,"
    "peak_rss_mb,rss_bytes_per_agent,"
    "draw_calls,figures_high,figures_medium,figures_low,draw_wait_ms";

void write_row(std::ostream& out, const Point& p, int depth) {
  const double fps = p.frame_ms.mean() > 0 ? 1000.0 / p.frame_ms.mean() : 0.0;
  const double per_agent = p.agents ? p.peak_rss_mb * 1048576.0 / p.agents : 0.0;
  char line[640];
  std::snprintf(line, sizeof line,
                "%ld,%zu,%d,%d,%d,%ld,%.3f,%.3f,%.3f,%.3f,%.2f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.1f,%.1f,%.0f,"
                "%.1f,%.0f,%.1f,%.1f,%.1f,%.1f,%.3f\n",
                p.requested, p.agents, p.grid.nx * p.grid.ny, p.threads, depth, p.frames,
                p.setup_s, p.frame_ms.mean(), p.frame_ms.percentile(0.5),
                p.frame_ms.percentile(0.99), fps, p.sense_ms.mean(), p.control_ms.mean(),
                p.motion_ms.mean(), p.step_ms.mean(), p.cull_ms.mean(), p.draw_ms.mean(), p.decisions.mean(),
                p.evaluations.mean(), p.evaluations.max(), p.peak_rss_mb, per_agent, p.draw_calls.mean(),
                p.figures[0].mean(), p.figures[1].mean(), p.figures[2].mean(), p.wait_ms.mean());
  out << line;
}

Point measure(const BenchOptions& o, long requested, const CityGrid& grid, int threads,
              const std::shared_ptr<const motion::MotionLibrary>& steps) {
  Point p;
  p.requested = requested;
  p.grid = grid;
  p.threads = threads;
  p.frames = o.frames;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  reset_peak_rss();

  const auto setup_start = clock::now();
  Scenario s = load_scenario(o.scenario, {grid.nx, grid.ny, grid.per_tile, o.variants});
  if (o.seed) s.config.seed = *o.seed;
  s.config.snapshots = std::max(s.config.snapshots, o.depth);
  // As `footfall run`: figures posed only where CULL draws them, none headless.
  s.config.posing = o.render ? Posing::Wanted : Posing::None;
  Simulation sim(std::move(s.world), std::move(s.nets), std::move(s.agents), s.config,
                 std::move(s.scripts), steps);
  p.setup_s = std::chrono::duration<double>(clock::now() - setup_start).count();
  spdlog::info("bench: {} agents on {}×{} intersections, {} thread{}: set up in {:.1f} s; "
               "{} warm-up + {} frames",
               sim.active_count(), grid.nx, grid.ny, threads, threads == 1 ? "" : "s", p.setup_s, o.warmup,
               o.frames);

  const long total = o.warmup + o.frames;
  long seen = 0;
  Series active;  // pedestrians in the scene: leavers are replaced as entries clear
  auto last = clock::now(), last_report = last;
  if (o.render) {
#ifdef FOOTFALL_HAS_RENDER
    // Drawn offscreen from the default camera, HUD included, one step per drawn frame; the viewer
    // overlaps each step with the drawing of the frame before (docs/rendering.md).
    render::ViewerOptions v;
    v.offscreen = true;
    v.width = o.width, v.height = o.height;
    v.frames = total;
    v.shader_dir = o.shaders;
    v.quiet = true;
    const render::RenderReport report = render::run_viewer(sim, v, [&](const Simulation& s) {
      const auto now = clock::now();
      if (static_cast<long>(s.frame()) > o.warmup) {
        const FrameStats& f = s.last_frame();
        p.sense_ms.values.push_back(f.ms.sense_ms);
        p.control_ms.values.push_back(f.ms.control_ms);
        p.motion_ms.values.push_back(f.ms.motion_ms);
        p.step_ms.values.push_back(f.step_ms);
        p.decisions.values.push_back(f.decisions);
        p.evaluations.values.push_back(static_cast<double>(f.evaluations));
        active.values.push_back(static_cast<double>(s.active_count()));
      }
      if (now - last_report > std::chrono::seconds(5)) {
        last_report = now;
        spdlog::info("bench:   frame {}/{} (drawn)", s.frame(), total);
      }
    });
    // The frames drawn while the measured steps ran: warmup … total − 1.
    for (const render::FrameRecord& r : report.frames) {
      if (static_cast<long>(r.sim_frame) < o.warmup || static_cast<long>(r.sim_frame) >= total) continue;
      p.frame_ms.values.push_back(r.frame_ms);
      p.cull_ms.values.push_back(r.cull_ms);
      p.draw_ms.values.push_back(r.draw_ms);
      p.wait_ms.values.push_back(r.wait_ms);
      p.draw_calls.values.push_back(r.draw_calls);
      for (int l = 0; l < motion::kLodCount; ++l) p.figures[l].values.push_back(r.figures[l]);
    }
    spdlog::info("bench: drawn {}x{} ({}, {}): cull {:.2f} ms, draw {:.1f} ms, {:.0f} draw calls per frame",
                 o.width, o.height, report.backend, report.renderer, p.cull_ms.mean(), p.draw_ms.mean(),
                 p.draw_calls.mean());
#endif
  } else {
    run_frames(sim, total, o.depth, [&](const PublishedFrame& f) {
      const auto now = clock::now();
      const double ms = std::chrono::duration<double, std::milli>(now - last).count();
      last = now;
      if (++seen > o.warmup) {
        p.frame_ms.values.push_back(ms);
        p.sense_ms.values.push_back(f.stats.ms.sense_ms);
        p.control_ms.values.push_back(f.stats.ms.control_ms);
        p.motion_ms.values.push_back(f.stats.ms.motion_ms);
        p.step_ms.values.push_back(f.stats.step_ms);
        p.decisions.values.push_back(f.stats.decisions);
        active.values.push_back(static_cast<double>(
            std::count(f.snapshot->active.begin(), f.snapshot->active.end(), std::uint8_t{1})));
        p.evaluations.values.push_back(static_cast<double>(f.stats.evaluations));
      }
      if (now - last_report > std::chrono::seconds(5)) {
        last_report = now;
        spdlog::info("bench:   frame {}/{} ({:.0f} ms/frame)", seen, total, ms);
      }
    });
  }
  p.peak_rss_mb = status_kb("VmHWM") / 1024.0;
  p.agents = static_cast<std::size_t>(std::lround(active.mean()));
  spdlog::info("bench: {} agents, {} thread{}: {:.1f} ms/frame mean, {:.1f} p99 → {:.1f} frames/s; "
               "peak RSS {:.0f} MB",
               p.agents, threads, threads == 1 ? "" : "s", p.frame_ms.mean(),
               p.frame_ms.percentile(0.99), 1000.0 / std::max(p.frame_ms.mean(), 1e-9),
               p.peak_rss_mb);
  return p;
}

// Renders bench.csv to bench.png with gnuplot (tools/plot_bench.gp), written atomically.
void plot(const fs::path& csv, const fs::path& png, const std::string& script,
          const std::vector<int>& threads) {
  const fs::path partial = png.string() + ".partial";
  std::ostringstream vars;
  vars << "csv='" << csv.string() << "'; png='" << partial.string() << "'; threads='";
  for (std::size_t i = 0; i < threads.size(); ++i) vars << (i ? " " : "") << threads[i];
  vars << "'";
  std::string expr = vars.str(), name = "gnuplot", e = "-e", file = script;
  char* argv[] = {name.data(), e.data(), expr.data(), file.data(), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "gnuplot", nullptr, nullptr, argv, environ) != 0)
    throw std::runtime_error("cannot run gnuplot to plot " + csv.string() +
                             " (install gnuplot-nox; tools/setup.sh does)");
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(partial)) {
    fs::remove(partial);
    throw std::runtime_error("gnuplot failed to plot " + csv.string() + " with " + script);
  }
  fs::rename(partial, png);
}

}  // namespace

int bench_command(const BenchOptions& o) {
  apply_log_level(o.log, QuietKeeps::Warnings);
#ifndef FOOTFALL_HAS_RENDER
  if (o.render) {
    std::fprintf(stderr, "footfall: this build has no renderer (FOOTFALL_RENDER=OFF): no bench --render\n");
    return 2;
  }
#endif
  std::uint32_t density = 0;
  try {
    ScenarioOverrides v;
    v.variants = o.variants;
    const Scenario probe = load_scenario(o.scenario, v);
    if (!probe.scripts.population)
      throw ScenarioError(o.scenario, 1, 1,
                          "footfall bench scales a scenario's population: it needs `population:`");
    density = probe.scripts.population->target / static_cast<std::uint32_t>(probe.tiles);
    if (density == 0) throw ScenarioError(o.scenario, 1, 1, "the population target is 0");
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  std::vector<long> counts = o.agents;
  std::sort(counts.begin(), counts.end());  // ascending: each point's peak includes no larger one
  std::vector<int> threads = o.threads;
  for (int& t : threads)
    if (t <= 0) t = tbb::info::default_concurrency();
  std::sort(threads.begin(), threads.end());  // the plot stacks the stages of the last
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());

  try {
    const auto steps =
        std::make_shared<const motion::MotionLibrary>(motion::load_motion_library(o.motion_dir));
    fs::create_directories(o.out);
    const fs::path csv_path = fs::path(o.out) / "bench.csv";
    AtomicFile csv(csv_path.string());
    csv.stream() << kColumns << "\n";
    std::vector<Point> points;
    for (const long n : counts) {
      const CityGrid grid = city_for(n, density);
      for (const int t : threads) points.push_back(measure(o, n, grid, t, steps));
    }
    // Grouped by thread count, so that each count's rows form one line in a plot.
    std::stable_sort(points.begin(), points.end(),
                     [](const Point& a, const Point& b) { return a.threads < b.threads; });
    for (const Point& p : points) write_row(csv.stream(), p, o.depth);
    csv.commit();
    spdlog::info("bench: wrote {}", csv_path.string());
    if (!o.plot_script.empty()) {
      const fs::path png = fs::path(o.out) / "bench.png";
      plot(csv_path, png, o.plot_script, threads);
      spdlog::info("bench: wrote {}", png.string());
    }
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace footfall::app

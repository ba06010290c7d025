// `footfall run` and `footfall validate`.
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "footfall/core/atomic_file.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/pipeline/frame_pipeline.hpp"
#include "footfall/scenario/scenario.hpp"
#include "series.hpp"

namespace footfall::app {
namespace {

// Names never change after the simulation is built, so reading them beside a running step is safe.
void write_trajectory_rows(std::ostream& out, const Snapshot& s, const std::vector<std::string>& names) {
  char line[256];
  for (std::size_t a = 0; a < s.size(); ++a) {
    if (!s.active[a]) continue;
    const char* state = s.arrived[a] ? "arrived" : gait_name(s.gait[a]);
    const int n = std::snprintf(line, sizeof line, "%llu,%.4f,%s,%.6f,%.6f,%.6f,%s\n",
                                static_cast<unsigned long long>(s.frame), s.time,
                                names[a].c_str(), s.location[a].x(), s.location[a].y(),
                                s.heading[a], state);
    out.write(line, n);
  }
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

int validate_command(const std::string& scenario) {
  try {
    const Scenario s = load_scenario(scenario);
    std::printf("%s: ok (%zu agents, %zu behavior nets, %zu obstacles, %zu regions)\n",
                scenario.c_str(), s.agents.size(), s.nets.size(), s.world.obstacles.size(),
                s.world.regions.size());
    return 0;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}

int run_command(const RunOptions& o) {
  if (o.quiet) spdlog::set_level(spdlog::level::err);
  Scenario scenario;
  try {
    scenario = load_scenario(o.scenario);
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  if (o.seed) scenario.config.seed = *o.seed;
  std::shared_ptr<const motion::MotionLibrary> steps;
  try {
    steps = std::make_shared<const motion::MotionLibrary>(motion::load_motion_library(o.motion_dir));
  } catch (const motion::MotionFileError& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  if (!o.headless)
    spdlog::info("no viewer in this build yet; running headless");
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  const long frames = o.frames ? *o.frames
                               : static_cast<long>(std::llround(scenario.duration / scenario.config.dt));
  try {
    std::unique_ptr<AtomicFile> trajectory;
    if (!o.trajectory.empty()) {
      trajectory = std::make_unique<AtomicFile>(o.trajectory);
      trajectory->stream() << "frame,time,agent,x,y,heading,state\n";
    }
    scenario.config.snapshots = std::max(scenario.config.snapshots, o.depth);
    scenario.config.realtime_budget_ms = o.realtime_ms;
    Simulation sim(std::move(scenario.world), std::move(scenario.nets), std::move(scenario.agents),
                   scenario.config, std::move(scenario.scripts), steps);
    spdlog::info("{}: {} agents, {} frames at {:.0f} Hz, seed {}, {} threads", o.scenario,
                 sim.agents().size(), frames, 1.0 / sim.config().dt, sim.config().seed, threads);
    const std::vector<std::string>& names = sim.agents().name;
    if (trajectory) write_trajectory_rows(trajectory->stream(), sim.snapshot(), names);

    // Frame time: from one published frame to the next as the consumer sees them, which is what a
    // viewer would see; with depth > 1 the output of frame N overlaps the simulation of N + 1.
    Series frame_ms, sense_ms, control_ms, motion_ms, evaluations;
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    auto last = start;
    run_frames(sim, frames, o.depth, [&](const PublishedFrame& f) {
      if (trajectory) write_trajectory_rows(trajectory->stream(), *f.snapshot, names);
      const auto now = clock::now();
      frame_ms.values.push_back(std::chrono::duration<double, std::milli>(now - last).count());
      last = now;
      sense_ms.values.push_back(f.stats.ms.sense_ms);
      control_ms.values.push_back(f.stats.ms.control_ms);
      motion_ms.values.push_back(f.stats.ms.motion_ms);
      evaluations.values.push_back(static_cast<double>(f.stats.evaluations));
    });
    const double wall = std::chrono::duration<double>(clock::now() - start).count();

    const Metrics& m = sim.metrics();
    const std::uint64_t arrived = sim.arrived(), stuck = m.stuck;
    const double minutes = sim.time() / 60.0;
    nlohmann::ordered_json j;
    j["scenario"] = o.scenario;
    j["seed"] = sim.config().seed;
    j["threads"] = threads;
    j["pipeline_depth"] = o.depth;
    j["agents"] = sim.active_count();
    j["agent_slots"] = sim.agents().size();
    j["frames"] = frames;
    j["sim_seconds"] = sim.time();
    j["wall_seconds"] = wall;
    j["frame_ms"] = {{"mean", frame_ms.mean()}, {"p50", frame_ms.percentile(0.5)},
                     {"p99", frame_ms.percentile(0.99)}};
    // CULL and DRAW belong to the renderer; a headless run has none.
    j["stage_ms"] = {{"sense", sense_ms.mean()}, {"control", control_ms.mean()},
                     {"motion", motion_ms.mean()}, {"cull", 0.0}, {"draw", 0.0}};
    j["arrived"] = arrived;
    j["collisions"] = m.collisions;
    j["stuck"] = stuck;
    j["jaywalk_events"] = m.jaywalk_events;
    j["red_crossings"] = m.red_crossings;
    j["foot_slip_mm_max"] = 1000.0 * m.foot_slip_max;
    j["crossings"] = m.crossings;
    j["crossings_per_minute"] = minutes > 0 ? m.crossings / minutes : 0.0;
    j["spawned"] = m.spawned;
    j["trips"] = m.trips;
    j["longest_trip_s"] = sim.longest_trip();
    j["decisions"] = m.decisions;
    j["walk_evaluations"] = m.evaluations;
    // Staggered foot-strikes (DESIGN.md): the walk-node load per frame should stay even.
    const double most = evaluations.max();
    j["walk_evaluations_per_frame"] = {{"mean", evaluations.mean()}, {"max", most},
                                       {"max_over_mean", evaluations.mean() > 0 ? most / evaluations.mean() : 0.0}};
    j["realtime_reduced_frames"] = m.reduced_frames;
    j["blocked_decisions"] = m.blocked;
    j["trajectory_hash"] = hex(sim.trajectory_hash());

    if (trajectory) trajectory->commit();
    if (!o.summary.empty()) {
      AtomicFile summary(o.summary);
      summary.stream() << std::setw(2) << j << "\n";
      summary.commit();
    }
    spdlog::info("{} frames in {:.2f} s ({:.0f} frames/s): {} arrived, {} collisions, {} stuck, "
                 "hash {}",
                 frames, wall, frames / std::max(wall, 1e-9), arrived, m.collisions, stuck,
                 hex(sim.trajectory_hash()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace footfall::app

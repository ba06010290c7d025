// `footfall run` and `footfall validate`.
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "footfall/analysis/voronoi_box.hpp"
#include "footfall/core/atomic_file.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/output/juelich_txt.hpp"
#include "footfall/output/trajectory_csv.hpp"
#include "footfall/output/trajectory_db.hpp"
#include "footfall/pipeline/frame_pipeline.hpp"
#include "footfall/scenario/scenario.hpp"
#ifdef FOOTFALL_HAS_RENDER
#include "footfall/render/viewer.hpp"
#endif
#include "interrupt.hpp"
#include "progress.hpp"
#include "series.hpp"

namespace footfall::app {
namespace {

// A command-line value that makes no sense with this scenario: exit 2, like a parse error.
struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool has_display() {
  const char* d = std::getenv("DISPLAY");
  return d && *d;
}

#ifdef FOOTFALL_HAS_RENDER
render::ViewerOptions viewer_options(const RunOptions& o, const ViewSettings& view, const Simulation& sim,
                                     bool offscreen) {
  render::ViewerOptions v;
  v.width = o.width, v.height = o.height;
  v.offscreen = offscreen;
  v.backend = o.offscreen == "egl" ? render::Offscreen::Egl
              : o.offscreen == "xvfb" ? render::Offscreen::Xvfb : render::Offscreen::Auto;
  v.screenshot = o.screenshot;
  v.record_dir = o.record;
  v.shader_dir = o.shaders;
  if (view.lod_distances) v.lod.near = view.lod_distances->x(), v.lod.far = view.lod_distances->y();
  if (o.lod_near) v.lod.near = *o.lod_near;
  if (o.lod_far) v.lod.far = *o.lod_far;
  if (!(v.lod.near > 0 && v.lod.far > v.lod.near))
    throw CommandError("level-of-detail distances must satisfy 0 < near < far");
  if (o.lod != "auto")
    v.forced_lod = o.lod == "high" ? motion::Lod::High : o.lod == "medium" ? motion::Lod::Medium : motion::Lod::Low;
  if (view.eye) v.camera = render::CameraPose{*view.eye, *view.look_at};
  v.clothing = view.clothing;
  v.top_down = o.top_down;
  v.markers = o.markers || !offscreen;  // a window shows them at once; images only when asked
  for (const std::string& k : o.overlays) {
    if (k == "fans") v.overlays.fans = true;
    if (k == "sectors") v.overlays.sectors = true;
    if (k == "paths") v.overlays.paths = true;
    if (k == "labels") v.overlays.labels = true;
  }
  v.figures = !o.hide_figures;
  v.hud = !o.no_hud;
  v.quiet = o.log.quiet;
  if (!o.select.empty()) {
    v.selected = sim.agents().find(o.select);
    if (v.selected < 0) throw CommandError("--select: no agent named '" + o.select + "'");
    v.follow = o.follow;
  }
  return v;
}
#endif

// Action selection over the run (docs/action_selection.md): per system, the share of pedestrian
// time in each top-level activity, activity switches per agent-minute, and the most switches any
// pedestrian made within one minute.
nlohmann::ordered_json action_summary(const Simulation& sim) {
  const ActionTotals totals = sim.action_totals();
  nlohmann::ordered_json out;
  const auto& systems = sim.scripts().action.systems;
  for (std::size_t k = 0; k < systems.size(); ++k) {
    const action::System& s = systems[k].system;
    const double seconds = totals.agent_seconds[k];
    nlohmann::ordered_json share;
    for (std::size_t m = 0; m < s.groups[0].members.size(); ++m)
      share[s.behaviors[s.groups[0].members[m]].name] = seconds > 0 ? totals.activity_seconds[k][m] / seconds : 0.0;
    out[s.name] = {{"agent_minutes", seconds / 60.0},
                   {"activity_share", share},
                   {"switches", totals.switches[k]},
                   {"switches_per_agent_minute", seconds > 0 ? totals.switches[k] / (seconds / 60.0) : 0.0}};
  }
  out["most_switches_per_minute"] = totals.most_switches_per_minute;
  return out;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// The summary's `measurement` object: each area and line by name (docs/scenario.md).
nlohmann::ordered_json measurement_json(const Measurements& m) {
  nlohmann::ordered_json areas = nlohmann::ordered_json::object(), lines = nlohmann::ordered_json::object();
  const auto area_results = m.areas();
  for (std::size_t k = 0; k < area_results.size(); ++k) {
    const AreaResult& r = area_results[k];
    areas[m.spec().areas[k].name] = {{"density", r.density}, {"speed", r.speed},
                                     {"specific_flow", r.specific_flow}, {"lane_order", r.lane_order},
                                     {"frames", r.frames}, {"area_m2", r.area},
                                     {"voronoi_density", r.voronoi_density}, {"voronoi_speed", r.voronoi_speed},
                                     {"voronoi_specific_flow", r.voronoi_specific_flow}};
  }
  const auto line_results = m.lines();
  for (std::size_t k = 0; k < line_results.size(); ++k) {
    const LineResult& r = line_results[k];
    lines[m.spec().lines[k].name] = {{"crossings", r.crossings}, {"first_s", r.first},
                                     {"last_s", r.last}, {"flow", r.flow},
                                     {"specific_flow", r.specific_flow},
                                     {"steady_flow", r.steady_flow},
                                     {"steady_specific_flow", r.steady_specific_flow}};
  }
  return {{"areas", areas}, {"lines", lines}};
}

// The box the run's Voronoi cells are clipped to: analyze's (voronoi_box), with the measurement
// areas standing in for where the pedestrians go, which a run learns only at its end.
VoronoiFrame measurement_voronoi(const World& world, const MeasurementSpec& spec) {
  Aabb areas;
  for (const MeasurementArea& a : spec.areas)
    for (const Vec2& p : a.polygon) areas.add(p);
  return voronoi_box(world, areas, VoronoiFrame{}.cutoff);
}

}  // namespace

int validate_command(const std::string& scenario, const std::vector<std::string>& variants) {
  // One load per variant set: the file as it is (or with the variants asked for), then, when none
  // was asked for, the file with each variant it declares, so that a variant's errors show too.
  const auto check = [&](const std::vector<std::string>& chosen) {
    ScenarioOverrides v;
    v.variants = chosen;
    const Scenario s = load_scenario(scenario, v);
    for (const std::string& w : s.warnings) std::fprintf(stderr, "%s\n", w.c_str());
    const std::size_t sources = s.scripts.sources.size();
    const std::string fed = sources ? ", " + std::to_string(sources) + " sources" : std::string();
    std::string with;
    for (const std::string& name : chosen) with += (with.empty() ? " (variant " : ", ") + name;
    if (!with.empty()) with += ")";
    std::printf("%s%s: ok (%zu agents, %zu behavior nets, %zu obstacles, %zu regions%s)\n",
                scenario.c_str(), with.c_str(), s.agents.size(), s.nets.size(), s.world.obstacles.size(),
                s.world.regions.size(), fed.c_str());
    return s.variants;
  };
  try {
    const std::vector<std::string> declared = check(variants);
    if (variants.empty())
      for (const std::string& name : declared) check({name});
    return 0;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}

int run_command(const RunOptions& o) {
  apply_log_level(o.log);
  Scenario scenario;
  try {
    ScenarioOverrides v;
    v.variants = o.variants;
    scenario = load_scenario(o.scenario, v);
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  if (!o.log.quiet)
    for (const std::string& w : scenario.warnings) std::fprintf(stderr, "%s\n", w.c_str());
  if (o.seed) scenario.config.seed = *o.seed;
  std::shared_ptr<const motion::MotionLibrary> steps;
  try {
    steps = std::make_shared<const motion::MotionLibrary>(motion::load_motion_library(o.motion_dir));
  } catch (const motion::MotionFileError& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  // Rendering unless --headless asks for a pure simulation run (no images wanted).
  const bool images = !o.screenshot.empty() || !o.record.empty();
  bool render = !o.headless || images;
  bool offscreen = o.headless;
  if (render && !offscreen && !has_display()) {
    // Nobody could see a window: draw offscreen only when images are wanted.
    if (images) {
      spdlog::info("no display (DISPLAY is not set): rendering offscreen");
      offscreen = true;
    } else {
      spdlog::info("no display (DISPLAY is not set): running headless (--screenshot or --record render offscreen)");
      render = false;
    }
  }
#ifndef FOOTFALL_HAS_RENDER
  if (images) {
    std::fprintf(stderr, "footfall: this build has no renderer (FOOTFALL_RENDER=OFF): no --screenshot or --record\n");
    return 2;
  }
  if (render) spdlog::info("this build has no renderer (FOOTFALL_RENDER=OFF); running headless");
  render = false;
#endif
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  const long frames = o.frames ? *o.frames
                               : static_cast<long>(std::llround(scenario.duration / scenario.config.dt));
  // From here SIGINT and SIGTERM end the run at the next frame, with its outputs (interrupt.hpp).
  const InterruptWatch interrupt;
  try {
    // Every output is opened before the first frame: a path that cannot be written stops the run
    // before it starts (exit 2), and nothing is published until the last output is finished. The
    // SQLite store is the exception: written in place as the run goes (output/trajectory_db.hpp).
    std::unique_ptr<AtomicFile> trajectory, summary, jupedsim;
    try {
      if (!o.trajectory.empty()) trajectory = std::make_unique<AtomicFile>(o.trajectory);
      if (!o.summary.empty()) summary = std::make_unique<AtomicFile>(o.summary);
      if (!o.jupedsim_txt.empty()) jupedsim = std::make_unique<AtomicFile>(o.jupedsim_txt);
    } catch (const OutputPathError& e) {
      throw CommandError(e.what());
    }
    for (const auto& [what, path] : {std::pair{"trajectory CSV", o.trajectory}, {"summary", o.summary},
                                     {"Jülich text trajectories", o.jupedsim_txt}})
      if (!path.empty()) spdlog::debug("{}: {}, published when the run ends", what, path);
    // The viewer may run up to four steps beside the DRAW of one frame (a window at speed > 1).
    scenario.config.snapshots = std::max({scenario.config.snapshots, o.depth, render ? 5 : 1});
    scenario.config.realtime_budget_ms = o.realtime_ms;
    // Figures only where someone reads them: the viewer's CULL, or the foot-slip measure.
    scenario.config.posing = o.foot_slip ? Posing::All : render ? Posing::Wanted : Posing::None;
    Simulation sim(std::move(scenario.world), std::move(scenario.nets), std::move(scenario.agents),
                   scenario.config, std::move(scenario.scripts), steps);
    spdlog::info("{}: {} agents, {} frames at {:.0f} Hz, seed {}, {} threads", o.scenario,
                 sim.agents().size(), frames, 1.0 / sim.config().dt, sim.config().seed, threads);
#ifdef FOOTFALL_HAS_RENDER
    std::optional<render::ViewerOptions> viewer;
    if (render) viewer = viewer_options(o, scenario.view, sim, offscreen);  // may refuse an option (exit 2)
#endif
    const output::RunInfo run_info{FOOTFALL_VERSION, o.scenario, scenario.name, sim.config().seed, sim.config().dt};
    // Last of the checks: from here an older database of that name is gone.
    std::unique_ptr<output::TrajectoryDb> db;
    if (!o.db.empty()) {
      try {
        // A transaction per simulated second of frames (and at least one per wall-clock second).
        const int commit_frames = std::max(1, static_cast<int>(std::lround(1.0 / sim.config().dt)));
        db = std::make_unique<output::TrajectoryDb>(o.db, run_info, sim, commit_frames);
      } catch (const OutputPathError& e) {
        throw CommandError(e.what());
      }
      spdlog::debug("SQLite trajectory store: {}, committed every simulated second", o.db);
    }
    if (trajectory) output::write_csv_header(trajectory->stream());
    if (jupedsim) output::write_juelich_header(jupedsim->stream(), run_info);
    // Every trajectory output gets each published frame, in order.
    const auto write_frame = [&](const Snapshot& s) {
      if (trajectory) {
        output::write_csv_rows(trajectory->stream(), s, sim);
        trajectory->check();  // a full disk ends the run now, not after it
      }
      if (jupedsim) {
        output::write_juelich_rows(jupedsim->stream(), s);
        jupedsim->check();
      }
      if (db) db->frame(s);
    };
    write_frame(sim.snapshot());
    const std::size_t initial = sim.active_count();  // with those who enter later: every id given
    Measurements measurements(scenario.measurement, measurement_voronoi(sim.world(), scenario.measurement));
    measurements.observe(sim.snapshot());
    // Only for runs without a window (a window shows how it goes).
    ProgressBar progress(render && !offscreen ? 0 : frames, stderr,
                         !o.log.quiet && stderr_is_terminal());

    // Frame time: from one published frame to the next as its consumer sees them (the pipeline's
    // output stage, or the viewer's DRAW), which is what a viewer would see.
    Series frame_ms, sense_ms, control_ms, motion_ms, cull_ms, draw_ms, evaluations;
    nlohmann::ordered_json rendering;  // what the renderer drew; null in a run that draws nothing
    const auto record_stats = [&](const FrameStats& stats) {
      sense_ms.values.push_back(stats.ms.sense_ms);
      control_ms.values.push_back(stats.ms.control_ms);
      motion_ms.values.push_back(stats.ms.motion_ms);
      evaluations.values.push_back(static_cast<double>(stats.evaluations));
    };
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    if (render) {
#ifdef FOOTFALL_HAS_RENDER
      render::ViewerOptions& v = *viewer;
      v.measurement = scenario.measurement;
      // A window runs until it is closed unless a frame count is given.
      if (offscreen || o.frames) v.frames = frames;
      // A screenshot alone needs only the last frame drawn; --record needs them all.
      v.only_last = offscreen && !o.screenshot.empty() && o.record.empty();
      v.stop = [&interrupt] { return interrupt.requested(); };
      // Called right after each step, on the simulation's side of the overlap with DRAW.
      const render::RenderReport report = render::run_viewer(sim, v, [&](const Simulation& s) {
        write_frame(s.snapshot());
        measurements.observe(s.snapshot());
        record_stats(s.last_frame());
        progress.update(static_cast<long>(s.frame()));
      });
      progress.finish();
      spdlog::debug("frames drawn: {}", report.frames.size());
      // Per drawn frame: the whole frame, CULL and DRAW.
      Series calls, wait_ms;
      std::array<Series, motion::kLodCount> figures;
      for (const render::FrameRecord& r : report.frames) {
        frame_ms.values.push_back(r.frame_ms);
        cull_ms.values.push_back(r.cull_ms);
        draw_ms.values.push_back(r.draw_ms);
        wait_ms.values.push_back(r.wait_ms);
        calls.values.push_back(r.draw_calls);
        for (int l = 0; l < motion::kLodCount; ++l) figures[l].values.push_back(r.figures[l]);
      }
      rendering = {{"backend", report.backend},
                   {"renderer", report.renderer},
                   {"width", v.width},
                   {"height", v.height},
                   {"frames_drawn", report.frames.size()},
                   {"draw_calls", {{"mean", calls.mean()}, {"max", calls.max()}}},
                   {"wait_ms", wait_ms.mean()},
                   {"figures", {{"high", figures[0].mean()}, {"medium", figures[1].mean()}, {"low", figures[2].mean()}}}};
#endif
    } else {
      // With depth > 1 the output of frame N overlaps the simulation of N + 1.
      auto last = start;
      run_frames(
          sim, frames, o.depth,
          [&](const PublishedFrame& f) {
            write_frame(*f.snapshot);
            measurements.observe(*f.snapshot);
            progress.update(static_cast<long>(f.snapshot->frame));
            const auto now = clock::now();
            frame_ms.values.push_back(std::chrono::duration<double, std::milli>(now - last).count());
            last = now;
            record_stats(f.stats);
          },
          [&interrupt] { return interrupt.requested(); });
      progress.finish();
    }
    const double wall = std::chrono::duration<double>(clock::now() - start).count();

    const Metrics& m = sim.metrics();
    const std::uint64_t arrived = sim.arrived(), stuck = m.stuck;
    const double minutes = sim.time() / 60.0;
    nlohmann::ordered_json j;
    j["scenario"] = o.scenario;
    if (!o.variants.empty()) j["variants"] = o.variants;
    j["seed"] = sim.config().seed;
    j["threads"] = threads;
    j["pipeline_depth"] = o.depth;
    j["agents"] = sim.active_count();
    j["agent_slots"] = sim.agents().size();
    j["frames"] = sim.frame();
    j["sim_seconds"] = sim.time();
    j["wall_seconds"] = wall;
    j["frame_ms"] = {{"mean", frame_ms.mean()}, {"p50", frame_ms.percentile(0.5)},
                     {"p99", frame_ms.percentile(0.99)}};
    // CULL and DRAW belong to the renderer: 0 in a run that draws nothing.
    j["stage_ms"] = {{"sense", sense_ms.mean()}, {"control", control_ms.mean()},
                     {"motion", motion_ms.mean()}, {"cull", cull_ms.mean()}, {"draw", draw_ms.mean()}};
    j["arrived"] = arrived;
    j["collisions"] = m.collisions;
    j["stuck"] = stuck;
    j["jaywalk_events"] = m.jaywalk_events;
    j["red_crossings"] = m.red_crossings;
    j["red_stay_s_max"] = m.red_stay_max;
    j["red_stays_over_5s"] = m.red_stays_over_5s;
    // Measured only with --foot-slip (every figure posed every frame): null otherwise.
    j["foot_slip_mm_max"] = sim.measures_slip() ? nlohmann::ordered_json(1000.0 * m.foot_slip_max)
                                                : nlohmann::ordered_json(nullptr);
    j["crossings"] = m.crossings;
    j["crossings_per_minute"] = minutes > 0 ? m.crossings / minutes : 0.0;
    j["spawned"] = m.spawned;
    j["pedestrians"] = initial + m.spawned;
    j["trips"] = m.trips;
    j["longest_trip_s"] = sim.longest_trip();
    const Series trip_s{sim.trip_times()};
    j["trip_s"] = {{"mean", trip_s.mean()}, {"p50", trip_s.percentile(0.5)},
                   {"p99", trip_s.percentile(0.99)}, {"max", trip_s.max()}};
    j["decisions"] = m.decisions;
    j["walk_evaluations"] = m.evaluations;
    // Staggered foot-strikes (DESIGN.md): the walk-node load per frame should stay even.
    const double most = evaluations.max();
    j["walk_evaluations_per_frame"] = {{"mean", evaluations.mean()}, {"max", most},
                                       {"max_over_mean", evaluations.mean() > 0 ? most / evaluations.mean() : 0.0}};
    j["realtime_reduced_frames"] = m.reduced_frames;
    j["blocked_decisions"] = m.blocked;
    j["trajectory_hash"] = hex(sim.trajectory_hash());
    // Each failed check, to find it again in the trajectory: the first 100.
    j["incidents"] = nlohmann::ordered_json::array();
    for (const Incident& i : m.incidents) {
      nlohmann::ordered_json e = {{"kind", incident_name(i.kind)}, {"time_s", i.time},
                                  {"agent", sim.name_of(i.id)}, {"at", {i.where.x(), i.where.y()}}};
      if (i.kind == Incident::Kind::Collision) e["with"] = sim.other_in(i);
      j["incidents"].push_back(std::move(e));
    }
    if (!measurements.spec().empty()) j["measurement"] = measurement_json(measurements);
    if (const auto reports = sim.source_reports(); !reports.empty()) {
      // What each source emitted: the flow it reached against the flow asked for, and how many
      // arrivals found no room and entered late (or still wait).
      nlohmann::ordered_json sources;
      for (const SourceReport& r : reports)
        sources[r.name] = {{"flow_target", r.flow_target}, {"flow", r.flow()}, {"window_s", r.window},
                           {"planned", r.planned},         {"emitted", r.emitted}, {"delayed", r.delayed},
                           {"waiting", r.waiting},
                           {"delay_s", {{"mean", r.delay_mean}, {"max", r.delay_max}}}};
      j["sources"] = sources;
    }
    if (!sim.scripts().action.empty()) j["action_selection"] = action_summary(sim);
    if (!rendering.is_null()) j["render"] = rendering;
    // An interrupted run's outputs are complete up to its last frame, and say so.
    const int signal = interrupt.signal();
    j["interrupted"] = signal != 0;
    if (signal) j["signal"] = signal_name(signal);

    if (summary)  // a scenario path that is not UTF-8 must not fail the run here
      summary->stream() << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    // All outputs finished (written and synced) before any is published: a failed run leaves none.
    for (AtomicFile* f : {trajectory.get(), summary.get(), jupedsim.get()})
      if (f) f->finish();
    if (db)
      db->finish({{"trajectory_hash", hex(sim.trajectory_hash())},
                  {"interrupted", signal ? signal_name(signal) : "no"},
                  {"spawned", std::to_string(m.spawned)},
                  {"trips", std::to_string(m.trips)}});
    for (AtomicFile* f : {trajectory.get(), summary.get(), jupedsim.get()})
      if (f) f->commit();
    if (signal) {
      spdlog::warn("interrupted by {} after {} frames; outputs hold the frames simulated", signal_name(signal),
                   sim.frame());
      return 128 + signal;
    }
    spdlog::info("{} frames in {:.2f} s ({:.0f} frames/s): {} arrived, {} collisions, {} stuck, "
                 "hash {}",
                 sim.frame(), wall, sim.frame() / std::max(wall, 1e-9), arrived, m.collisions, stuck,
                 hex(sim.trajectory_hash()));
  } catch (const CommandError& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "footfall: out of memory: the scenario is too large for this machine\n");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace footfall::app

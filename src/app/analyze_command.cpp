// footfall analyze: a run's trajectories and its scenario in; the figures of docs/analysis.md out.
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>

#include "analysis_files.hpp"
#include "commands.hpp"
#include "footfall/analysis/voronoi_box.hpp"
#include "footfall/output/trajectory_db_reader.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::app {
namespace fs = std::filesystem;
namespace {

// Where the file's pedestrians went.
Aabb walked(const Trajectories& t) {
  Aabb box;
  for (const TrajectoryFrame& f : t.frames)
    for (const Vec2& p : f.position) box.add(p);
  return box;
}

}  // namespace

int analyze_command(const AnalyzeOptions& o) {
  if (o.quiet) spdlog::set_level(spdlog::level::warn);
  Scenario scenario;
  try {
    scenario = load_scenario(o.scenario);
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  std::error_code ec;
  fs::create_directories(o.out, ec);
  if (!fs::is_directory(o.out)) {
    std::fprintf(stderr, "footfall: cannot create the output directory %s\n", o.out.c_str());
    return 2;
  }
  Trajectories t;
  try {
    t = is_sqlite_file(o.run) ? output::read_trajectory_db(o.run) : read_trajectories(o.run);
  } catch (const TrajectoryError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  const Periodic& per = scenario.world.periodic;
  compute_velocities(t, o.speed_window, 3.0, per.axis, per.on() ? per.length() : 0.0);
  AnalysisOptions options;
  options.interval = o.interval;
  options.speed_window = o.speed_window;
  options.heat_cell = o.heat_cell;
  options.voronoi = voronoi_box(scenario.world, walked(t), o.cutoff);
  const World& world = scenario.world;
  options.solid = [&world](const Vec2& p) {
    bool inside = false;
    world.for_each_obstacle_near(Aabb{p, p}, [&](std::uint32_t k) {
      const Obstacle& ob = world.obstacles[k];
      inside = inside || (ob.solid && distance_to(ob.shape, p) <= 0);
    });
    return inside;
  };
  MeasurementSpec spec = scenario.measurement;
  if (spec.areas.empty()) {  // no areas: the whole box, so the run still has a fundamental diagram
    const Vec2 lo = options.voronoi.lo, hi = options.voronoi.hi;
    spec.areas.push_back({"world", {lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}}, 0});
  }
  spdlog::info("analyze: {} frames, {} pedestrians, {} areas, {} lines", t.frames.size(), t.names.size(),
               spec.areas.size(), spec.lines.size());
  const Analysis a = analyze(t, spec, options);
  try {
    write_analysis_csv(a, o.out);
    nlohmann::ordered_json j;
    j["trajectory"] = o.run;
    j["scenario"] = o.scenario;
    j["frames"] = t.frames.size();
    j["pedestrians"] = t.names.size();
    j["interval_s"] = o.interval;
    j["speed_window_s"] = o.speed_window;
    j["voronoi_cutoff_m"] = o.cutoff;
    j["measurement"] = analysis_json(a);
    std::ofstream(fs::path(o.out) / "summary.json") << j.dump(2) << '\n';
    if (o.plot)
      for (const fs::path& png : plot_analysis(a, o.out)) spdlog::info("analyze: wrote {}", png.string());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "footfall: %s\n", e.what());
    return 1;
  }
  for (const AreaAnalysis& area : a.areas)
    spdlog::info("area {}: density {:.3f} (Voronoi {:.3f}) persons/m², speed {:.3f} (Voronoi {:.3f}) m/s, "
                 "specific flow {:.3f} persons/(m·s)",
                 area.name, area.mean.classic_density, area.mean.voronoi_density, area.mean.classic_speed,
                 area.mean.voronoi_speed, area.mean.specific_flow);
  for (const LineAnalysis& l : a.lines)
    spdlog::info("line {}: {} crossings, flow {:.3f} persons/s ({:.3f} per metre)", l.name, l.crossings, l.flow,
                 l.specific_flow);
  return 0;
}

}  // namespace footfall::app

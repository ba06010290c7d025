// footfall: real-time simulator of walking pedestrians. Command-line entry point.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <new>

#include "commands.hpp"

namespace {

// --size WxH, each side 16 to 16384.
void add_size_option(CLI::App* command, int& width, int& height, const std::string& help) {
  command->add_option_function<std::string>(
      "--size",
      [&width, &height](const std::string& s) {
        char x = 0, rest = 0;
        if (std::sscanf(s.c_str(), "%d%c%d%c", &width, &x, &height, &rest) != 3 || x != 'x' || width < 16 ||
            height < 16 || width > 16384 || height > 16384)
          throw CLI::ValidationError("--size", "expected WxH between 16x16 and 16384x16384, got '" + s + "'");
      },
      help);
}

// A number the option's own range check would let through: NaN compares false with every bound.
const CLI::Validator kFinite(
    [](std::string& s) {
      try {
        std::size_t used = 0;
        if (std::isfinite(std::stod(s, &used)) && used == s.size()) return std::string();
      } catch (const std::exception&) {
      }
      return "expected a finite number, got '" + s + "'";
    },
    "FINITE");

// A seed is a count: CLI11 would read -1 as 2^64 - 1.
const CLI::Validator kSeed(
    [](std::string& s) {
      const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
      if (digits && (s.size() < 16 || (s.size() == 16 && s <= "9007199254740992"))) return std::string();
      return "expected a seed from 0 to 2^53 (9007199254740992), got '" + s + "'";
    },
    "SEED");

int run(int argc, char** argv);

}  // namespace

// Out of memory anywhere (a city too large for the machine) is a message and exit 1, not an abort.
int main(int argc, char** argv) {
  // A reader that goes away (a closed pipe or FIFO) is a write error with a message, not a kill.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "footfall: out of memory: the scenario is too large for this machine\n");
    return 1;
  }
}

namespace {

int run(int argc, char** argv) {
  using namespace footfall::app;
  CLI::App app{"footfall — behavioral simulation of walking pedestrians (Granieri et al. 1995)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("footfall ") + FOOTFALL_VERSION, "print the version and exit");

  RunOptions run;
  auto* run_cmd = app.add_subcommand("run", "simulate a scenario");
  run_cmd->add_option("scenario", run.scenario, "scenario YAML file")->required();
  run_cmd->add_option("--variant", run.variants, "merge the scenario's variant NAME over it (`variants:`, docs/scenario.md); repeatable, applied in order")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  run_cmd->add_flag("--headless", run.headless,
                    "no window: only simulate, or render offscreen for --screenshot and --record");
  run_cmd->add_option("--frames", run.frames, "frames to simulate (default: the scenario's duration)")
      ->check(CLI::Range(0l, 100'000'000l));
  run_cmd->add_option("--seed", run.seed, "override the scenario's seed (0 to 2^53)")->check(kSeed);
  run_cmd->add_option("--threads", run.threads, "worker threads (0: all cores)")
      ->check(CLI::Range(0, 1024));
  run_cmd->add_option("--trajectory", run.trajectory, "write the trajectory CSV: frame,time,id,name,x,y,heading,state,behavior");
  run_cmd->add_option("--summary", run.summary, "write the run summary JSON");
  run_cmd->add_option("--db", run.db, "write the SQLite trajectory store (metadata, geometry, frames, trips), "
                                      "committed as the run goes");
  run_cmd->add_option("--jupedsim-txt", run.jupedsim_txt,
                      "write the Jülich plain-text trajectory format (PeTrack, JuPedSim, PedPy): id frame x y z");
  run.motion_dir = FOOTFALL_MOTION_DIR;
  run_cmd->add_option("--motion", run.motion_dir, "directory of the authored steps (footfall_author)")
      ->capture_default_str();
  run_cmd->add_option("--pipeline-depth", run.depth,
                      "frames in flight: the output of frame N overlaps the simulation of the next")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  run_cmd->add_option("--realtime", run.realtime_ms,
                      "realtime mode: a smaller fan after CONTROL took longer than this many ms "
                      "(results then depend on timing); 0: off")
      ->check(kFinite & CLI::Range(0.0, 1e6));
  run_cmd->add_flag("--foot-slip", run.foot_slip,
                    "pose every figure every frame and report foot_slip_mm_max in the summary "
                    "(otherwise only figures in view are posed, none headless, and it is null)");
  add_log_options(run_cmd, run.log);
  run_cmd->add_option("--screenshot", run.screenshot, "render and write the last frame as a PNG");
  run_cmd->add_option("--record", run.record, "render and write every frame as DIR/frame_NNNNNN.png");
  add_size_option(run_cmd, run.width, run.height, "window or image size, WxH (default 1280x720)");
  run_cmd->add_option("--lod-near", run.lod_near, "metres: high detail nearer (default: the scenario's view, else 15)")
      ->check(kFinite & CLI::Range(0.0, 1e6));
  run_cmd->add_option("--lod-far", run.lod_far, "metres: low detail farther (default: the scenario's view, else 40)")
      ->check(kFinite & CLI::Range(0.0, 1e6));
  run_cmd->add_option("--lod", run.lod, "level of detail of every figure")
      ->check(CLI::IsMember({"auto", "high", "medium", "low"}))->capture_default_str();
  run_cmd->add_option("--shaders", run.shaders, "directory of the GLSL shaders (default: beside the binary, "
                                                "then the source tree)");
  run_cmd->add_option("--offscreen", run.offscreen, "offscreen rendering through EGL, a private Xvfb, or auto")
      ->check(CLI::IsMember({"auto", "egl", "xvfb"}))->capture_default_str();
  run_cmd->add_flag("--hide-figures", run.hide_figures, "draw the scene without the figures");
  run_cmd->add_flag("--no-hud", run.no_hud, "no text over the image");
  run_cmd->add_option("--overlays", run.overlays, "overlays shown at the start: fans, sectors, paths, labels")
      ->delimiter(',')->check(CLI::IsMember({"fans", "sectors", "paths", "labels"}));
  run_cmd->add_option("--select", run.select, "the agent selected at the start (by name)");
  run_cmd->add_flag("--top-down", run.top_down, "start in the top-down orthographic view (key t), also for images");
  run_cmd->add_flag("--markers", run.markers,
                    "draw locations, goals and measurement areas in images too (a window shows them; key m)");
  run_cmd->add_flag("--follow", run.follow, "start with the camera following the selected agent (with --select)")
      ->needs("--select");

  BenchOptions bench;
  auto* bench_cmd = app.add_subcommand(
      "bench", "frame rate against agent count: the scenario tiled into a city at its own density");
  bench_cmd->add_option("scenario", bench.scenario, "scenario YAML file with a population")->required();
  bench_cmd->add_option("--variant", bench.variants, "merge the scenario's variant NAME over it (`variants:`, docs/scenario.md); repeatable, applied in order")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  bench_cmd->add_option("--agents", bench.agents, "agent counts, comma-separated")
      ->delimiter(',')
      ->check(CLI::Range(1l, 2'000'000l))
      ->capture_default_str();
  bench_cmd->add_option("--frames", bench.frames, "frames measured per point")
      ->check(CLI::Range(1l, 1'000'000l))
      ->capture_default_str();
  bench_cmd->add_option("--warmup", bench.warmup, "frames simulated before measuring")
      ->check(CLI::Range(0l, 1'000'000l))
      ->capture_default_str();
  bench_cmd->add_option("--threads", bench.threads,
                        "thread counts, comma-separated; each agent count runs at each (0: all cores)")
      ->delimiter(',')
      ->check(CLI::Range(0, 1024));
  bench_cmd->add_option("--pipeline-depth", bench.depth, "frames in flight")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  bench_cmd->add_option("--seed", bench.seed, "override the scenario's seed (0 to 2^53)")->check(kSeed);
  bench_cmd->add_option("--out", bench.out, "directory for bench.csv and bench.png")
      ->capture_default_str();
  bench.motion_dir = FOOTFALL_MOTION_DIR;
  bench_cmd->add_option("--motion", bench.motion_dir, "directory of the authored steps")
      ->capture_default_str();
  bench.plot_script = FOOTFALL_PLOT_SCRIPT;
  bench_cmd->add_option("--plot", bench.plot_script, "gnuplot script drawing bench.png from bench.csv")
      ->capture_default_str();
  bench_cmd->add_flag_callback("--no-plot", [&] { bench.plot_script.clear(); }, "write bench.csv only");
  add_log_options(bench_cmd, bench.log, QuietKeeps::Warnings);
  bench_cmd->add_flag("--render", bench.render,
                      "draw every frame offscreen (cull_ms, draw_ms, draw calls and figures per level in the CSV)");
  add_size_option(bench_cmd, bench.width, bench.height, "image size with --render, WxH (default 1280x720)");
  bench_cmd->add_option("--shaders", bench.shaders, "directory of the GLSL shaders (with --render)");

  AnalyzeOptions analyze;
  auto* analyze_cmd = app.add_subcommand(
      "analyze", "measure a run's trajectories: density, speed and flow per area and line over time, trip times, "
                 "heat maps, the fundamental diagram (CSV, PNG, JSON)");
  analyze_cmd->add_option("trajectory", analyze.run, "the run's trajectory: the CSV of footfall run --trajectory, or its SQLite store (--db)")
      ->required();
  analyze_cmd->add_option("--scenario", analyze.scenario, "the scenario the run simulated")->required();
  analyze_cmd->add_option("--out", analyze.out, "directory for the figures")->capture_default_str();
  analyze_cmd->add_option("--interval", analyze.interval, "seconds per bin of the time series")
      ->check(kFinite & CLI::Range(0.01, 1e6))->capture_default_str();
  analyze_cmd->add_option("--speed-window", analyze.speed_window, "seconds over which velocities are differenced")
      ->check(kFinite & CLI::Range(0.01, 100.0))->capture_default_str();
  analyze_cmd->add_option("--heat-cell", analyze.heat_cell, "metres: the heat maps' cell")
      ->check(kFinite & CLI::Range(0.05, 100.0))->capture_default_str();
  analyze_cmd->add_option("--cutoff", analyze.cutoff, "metres: Voronoi cells are clipped to a disc this wide")
      ->check(kFinite & CLI::Range(0.1, 100.0))->capture_default_str();
  analyze_cmd->add_flag_callback("--no-plot", [&] { analyze.plot = false; }, "write CSV and JSON only");
  analyze_cmd->add_flag("-q,--quiet", analyze.quiet, "print only warnings and errors");

  std::string validate_path;
  std::vector<std::string> validate_variants;
  auto* validate_cmd = app.add_subcommand("validate", "check a scenario file and exit");
  validate_cmd->add_option("scenario", validate_path, "scenario YAML file")->required();
  validate_cmd->add_option("--variant", validate_variants,
                           "check the scenario with its variant NAME merged over it (default: the file and each variant)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);

  auto* sweep_cmd = app.add_subcommand("sweep", "run a scenario over seeds and parameters on Dask (Python; "
                                                "`footfall sweep --help` for its options)");
  sweep_cmd->prefix_command();  // everything after `sweep` is the Python command's
  sweep_cmd->set_help_flag();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (*run_cmd) return run_command(run);
  if (*bench_cmd) return bench_command(bench);
  if (*analyze_cmd) return analyze_command(analyze);
  if (*sweep_cmd) return sweep_command(sweep_cmd->remaining(), argv[0]);
  return validate_command(validate_path, validate_variants);
}

}  // namespace

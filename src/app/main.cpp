// footfall: real-time simulator of walking pedestrians. Command-line entry point.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "commands.hpp"

int main(int argc, char** argv) {
  using namespace footfall::app;
  CLI::App app{"footfall — behavioral simulation of walking pedestrians (Granieri et al. 1995)"};
  app.require_subcommand(1);

  RunOptions run;
  auto* run_cmd = app.add_subcommand("run", "simulate a scenario");
  run_cmd->add_option("scenario", run.scenario, "scenario YAML file")->required();
  run_cmd->add_flag("--headless", run.headless, "run without a window");
  run_cmd->add_option("--frames", run.frames, "frames to simulate (default: the scenario's duration)")
      ->check(CLI::Range(0l, 100'000'000l));
  run_cmd->add_option("--seed", run.seed, "override the scenario's seed");
  run_cmd->add_option("--threads", run.threads, "worker threads (0: all cores)")
      ->check(CLI::Range(0, 1024));
  run_cmd->add_option("--trajectory", run.trajectory, "write frame,time,agent,x,y,heading,state CSV");
  run_cmd->add_option("--summary", run.summary, "write the run summary JSON");
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
      ->check(CLI::Range(0.0, 1e6));
  run_cmd->add_flag("-q,--quiet", run.quiet, "print only errors");

  BenchOptions bench;
  auto* bench_cmd = app.add_subcommand(
      "bench", "frame rate against agent count: the scenario tiled into a city at its own density");
  bench_cmd->add_option("scenario", bench.scenario, "scenario YAML file with a population")->required();
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
  bench_cmd->add_option("--seed", bench.seed, "override the scenario's seed");
  bench_cmd->add_option("--out", bench.out, "directory for bench.csv and bench.png")
      ->capture_default_str();
  bench.motion_dir = FOOTFALL_MOTION_DIR;
  bench_cmd->add_option("--motion", bench.motion_dir, "directory of the authored steps")
      ->capture_default_str();
  bench.plot_script = FOOTFALL_PLOT_SCRIPT;
  bench_cmd->add_option("--plot", bench.plot_script, "gnuplot script drawing bench.png from bench.csv")
      ->capture_default_str();
  bench_cmd->add_flag_callback("--no-plot", [&] { bench.plot_script.clear(); }, "write bench.csv only");
  bench_cmd->add_flag("-q,--quiet", bench.quiet, "print only warnings and errors");

  std::string validate_path;
  auto* validate_cmd = app.add_subcommand("validate", "check a scenario file and exit");
  validate_cmd->add_option("scenario", validate_path, "scenario YAML file")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (*run_cmd) return run_command(run);
  if (*bench_cmd) return bench_command(bench);
  return validate_command(validate_path);
}

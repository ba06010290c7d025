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
  return validate_command(validate_path);
}

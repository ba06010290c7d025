// footfall: real-time simulator of walking pedestrians. Command-line entry point.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstdio>

#include "commands.hpp"

int main(int argc, char** argv) {
  using namespace footfall::app;
  CLI::App app{"footfall — behavioral simulation of walking pedestrians (Granieri et al. 1995)"};
  app.require_subcommand(1);

  RunOptions run;
  auto* run_cmd = app.add_subcommand("run", "simulate a scenario");
  run_cmd->add_option("scenario", run.scenario, "scenario YAML file")->required();
  run_cmd->add_flag("--headless", run.headless,
                    "no window: only simulate, or render offscreen for --screenshot and --record");
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
  run_cmd->add_option("--screenshot", run.screenshot, "render and write the last frame as a PNG");
  run_cmd->add_option("--record", run.record, "render and write every frame as DIR/frame_NNNNNN.png");
  run_cmd->add_option_function<std::string>(
          "--size",
          [&run](const std::string& s) {
            char x = 0, rest = 0;
            if (std::sscanf(s.c_str(), "%d%c%d%c", &run.width, &x, &run.height, &rest) != 3 || x != 'x' ||
                run.width < 16 || run.height < 16 || run.width > 16384 || run.height > 16384)
              throw CLI::ValidationError("--size", "expected WxH between 16x16 and 16384x16384, got '" + s + "'");
          },
          "window or image size, WxH (default 1280x720)");
  run_cmd->add_option("--lod-near", run.lod_near, "metres: high detail nearer (default: the scenario's view, else 15)")
      ->check(CLI::Range(0.0, 1e6));
  run_cmd->add_option("--lod-far", run.lod_far, "metres: low detail farther (default: the scenario's view, else 40)")
      ->check(CLI::Range(0.0, 1e6));
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
  run_cmd->add_flag("--follow", run.follow, "start with the camera following the selected agent (with --select)")
      ->needs("--select");

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

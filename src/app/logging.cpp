#include "logging.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

namespace footfall::app {

void add_log_options(CLI::App* command, LogOptions& o, QuietKeeps quiet) {
  command->add_flag("-q,--quiet", o.quiet,
                    quiet == QuietKeeps::Errors ? "print only errors (no warnings, progress or summary line)"
                                                : "print only warnings and errors");
  command->add_flag("-v,--verbose", o.verbose, "print debug messages too (--log-level debug)");
  command->add_option("--log-level", o.level, "trace, debug, info (default), warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
}

void apply_log_level(const LogOptions& o, QuietKeeps quiet) {
  spdlog::level::level_enum level = spdlog::level::info;
  if (o.quiet) level = quiet == QuietKeeps::Errors ? spdlog::level::err : spdlog::level::warn;
  if (o.verbose) level = spdlog::level::debug;
  if (!o.level.empty()) level = spdlog::level::from_str(o.level);
  spdlog::set_level(level);
}

}  // namespace footfall::app

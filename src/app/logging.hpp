#pragma once
// Log levels of the command line, on spdlog (the logger the app already uses): -q errors only,
// the default info, -v debug, --log-level any of trace, debug, info, warn, error, off.
#include <string>

namespace CLI {
class App;
}

namespace footfall::app {

struct LogOptions {
  bool quiet = false;
  bool verbose = false;
  std::string level;  // empty: from quiet and verbose
};

// What -q keeps: errors (run), or warnings and errors (bench, whose warnings are about timings).
enum class QuietKeeps { Errors, Warnings };

// Adds -q/--quiet, -v/--verbose and --log-level to a command.
void add_log_options(CLI::App* command, LogOptions& options, QuietKeeps quiet = QuietKeeps::Errors);
// Sets spdlog's level from the options; --log-level wins over -q and -v.
void apply_log_level(const LogOptions& options, QuietKeeps quiet = QuietKeeps::Errors);

}  // namespace footfall::app

#pragma once
// What every trajectory output says about the run that wrote it.
#include <cstdint>
#include <string>

namespace footfall::output {

struct RunInfo {
  std::string version;   // footfall's version
  std::string scenario;  // the scenario file, as given
  std::string name;      // the scenario's name
  std::uint64_t seed = 0;
  double dt = 1.0 / 30.0;  // frame period, seconds
};

}  // namespace footfall::output

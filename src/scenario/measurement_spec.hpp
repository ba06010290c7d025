#pragma once
// The `measurement:` section of a scenario: areas and lines whose density, speed and flow go into
// the summary (docs/scenario.md).
#include "yaml_reader.hpp"

namespace footfall {

MeasurementSpec measurement_spec(const yaml::Reader& r, const YAML::Node& n);

}  // namespace footfall

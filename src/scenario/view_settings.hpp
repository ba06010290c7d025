#pragma once
// The `view:` section of a scenario: level-of-detail distances, the starting camera and the
// clothing palette (docs/scenario.md).
#include "yaml_reader.hpp"

namespace footfall {

ViewSettings view_settings(const yaml::Reader& r, const YAML::Node& n);

}  // namespace footfall

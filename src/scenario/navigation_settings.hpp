#pragma once
// The scenario's `navigation:` block: how navigation fields are built.
#include <yaml-cpp/yaml.h>

#include "footfall/world/distance_field.hpp"
#include "yaml_reader.hpp"

namespace footfall {

// `navigation: {crowd: {against, density, radius, every}}` (docs/scenario.md).
CrowdCost navigation_settings(const yaml::Reader& r, const YAML::Node& n);

}  // namespace footfall

#pragma once
// The `sources:` section of a scenario (docs/scenario.md): walkers that enter a region at a given
// flow. The loader supplies what only it knows: template lookup, `set:` blocks and the agent model.
#include <functional>
#include <vector>

#include "footfall/pipeline/sources.hpp"
#include "yaml_reader.hpp"

namespace footfall {

struct SourceHooks {
  // The behavior template a node names (fails with a suggestion when there is none).
  std::function<int(const YAML::Node& behavior)> behavior;
  // The template's defaults with the node's `set:` applied (an undefined node: none).
  std::function<std::vector<double>(int behavior, const YAML::Node& set)> params;
  // The agent-model values for `attributes:` (undefined: none), applied to `params` in place.
  std::function<std::vector<double>(int behavior, const YAML::Node& attributes, std::vector<double>& params)> model;
};

std::vector<SourceSpec> sources_spec(const yaml::Reader& r, const YAML::Node& n, const World& world,
                                     const SourceHooks& hooks);

// An agent name that a source's walkers would take (<source>_<n>): an error at `at`.
void check_source_names(const yaml::Reader& r, const std::vector<SourceSpec>& sources,
                        const std::vector<std::string>& agent_names, const YAML::Node& at);

}  // namespace footfall

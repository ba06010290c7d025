#pragma once
// The scenario's `action_selection:` section (docs/action_selection.md): objects pedestrians
// perceive, Blumberg systems compiled for one behavior-net template each, and external control of
// named agents; the PaT-Nets behaviors start are compiled for the system's template. Errors name file:line:col and the key.
#include <vector>

#include "footfall/agents/agent_model.hpp"
#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/pipeline/action_selection.hpp"
#include "footfall/world/world.hpp"
#include "scripts_loader.hpp"
#include "yaml_reader.hpp"

namespace footfall {

ActionSelection load_action_selection(const yaml::Reader& r, const YAML::Node& n, const World& world,
                                      const std::vector<NetTemplate>& nets, ScriptsLoader& scripts,
                                      const Agents& agents, const AgentModel& model);

}  // namespace footfall

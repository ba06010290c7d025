#pragma once
// Choosing an agent with the mouse and reading it out: the behavior-net node values at its current
// pose and the states of its PaT-Nets, refreshed every frame while it stays selected.
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/agents/agents.hpp"

namespace footfall {
class Simulation;
}

namespace footfall::render {

struct Ray {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();
  Eigen::Vector3d direction = Eigen::Vector3d::UnitX();  // unit
};

// The agent whose figure (a vertical cylinder of its radius, a little widened, and its height) the
// ray meets first; -1 for none.
std::int64_t pick_agent(const Snapshot& snapshot, const Ray& ray);

// One line per item: the agent, its gait and step, then every PaT-Net instance (net: state, time in
// state), then every behavior-net node with its outputs evaluated at the agent's pose now, then
// the desired velocity of each steering node for the next decision.
std::vector<std::string> inspect_agent(const Simulation& sim, std::uint32_t agent);

// The desired velocity of each bound steering node (docs/steering.md) for the agent's next
// decision, after the net's combination: (node, desired velocity), null nodes left out.
struct SteeringDesire {
  std::uint32_t node = 0;
  Eigen::Vector2d velocity = Eigen::Vector2d::Zero();
};
std::vector<SteeringDesire> steering_desires_now(const Simulation& sim, std::uint32_t agent);

// The short label shown over an agent: its innermost running PaT-Net and state ("cross: wait").
std::string net_label(const Simulation& sim, std::uint32_t agent);

}  // namespace footfall::render

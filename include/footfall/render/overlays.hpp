#pragma once
// Diagnostic overlays drawn over the scene, built from the simulation between steps as plain
// geometry (the viewer turns each kind into one drawable, so overlays cost a fixed number of draw
// calls whatever the number of agents):
// - fans: the candidate footsteps of the agent's next decision (the fan in front of the foot now
//   landing, plus goal, turn, side and back candidates), and the step in progress: the motion of
//   its location and the footprint it lands on, and an arrow for each steering node's desired
//   velocity at that decision (one second of travel);
// - sectors: the field of every proximity sensor (radius, ±fov about the heading);
// - paths: from the agent to its current goal, then along the locations left on its route;
// - labels: the innermost PaT-Net state over the agent's head.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace footfall {
class Simulation;
}

namespace footfall::render {

struct OverlayFlags {
  bool fans = false, sectors = false, paths = false, labels = false;
  bool any() const { return fans || sectors || paths || labels; }
};

struct Label {
  Eigen::Vector3f position;
  std::string text;
};

struct OverlayGeometry {
  std::vector<Eigen::Vector3f> line_points;  // pairs: GL_LINES
  std::vector<Eigen::Vector4f> line_colours;  // per point
  std::vector<Eigen::Vector3f> dots;           // GL_POINTS
  std::vector<Eigen::Vector4f> dot_colours;
  std::vector<Label> labels;
  void clear();
};

// Overlays for `agents` (those the viewer shows them for: visible and near, nearest first), labels
// for the first `label_limit` of them only, plus a ring under the selected agent (-1: none)
// whatever the flags.
void build_overlays(const Simulation& sim, std::span<const std::uint32_t> agents, const OverlayFlags& flags,
                    std::size_t label_limit, std::int64_t selected, OverlayGeometry& out);

}  // namespace footfall::render

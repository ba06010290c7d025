#pragma once
// Figures' surfaces, built procedurally for each level of detail (Granieri et al. 1995 §4.3: about
// 2000, 500 and 120 polygons): ellipsoids and boxes around the bones in the rest pose, each vertex
// bound rigidly to one joint. Plain data for the renderer: transform every vertex by its joint's
// skinning matrix (pose.hpp) and the figure's root.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "footfall/motion/skeleton.hpp"

namespace footfall::motion {

struct Mesh {
  std::vector<Eigen::Vector3f> positions;  // rest pose, root frame, reference height
  std::vector<Eigen::Vector3f> normals;    // unit
  std::vector<std::uint16_t> joints;       // per vertex: the joint it moves with
  std::vector<std::uint32_t> indices;      // triangles, counter-clockwise seen from outside
  std::size_t triangles() const { return indices.size() / 3; }
};

Mesh build_mesh(const Skeleton& skeleton);

}  // namespace footfall::motion

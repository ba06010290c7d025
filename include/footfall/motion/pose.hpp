#pragma once
// Poses as MOTION publishes them. Per agent: the figure's root on the ground (world position,
// heading, uniform scale of the reference figure to the agent's height), the pelvis translation in
// the root frame, and one float quaternion per joint of the agent's current level of detail — a
// joint's rotation relative to its parent. Agents' joints lie back to back in one array, so a
// renderer can turn them into per-joint rigid transforms (model_transforms) or skinning matrices
// for a texture buffer without chasing pointers.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/core/math.hpp"
#include "footfall/motion/skeleton.hpp"

namespace footfall::motion {

struct FigureRoot {
  Vec2 position = Vec2::Zero();  // on the ground, world
  float heading = 0;             // radians, counter-clockwise from +x
  float scale = 1;               // agent height / kReferenceHeight
};

// A rigid transform in float: p ↦ rotation·p + translation.
struct Rigid {
  Eigen::Quaternionf rotation = Eigen::Quaternionf::Identity();
  Eigen::Vector3f translation = Eigen::Vector3f::Zero();
};

// One figure's pose (e.g. the full high-detail pose computed on request).
struct Pose {
  Lod lod = Lod::Medium;
  FigureRoot root;
  Eigen::Vector3f pelvis = Eigen::Vector3f::Zero();
  std::vector<Eigen::Quaternionf> joints;
};

// Every agent's pose, structure of arrays; agent a's joints are joints[first[a] .. first[a + 1]).
// Free population slots hold no joints.
struct Poses {
  std::vector<Lod> lod;
  std::vector<FigureRoot> root;
  std::vector<Eigen::Vector3f> pelvis;
  std::vector<std::uint32_t> first;  // size() + 1 entries
  std::vector<Eigen::Quaternionf> joints;

  std::size_t size() const { return lod.size(); }
  void resize(std::size_t n) {
    lod.resize(n, Lod::Medium);
    root.resize(n);
    pelvis.resize(n, Eigen::Vector3f::Zero());
    first.resize(n + 1, first.empty() ? 0 : first.back());
  }
  std::span<const Eigen::Quaternionf> joints_of(std::size_t a) const {
    return {joints.data() + first[a], joints.data() + first[a + 1]};
  }
  std::span<Eigen::Quaternionf> joints_of(std::size_t a) {
    return {joints.data() + first[a], joints.data() + first[a + 1]};
  }
};

// Forward kinematics in the root frame (reference height; scale and place with the FigureRoot).
void model_transforms(const Skeleton& skeleton, const Eigen::Vector3f& pelvis,
                      std::span<const Eigen::Quaternionf> joints, std::span<Rigid> out);

// World position of a point given in the root frame.
Vec2 to_world(const FigureRoot& root, const Eigen::Vector3f& p);

// Per joint, the 3×4 row-major matrix taking a vertex of the rest (bind) mesh to the posed root
// frame: what a vertex shader multiplies by, 12 floats per joint.
void skinning_matrices(const Skeleton& skeleton, std::span<const Rigid> model, std::span<float> out);

// The pose of a coarser level from a finer one: each coarse joint takes the model rotation of its
// counterpart (the pelvis, legs and feet are shared joint for joint).
std::vector<Eigen::Quaternionf> coarsen(const Skeleton& fine, std::span<const Eigen::Quaternionf> joints,
                                        const Eigen::Vector3f& pelvis, const Skeleton& coarse);

}  // namespace footfall::motion

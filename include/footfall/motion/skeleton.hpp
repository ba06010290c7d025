#pragma once
// Articulated human figures at three levels of detail (Granieri et al. 1995 §4.3): about 73 joints
// with a flexible spine and five-fingered hands, 17 joints with the torso as two joints, and 11
// joints for figures far from the camera. All three share the pelvis, legs and feet joint for joint
// (same rest offsets), so the root and feet of a pose agree exactly between them and a pose maps
// from a finer level to a coarser one (`counterpart`).
//
// Conventions: x forward, y left, z up (the simulation's ground plane is (x, y)); metres for a
// figure of the reference height; the root frame lies on the ground under the pelvis, facing +x.
// Rest pose: standing straight, arms hanging, every local rotation the identity.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace footfall::motion {

enum class Lod : std::uint8_t { High = 0, Medium = 1, Low = 2 };
inline constexpr int kLodCount = 3;
const char* lod_name(Lod lod);

// Figures are built at this height and scaled uniformly per agent.
inline constexpr double kReferenceHeight = 1.75;

// Segment lengths and joint heights as fractions of stature, after Drillis & Contini (1966) as
// tabulated by Winter, "Biomechanics and Motor Control of Human Movement", Fig. 4.1. Joint spacings
// across the body (hips, shoulders) and the spine/neck split are our choice.
struct Anthropometry {
  static constexpr double hip_height = 0.530, knee_height = 0.285, ankle_height = 0.039;
  static constexpr double hip_half_spacing = 0.050;       // hip joint centres (ours: ≈ 0.52 hip width)
  static constexpr double shoulder_height = 0.818, chin_height = 0.870, eye_height = 0.936;
  static constexpr double shoulder_half_spacing = 0.100;  // ours: ≈ 0.77 shoulder width 0.259
  static constexpr double elbow_height = 0.632, wrist_height = 0.485, hand_length = 0.108;
  static constexpr double waist_height = 0.600, chest_height = 0.720;  // ours: lumbar/thoracic joints
  static constexpr double foot_length = 0.152, foot_width = 0.055;
  static constexpr double heel_back = 0.030;  // heel contact behind the ankle; the ball is at ≈ 0.69
  static constexpr double ball_forward = 0.075;  // of the foot length from the heel (MTP joint)
  static constexpr double toe_joint_height = 0.012;
  static constexpr double shoulder_width = 0.259, hip_width = 0.191;
};

struct Joint {
  std::string name;
  int parent = -1;          // -1: the pelvis, whose parent is the root frame
  Eigen::Vector3f offset;   // rest position in the parent's frame (reference height)
};

struct LegJoints {
  int hip = -1, knee = -1, ankle = -1, toe = -1;  // toe is -1 at low detail (a rigid foot)
};

struct Skeleton {
  Lod lod = Lod::Medium;
  std::vector<Joint> joints;          // parents before children
  std::vector<Eigen::Vector3f> rest;  // rest position of each joint in the root frame
  std::vector<int> counterpart;       // per joint: the high-detail joint with the same model rotation
  std::array<LegJoints, 2> legs;      // 0 left, 1 right
  float thigh = 0, shank = 0;         // hip–knee and knee–ankle lengths

  std::size_t size() const { return joints.size(); }
  int find(std::string_view name) const;  // -1 when absent
};

Skeleton build_skeleton(Lod lod);

// Where a foot bears on the ground, in the ankle's frame (rest pose: foot flat): the heel, on the
// sole, and the ball joint (metatarsophalangeal, the toe joint), about which the foot rolls while
// the toes stay flat. A point touches the ground when it is within 1 mm of its rest height.
struct FootPoints {
  Eigen::Vector3f heel, ball;
  float heel_height = 0, ball_height = 0;  // above the ground, foot flat
};
FootPoints foot_points();

// How a rotation of the trunk (pelvis to neck base) and of the neck (neck base to skull) is spread
// over the spine and neck joints of each level: joint j turns by the fraction spine_share[j] of the
// whole. Fractions are chosen so that every coarse joint has a fine counterpart that ends the same
// partial rotation (high: ⅙ ⅙ ⅙ ⅛ ⅛ ⅛ ⅛; medium: ½ ½; low: 1).
struct ChainShare {
  int joint;
  double share;
};
std::vector<ChainShare> trunk_chain(const Skeleton& s);
std::vector<ChainShare> neck_chain(const Skeleton& s);

}  // namespace footfall::motion

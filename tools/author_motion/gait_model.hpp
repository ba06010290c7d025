#pragma once
// The kinematic gait model the step clips are recorded from (Granieri et al. 1995 §4.4 record
// canonical steps from their walking algorithm off line; this is ours). Per frame it places both
// feet on their footsteps (heel strike, foot flat, heel off, toe off, swing), moves the pelvis
// (rotation, tilt, list, vertical bob, lateral sway), counter-rotates the trunk, steadies the head,
// swings the arms in counter-phase with the legs, and solves each leg with analytic two-bone IK so
// the foot lands exactly where the clip puts it. All arithmetic is deterministic (det_math.hpp).
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <vector>

#include "footfall/behavior/walk.hpp"
#include "footfall/motion/clip.hpp"
#include "footfall/motion/skeleton.hpp"

namespace footfall::author {

using Vec3 = Eigen::Vector3d;
using Quat = Eigen::Quaterniond;

Quat rot_x(double a);
Quat rot_y(double a);
Quat rot_z(double a);
Quat power(const Quat& q, double t);  // the rotation about q's own axis by t times its angle

// One footstep to record: which foot stays planted, where the swing foot starts and ends.
struct StepSpec {
  motion::ClipKind kind = motion::ClipKind::Stand;
  int planted = 0;            // 0 left, 1 right
  double from_length = 0;     // swing foot's footstep behind the planted one at the start
  double to_length = 0;       // ... and ahead of it at the end (Walk)
  double turn = 0;            // yaw of the swing foot's last footstep (Turn)
};

// The pose of one frame, independent of the level of detail.
struct BodyPose {
  Vec3 pelvis = Vec3::Zero();  // relative to the clip's moving root
  Quat pelvis_rotation = Quat::Identity();
  Quat trunk = Quat::Identity();  // pelvis → neck base, spread over the spine joints
  Quat neck = Quat::Identity();   // neck base → skull, spread over neck and head
  std::array<Quat, 2> shoulder{Quat::Identity(), Quat::Identity()};
  std::array<Quat, 2> elbow{Quat::Identity(), Quat::Identity()};
  std::array<Quat, 2> hip{Quat::Identity(), Quat::Identity()};
  std::array<Quat, 2> knee{Quat::Identity(), Quat::Identity()};
  std::array<Quat, 2> ankle{Quat::Identity(), Quat::Identity()};
  std::array<double, 2> toe{0, 0};  // toe joint flexion (about y)
  std::array<bool, 2> reached{true, true};
};

struct FootPose;  // a foot on the ground (gait_model.cpp)

struct GaitModel {
  // The default walk: 0.70 m steps at 0.53 s is 1.32 m/s and 1.89 steps/s (the walk node's
  // step_length and step_time). Cadence follows the walk node's law (behavior/walk.hpp,
  // step_duration): T = T0·(L0/L)^0.8 clamped to [0.6, 1.25]·T0, so faster walking comes from
  // longer and quicker steps together (0.45 m at 1.51 steps/s is 0.68 m/s, 0.95 m at 2.41 steps/s
  // is 2.3 m/s).
  double step_length = 0.70, step_time = 0.53, cadence_exponent = kCadenceExponent;
  double half_step_width = 0.040 * motion::kReferenceHeight;  // footstep point to foot centre
  // Phases within a step, as fractions of it (stance 60 % and swing 40 % of the gait cycle, so
  // double support is the first 20 % of each step at the default length; shorter for longer steps).
  double toe_off = 0.20, foot_flat = 0.15, heel_off = 0.65;
  int frame_rate = 60;

  double natural_duration(const StepSpec& s) const;
  int frames(const StepSpec& s) const;
  std::vector<BodyPose> record(const StepSpec& s, const motion::Skeleton& skeleton) const;

 private:
  std::vector<BodyPose> seated(const StepSpec& s, const motion::Skeleton& skeleton, const FootPose& planted,
                               const FootPose& swing, const Vec3 (&hip_offset)[2]) const;
};

// The clip of one level of detail from the body poses (same rotations for the shared joints).
motion::ClipFrames express(const motion::Skeleton& skeleton, const std::vector<BodyPose>& poses);

}  // namespace footfall::author

#pragma once
// Analytic two-bone inverse kinematics for a leg: hip → knee → ankle, the knee a hinge bending the
// shank backwards, the bend plane holding the hip–ankle line and a pole direction (where the knee
// should point: the foot's forward direction). Only +, −, ×, ÷ and square roots, so the authoring
// tool gets the same bits on every IEEE machine; templated so it runs in double when authoring and
// in float at run time.
//
// Frames: in the rest pose a leg bone points down its own −z axis and the knee hinge is its +y axis
// (x forward, y left, z up). A returned rotation turns the rest frame of the bone into its pose.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace footfall::motion {

// The pelvis is lowered smoothly where a leg would otherwise have to straighten beyond this knee
// flexion to reach its foot: a soft minimum of the pelvis height and each leg's reach, with this
// softness (metres). Shared by the authoring tool and playback.
inline constexpr double kStraightestKnee = 0.5 * 3.14159265358979323846 / 180;
inline constexpr double kReachSoftness = 0.006;

// The soft minimum of two pelvis heights (runtime, libm; the authoring tool has its own).
inline float soft_min(float a, float b) {
  const float k = static_cast<float>(kReachSoftness);
  return std::min(a, b) - k * std::log(1 + std::exp(-std::abs(a - b) / k));
}

// Hip-to-ankle length of a leg with the knee bent by `flexion` (law of cosines); cos_flexion given.
template <class S>
S leg_reach(S thigh, S shank, S cos_flexion) {
  return std::sqrt(thigh * thigh + shank * shank + 2 * thigh * shank * cos_flexion);
}

// The highest the hip's parent (the pelvis, at `pelvis`, turned by `rotation`) may be for a leg with
// hip offset `hip` to reach `ankle` with hip–ankle length `reach`.
template <class S>
S reach_height(const Eigen::Matrix<S, 3, 1>& pelvis, const Eigen::Quaternion<S>& rotation,
               const Eigen::Matrix<S, 3, 1>& hip, const Eigen::Matrix<S, 3, 1>& ankle, S reach) {
  const Eigen::Matrix<S, 3, 1> off = rotation * hip;
  const S dx = pelvis.x() + off.x() - ankle.x(), dy = pelvis.y() + off.y() - ankle.y();
  return ankle.z() - off.z() + std::sqrt(std::max(reach * reach - dx * dx - dy * dy, S(0)));
}

template <class S>
struct LegSolution {
  Eigen::Quaternion<S> thigh, shank;  // model rotations of the thigh (at the hip) and the shank
  Eigen::Quaternion<S> knee_flexion;  // the shank relative to the thigh
  Eigen::Matrix<S, 3, 1> knee, ankle;  // where they end up: the ankle is the target when reached
  bool reached = true;                 // false: the target was out of reach and the leg clamped
};

template <class S>
Eigen::Quaternion<S> frame_rotation(const Eigen::Matrix<S, 3, 1>& x, const Eigen::Matrix<S, 3, 1>& y,
                                    const Eigen::Matrix<S, 3, 1>& z) {
  Eigen::Matrix<S, 3, 3> m;
  m.col(0) = x;
  m.col(1) = y;
  m.col(2) = z;
  return Eigen::Quaternion<S>(m);
}

template <class S>
LegSolution<S> solve_leg(const Eigen::Matrix<S, 3, 1>& hip, const Eigen::Matrix<S, 3, 1>& target,
                         const Eigen::Matrix<S, 3, 1>& pole, const Eigen::Matrix<S, 3, 1>& fallback_pole,
                         S thigh, S shank) {
  using V = Eigen::Matrix<S, 3, 1>;
  LegSolution<S> out;
  V v = target - hip;
  S d = v.norm();
  const V axis = d > S(1e-9) ? V(v / d) : V(0, 0, -1);
  // A hair short of straight keeps the knee's side defined; a hair past folded keeps it off zero.
  const S dmax = (thigh + shank) * S(1 - 1e-6), dmin = std::abs(thigh - shank) + S(1e-4) * (thigh + shank);
  if (d > dmax || d < dmin) out.reached = false;
  d = std::clamp(d, dmin, dmax);
  V f = pole - pole.dot(axis) * axis;
  if (f.squaredNorm() < S(1e-10)) f = fallback_pole - fallback_pole.dot(axis) * axis;
  f.normalize();
  const S a = (thigh * thigh - shank * shank + d * d) / (2 * d);
  const S h = std::sqrt(std::max(S(0), thigh * thigh - a * a));
  out.knee = hip + a * axis + h * f;
  out.ankle = hip + d * axis;
  const V t = (out.knee - hip) / thigh, s = (out.ankle - out.knee) / shank;
  const V hinge = f.cross(axis).normalized();
  out.thigh = frame_rotation<S>(hinge.cross(V(-t)), hinge, V(-t));
  // The knee turns the shank about the hinge (+y of the thigh) by the angle between the bones.
  const S c = std::clamp(t.dot(s), S(-1), S(1));
  out.knee_flexion = Eigen::Quaternion<S>(std::sqrt((1 + c) / 2), 0, std::sqrt((1 - c) / 2), 0);
  out.shank = out.thigh * out.knee_flexion;
  return out;
}

}  // namespace footfall::motion

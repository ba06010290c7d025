#include "gait_model.hpp"

#include <algorithm>
#include <cmath>

#include "det_math.hpp"
#include "footfall/motion/leg_ik.hpp"

namespace footfall::author {
namespace {

using motion::Anthropometry;
using motion::ClipKind;
constexpr double H = motion::kReferenceHeight;
constexpr double kDeg = det::kPi / 180;

double smooth(double t) {  // smoothstep on [0, 1]
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}
// Forward progress of the swing foot: it leaves the toe-off already moving (unit initial rate)
// and arrives at rest, a cubic Hermite τ + τ² − τ³.
double swing_ease(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * (1 + t * (1 - t));
}
double lerp(double a, double b, double t) { return a + (b - a) * t; }
double half_cosine(double u) { return 0.5 * (1 - det::cos(det::kPi * u)); }

// Gait amplitudes grow with step length, relative to the default 0.70 m step, capped for long ones.
double gait_scale(double length) { return std::min(length / 0.70, 1.4); }
double heel_strike_angle(double l) { return 20 * kDeg * gait_scale(l); }   // toes up at strike
double heel_rise_angle(double l) { return 12 * kDeg * gait_scale(l); }     // at opposite strike
double toe_off_angle(double l) { return 10 * kDeg + 40 * kDeg * std::min(gait_scale(l), 1.1); }
double pelvis_yaw(double l) { return 4 * kDeg * gait_scale(l); }           // transverse rotation
double pelvis_tilt(double l) { return 4 * kDeg + 2 * kDeg * gait_scale(l); }  // anterior tilt
double arm_swing(double l) { return 15 * kDeg * gait_scale(l); }
double elbow_flexion(double l) { return 15 * kDeg + 5 * kDeg * gait_scale(l); }
double trunk_lean(double l) { return 2 * kDeg * gait_scale(l); }

// A smooth minimum: below every argument, within k·ln(n) of the least, so the pelvis eases down
// where a leg runs out of length instead of stopping dead with the knee locked.
double soft_min(std::initializer_list<double> v, double k) {
  const double lo = std::min(v);
  double sum = 0;
  for (const double x : v) sum += det::exp(-(x - lo) / k);
  return lo - k * det::log(sum);
}

}  // namespace

struct FootPose {
  Vec3 ankle;
  Quat rotation;
  double toe = 0;
};

Quat rot_x(double a) { return Quat(det::cos(a / 2), det::sin(a / 2), 0, 0); }
Quat rot_y(double a) { return Quat(det::cos(a / 2), 0, det::sin(a / 2), 0); }
Quat rot_z(double a) { return Quat(det::cos(a / 2), 0, 0, det::sin(a / 2)); }

Quat power(const Quat& q0, double t) {
  Quat q = q0.w() < 0 ? Quat(-q0.w(), -q0.x(), -q0.y(), -q0.z()) : q0;
  const double s = q.vec().norm();
  if (s < 1e-15) return Quat::Identity();
  const double half = det::atan2(s, q.w()) * t;
  const Vec3 axis = q.vec() / s;
  const double sh = det::sin(half);
  return Quat(det::cos(half), axis.x() * sh, axis.y() * sh, axis.z() * sh);
}

double GaitModel::natural_duration(const StepSpec& s) const {
  const auto at = [&](double l) {
    return step_time * std::clamp(det::pow(step_length / l, cadence_exponent), kStepTimeRatioMin, kStepTimeRatioMax);
  };
  switch (s.kind) {
    case ClipKind::Walk: return at(s.to_length);
    case ClipKind::Stop: return s.from_length > 0 ? at(s.from_length) : step_time;
    case ClipKind::Turn: return std::max(1.15 * step_time, s.from_length > 0 ? at(s.from_length) : 0.0);
    case ClipKind::Stand:
    case ClipKind::Sit: return step_time;
  }
  return step_time;
}

int GaitModel::frames(const StepSpec& s) const {
  return static_cast<int>(std::lround(natural_duration(s) * frame_rate)) + 1;
}

std::vector<BodyPose> GaitModel::record(const StepSpec& s, const motion::Skeleton& sk) const {
  const double thigh = sk.thigh, shank = sk.shank;
  const double heel = Anthropometry::heel_back * H, ball = Anthropometry::ball_forward * H;
  const double ankle_h = Anthropometry::ankle_height * H, toe_h = Anthropometry::toe_joint_height * H;
  const double w = half_step_width;
  const int F = s.planted, G = 1 - s.planted;  // planted and swing sides
  const auto side_sign = [](int side) { return side == 0 ? 1.0 : -1.0; };
  const bool stand = s.kind == ClipKind::Stand;
  const double Lp = s.from_length, Ln = s.kind == ClipKind::Walk ? s.to_length : 0.0;
  const double turn = s.kind == ClipKind::Turn ? s.turn : 0.0;
  const Vec3 swing_from(-Lp, 0, 0), swing_to(Ln, 0, 0);

  // A foot on the ground at a footstep, pitched about its heel (toes up, pitch < 0) or its ball
  // joint (heel up, toes flat on the ground).
  const auto on_ground = [&](const Vec3& step, double yaw, int side, double pitch) {
    const Quat yq = rot_z(yaw);
    const Vec3 centre = step + yq * Vec3(0, side_sign(side) * w, 0);
    FootPose p;
    p.rotation = yq * rot_y(pitch);
    if (pitch <= 0)
      p.ankle = centre + yq * Vec3(-heel, 0, 0) + p.rotation * Vec3(heel, 0, ankle_h);
    else
      p.ankle = centre + yq * Vec3(ball, 0, toe_h) + p.rotation * Vec3(-ball, 0, ankle_h - toe_h);
    p.toe = pitch > 0 ? -pitch : 0.0;  // toes stay flat while the heel is up
    return p;
  };

  // The planted foot: heel rocker to foot flat, flat, then heel off toward the next strike.
  const auto planted_foot = [&](double u) {
    double pitch = 0;
    if (u < foot_flat) pitch = -heel_strike_angle(Lp) * (1 - smooth(u / foot_flat));
    else if (u > heel_off) pitch = heel_rise_angle(Ln) * smooth((u - heel_off) / (1 - heel_off));
    return on_ground(Vec3::Zero(), 0, F, pitch);
  };

  const double lift = stand ? 0.0 : 0.035 + 0.015 * gait_scale(std::max(Lp, Ln));
  // Double support shortens as steps lengthen (walking faster), lengthens for short ones.
  const double lift_off = std::clamp(toe_off - 0.1 * (gait_scale(Lp) - 1), 0.12, 0.25);
  // The swing foot: push off about the ball, then swing to a heel strike on the last footstep.
  const auto swing_foot = [&](double u) {
    if (stand) return on_ground(swing_from, 0, G, 0);
    if (u <= lift_off) {
      const double pitch = lerp(heel_rise_angle(Lp), toe_off_angle(Lp), smooth(u / lift_off));
      return on_ground(swing_from, 0, G, pitch);
    }
    const double tau = (u - lift_off) / (1 - lift_off);
    const FootPose a = on_ground(swing_from, 0, G, toe_off_angle(Lp));
    const FootPose b = on_ground(swing_to, turn, G, -heel_strike_angle(Ln));
    FootPose p;
    const double m = swing_ease(tau);
    p.ankle.x() = lerp(a.ankle.x(), b.ankle.x(), m);
    p.ankle.y() = lerp(a.ankle.y(), b.ankle.y(), m);
    // The ankle rises most early in the swing (knee flexing), the foot skims level at mid-swing.
    p.ankle.z() = lerp(a.ankle.z(), b.ankle.z(), smooth(tau)) + lift * det::sin(det::kPi * det::pow(tau, 0.7));
    // Level the foot quickly after toe off (toe clearance), dorsiflex it late for the strike.
    const double pitch = toe_off_angle(Lp) * (1 - smooth(tau / 0.4)) -
                         heel_strike_angle(Ln) * smooth((tau - 0.45) / 0.55);
    p.rotation = rot_z(turn * smooth(tau)) * rot_y(pitch);
    p.toe = -std::max(pitch, 0.0);  // toes level while the foot points down
    return p;
  };

  // Pelvis height at a posture: both legs reach their feet with the knees bent 7°.
  const Vec3 hip_offset[2] = {sk.joints[sk.legs[0].hip].offset.cast<double>(),
                              sk.joints[sk.legs[1].hip].offset.cast<double>()};
  if (s.kind == ClipKind::Sit) return seated(s, sk, on_ground(Vec3::Zero(), 0, F, 0), on_ground(swing_from, 0, G, 0), hip_offset);
  const auto leg_height = [&](int side, const Vec3& pelvis, const Quat& rot, const FootPose& foot, double limit) {
    return motion::reach_height<double>(pelvis, rot, hip_offset[side], foot.ankle, limit);
  };
  const auto highest = [&](const Vec3& pelvis, const Quat& rot, const FootPose* feet, double limit) {
    return std::min(leg_height(0, pelvis, rot, feet[0], limit), leg_height(1, pelvis, rot, feet[1], limit));
  };
  // Knees at a posture: 7° (a relaxed stance, a near-straight leg at heel strike), more for long
  // steps so the legs keep some give.
  const auto node_reach = [&](double l) {
    return motion::leg_reach(thigh, shank, det::cos(7 * kDeg + 10 * kDeg * std::max(0.0, gait_scale(l) - 1)));
  };
  const double max_reach = motion::leg_reach(thigh, shank, det::cos(motion::kStraightestKnee));
  const auto node_yaw = [&](double l, int forward) { return side_sign(forward) * -pelvis_yaw(l); };
  const auto node_height = [&](double l) {
    // The posture at the start of a step from stance l with the left foot forward, in root frame.
    FootPose feet[2];
    feet[0] = on_ground(Vec3(l / 2, 0, 0), 0, 0, -heel_strike_angle(l));
    feet[1] = on_ground(Vec3(-l / 2, 0, 0), 0, 1, heel_rise_angle(l));
    const Quat rot = rot_z(node_yaw(l, 0)) * rot_y(pelvis_tilt(l));
    return highest(Vec3(0, 0, 10), rot, feet, node_reach(l));
  };
  const double z0 = node_height(Lp), z1 = node_height(Ln), z_stand = node_height(0);
  const double bob = stand ? 0.0 : std::clamp(0.7 * (z_stand - 0.5 * (z0 + z1)), 0.0, 0.04);
  const double k_mean = gait_scale(0.5 * (Lp + Ln));
  const double sway = stand ? 0.0 : 0.022, roll_amp = stand ? 0.0 : 3 * kDeg * (0.5 + 0.5 * k_mean);
  // Vertical bob: lowest in double support (u ≈ 0.1), highest in mid single support (u ≈ 0.6),
  // one period per step, so the height and its rate carry on smoothly into the next step.
  const auto bob_shape = [](double u) {
    return 0.5 * (det::cos(0.2 * det::kPi) - det::cos(2 * det::kPi * (u - 0.1)));
  };

  const int n = frames(s);
  std::vector<BodyPose> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double u = static_cast<double>(i) / (n - 1);
    BodyPose& b = out[static_cast<std::size_t>(i)];
    // The clip's root moves linearly from between the first two footsteps to between the last two.
    const Vec3 root(lerp(-Lp / 2, Ln / 2, u), 0, 0);
    const Quat root_inv = rot_z(-0.5 * turn * u);
    FootPose feet[2];
    feet[F] = planted_foot(u);
    feet[G] = swing_foot(u);
    for (FootPose& f : feet) {
      f.ankle = root_inv * (f.ankle - root);
      f.rotation = root_inv * f.rotation;
    }

    const double c = half_cosine(u), arc = det::sin(det::kPi * u);
    const double yaw = lerp(node_yaw(Lp, F), node_yaw(Ln, G), c);
    const double roll = side_sign(F) * roll_amp * arc;  // the swing side drops
    const double tilt = lerp(pelvis_tilt(Lp), pelvis_tilt(Ln), u);
    b.pelvis_rotation = rot_z(yaw) * rot_x(roll) * rot_y(tilt);
    b.pelvis = Vec3(0, side_sign(F) * sway * arc, lerp(z0, z1, u) + bob * bob_shape(u));
    b.pelvis.z() = soft_min({b.pelvis.z(), leg_height(0, b.pelvis, b.pelvis_rotation, feet[0], max_reach),
                             leg_height(1, b.pelvis, b.pelvis_rotation, feet[1], max_reach)},
                            motion::kReachSoftness);

    // Trunk counter-rotates against the pelvis (thorax yaw ≈ −½ pelvis yaw), stays upright;
    // the head looks slightly down the line of progression.
    b.trunk = rot_z(-1.5 * yaw) * rot_x(-roll) * rot_y(-tilt + lerp(trunk_lean(Lp), trunk_lean(Ln), u));
    b.neck = (b.pelvis_rotation * b.trunk).conjugate() * rot_y(3 * kDeg);
    for (int side = 0; side < 2; ++side) {
      // Arms swing against the leg of their side: back when that leg is forward.
      const double a = side == F ? lerp(-arm_swing(Lp), arm_swing(Ln), c)
                                 : lerp(arm_swing(Lp), -arm_swing(Ln), c);
      b.shoulder[side] = rot_x(side_sign(side) * 7 * kDeg) * rot_y(-a);
      b.elbow[side] = rot_y(-(lerp(elbow_flexion(Lp), elbow_flexion(Ln), c) + 0.5 * std::max(a, 0.0)));

      const Vec3 hip = b.pelvis + b.pelvis_rotation * hip_offset[side];
      const FootPose& f = feet[side];
      const auto leg = motion::solve_leg<double>(hip, f.ankle, f.rotation * Vec3::UnitX(),
                                                 b.pelvis_rotation * Vec3::UnitX(), thigh, shank);
      b.reached[side] = leg.reached;
      b.hip[side] = b.pelvis_rotation.conjugate() * leg.thigh;
      b.knee[side] = leg.knee_flexion;
      b.ankle[side] = leg.shank.conjugate() * f.rotation;
      b.toe[side] = f.toe;
    }
  }
  return out;
}

// Seated on a bench of knee height (the `sit` motor skill, docs/action_selection.md): the feet flat
// where they stand, the shanks upright, the thighs level (hips a thigh's length behind the ankles
// and a shank's length above them), the pelvis rolled back 10° with the trunk upright over it
// leaning 5° forward, the head looking 3° down, the hands resting on the thighs. The same pose in
// every frame.
std::vector<BodyPose> GaitModel::seated(const StepSpec& s, const motion::Skeleton& sk, const FootPose& planted,
                                        const FootPose& swing, const Vec3 (&hip_offset)[2]) const {
  FootPose feet[2];
  feet[s.planted] = planted;
  feet[1 - s.planted] = swing;
  BodyPose b;
  b.pelvis_rotation = rot_y(-10 * kDeg);
  const Vec3 hips = 0.5 * (b.pelvis_rotation * hip_offset[0] + b.pelvis_rotation * hip_offset[1]);
  const double ankle_x = 0.5 * (feet[0].ankle.x() + feet[1].ankle.x());
  const double ankle_z = 0.5 * (feet[0].ankle.z() + feet[1].ankle.z());
  b.pelvis = Vec3(ankle_x - sk.thigh, 0, ankle_z + sk.shank) - Vec3(hips.x(), 0, hips.z());
  b.trunk = rot_y(10 * kDeg + 5 * kDeg);
  b.neck = (b.pelvis_rotation * b.trunk).conjugate() * rot_y(3 * kDeg);
  for (int side = 0; side < 2; ++side) {
    const double sign = side == 0 ? 1.0 : -1.0;
    b.shoulder[side] = rot_x(sign * 7 * kDeg) * rot_y(-25 * kDeg);  // upper arms forward
    b.elbow[side] = rot_y(-55 * kDeg);                                 // forearms on the thighs
    const Vec3 hip = b.pelvis + b.pelvis_rotation * hip_offset[side];
    const FootPose& f = feet[side];
    const auto leg = motion::solve_leg<double>(hip, f.ankle, f.rotation * Vec3::UnitX(),
                                               b.pelvis_rotation * Vec3::UnitX(), sk.thigh, sk.shank);
    b.reached[side] = leg.reached;
    b.hip[side] = b.pelvis_rotation.conjugate() * leg.thigh;
    b.knee[side] = leg.knee_flexion;
    b.ankle[side] = leg.shank.conjugate() * f.rotation;
    b.toe[side] = f.toe;
  }
  return std::vector<BodyPose>(static_cast<std::size_t>(frames(s)), b);
}

motion::ClipFrames express(const motion::Skeleton& sk, const std::vector<BodyPose>& poses) {
  const std::size_t nj = sk.size();
  motion::ClipFrames out;
  out.pelvis.reserve(poses.size());
  out.rotations.assign(poses.size() * nj, Eigen::Quaternionf::Identity());
  const auto trunk = motion::trunk_chain(sk), neck = motion::neck_chain(sk);
  std::vector<Quat> q(nj);
  for (std::size_t f = 0; f < poses.size(); ++f) {
    const BodyPose& b = poses[f];
    std::fill(q.begin(), q.end(), Quat::Identity());
    q[0] = b.pelvis_rotation;
    for (const auto& c : trunk) q[static_cast<std::size_t>(c.joint)] = power(b.trunk, c.share);
    for (const auto& c : neck) q[static_cast<std::size_t>(c.joint)] = power(b.neck, c.share);
    for (int side = 0; side < 2; ++side) {
      const std::string p = side == 0 ? "l_" : "r_";
      const double s = side == 0 ? 1 : -1;
      const int shoulder = sk.find(p + (sk.lod == motion::Lod::Low ? "arm" : "shoulder"));
      q[static_cast<std::size_t>(shoulder)] = b.shoulder[side];
      if (const int elbow = sk.find(p + "elbow"); elbow >= 0) q[static_cast<std::size_t>(elbow)] = b.elbow[side];
      if (sk.lod == motion::Lod::High) {
        // A relaxed hand: wrist slightly flexed, fingers curled toward the palm (which faces the
        // body), thumb a little across.
        q[static_cast<std::size_t>(sk.find(p + "wrist"))] = rot_x(-s * 8 * kDeg);
        for (const char* finger : {"index", "middle", "ring", "pinky"})
          for (int k = 1; k <= 3; ++k)
            q[static_cast<std::size_t>(sk.find(p + finger + "_" + std::to_string(k)))] =
                rot_x(-s * (k == 1 ? 18 : k == 2 ? 28 : 16) * kDeg);
        for (int k = 1; k <= 3; ++k)
          q[static_cast<std::size_t>(sk.find(p + "thumb_" + std::to_string(k)))] = rot_x(-s * 8 * kDeg);
      }
      const motion::LegJoints& leg = sk.legs[side];
      q[static_cast<std::size_t>(leg.hip)] = b.hip[side];
      q[static_cast<std::size_t>(leg.knee)] = b.knee[side];
      q[static_cast<std::size_t>(leg.ankle)] = b.ankle[side];
      if (leg.toe >= 0) q[static_cast<std::size_t>(leg.toe)] = rot_y(b.toe[side]);
    }
    out.pelvis.push_back(b.pelvis.cast<float>());
    for (std::size_t j = 0; j < nj; ++j) {
      Quat r = q[j].normalized();
      // Same hemisphere as the previous frame, so playback may interpolate without checking.
      if (f > 0) {
        const Eigen::Quaternionf& prev = out.rotations[(f - 1) * nj + j];
        if (r.w() * prev.w() + r.x() * prev.x() + r.y() * prev.y() + r.z() * prev.z() < 0)
          r = Quat(-r.w(), -r.x(), -r.y(), -r.z());
      } else if (r.w() < 0) {
        r = Quat(-r.w(), -r.x(), -r.y(), -r.z());
      }
      out.rotations[f * nj + j] = r.cast<float>();
    }
  }
  return out;
}

}  // namespace footfall::author

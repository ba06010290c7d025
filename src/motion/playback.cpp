#include "footfall/motion/playback.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/motion/leg_ik.hpp"

namespace footfall::motion {
namespace {

using Eigen::Quaternionf;
using Eigen::Vector2f;
using Eigen::Vector3f;

// Neighbouring frames of a clip are a few degrees apart and in one hemisphere, so the blend's norm
// is within 1e-3 of one and a Newton step for 1/|q| renormalises it to float precision.
Quaternionf nlerp(const Quaternionf& a, const Quaternionf& b, float w) {
  const Eigen::Vector4f q = a.coeffs() * (1 - w) + b.coeffs() * w;
  return Quaternionf(q * (1.5f - 0.5f * q.squaredNorm()));
}

Quaternionf yaw(float angle) { return {std::cos(0.5f * angle), 0, 0, std::sin(0.5f * angle)}; }

Vector2f rotate(float c, float s, const Vector2f& v) { return {c * v.x() - s * v.y(), s * v.x() + c * v.y()}; }

ClipToWorld anchor(const StepRequest& r, const Vec2& world, double world_heading,
                   const Vector2f& clip_point, float clip_yaw) {
  ClipToWorld m;
  const double angle = wrap_angle(world_heading - clip_yaw);
  const double c = std::cos(angle), s = std::sin(angle);
  const Vec2 p = clip_point.cast<double>() * r.scale;
  m.angle = static_cast<float>(angle);
  m.offset = (world - r.planted - Vec2(c * p.x() - s * p.y(), s * p.x() + c * p.y())).cast<float>();
  return m;
}

// `to` made to turn the short way from `from`, so the angle interpolates continuously.
void unwrap(const ClipToWorld& from, ClipToWorld& to) {
  to.angle = from.angle + static_cast<float>(wrap_angle(static_cast<double>(to.angle) - from.angle));
}

ClipToWorld blend(const ClipToWorld& a, const ClipToWorld& b, float w) {
  return {a.angle + (b.angle - a.angle) * w, a.offset + (b.offset - a.offset) * w};
}

float smoothstep(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3 - 2 * t);
}

std::uint16_t choose_turn(const MotionLibrary& lib, Posture p, double turn) {
  const PostureGraph& g = lib.graph;
  std::uint16_t best = g.stop(p);
  double miss = std::abs(turn);
  for (int left = 0; left < 2; ++left) {
    const std::uint16_t c = g.turn(p, left);
    const double d = std::abs(turn - lib.clips[c].info.turn);
    if (d < miss) {
      miss = d;
      best = c;
    }
  }
  return best;
}

}  // namespace

StepPlayback begin_step(const MotionLibrary& lib, Posture& posture, const StepRequest& r) {
  const PostureGraph& g = lib.graph;
  posture.forward = static_cast<std::uint8_t>(r.planted_side);  // the simulation's feet decide
  std::uint16_t clip = g.stop(posture);
  StepPlayback p;
  p.planted = r.planted;
  p.scale = static_cast<float>(r.scale);
  switch (r.move) {
    case Move::Hold: p.hold = 1; break;
    case Move::Stand: if (posture.stance == 0) clip = g.stand(posture.forward); break;
    case Move::Walk:
      clip = g.walk(posture, g.nearest_stance((r.swing_to - r.planted).norm() / r.scale));
      break;
    case Move::Close:
    case Move::Side: break;
    case Move::Turn:
      clip = choose_turn(lib, posture, wrap_angle(r.swing_to_heading - r.planted_heading));
      break;
  }
  p.clip = clip;
  const Clip& c = lib.clips[clip];
  const float back = c.info.from_length;
  p.planted_map = anchor(r, r.planted, r.planted_heading, Vector2f::Zero(), 0);
  p.swing_from = anchor(r, r.swing_from, r.swing_from_heading, Vector2f(-back, 0), 0);
  p.root_from = anchor(r, 0.5 * (r.planted + r.swing_from),
                       mean_heading(r.planted_heading, r.swing_from_heading), Vector2f(-0.5f * back, 0), 0);
  if (p.hold) {
    p.swing_to = p.swing_from;
    p.root_to = p.root_from;
  } else {
    p.swing_to = anchor(r, r.swing_to, r.swing_to_heading, c.swing_end, c.swing_end_yaw);
    p.root_to = anchor(r, 0.5 * (r.planted + r.swing_to), mean_heading(r.planted_heading, r.swing_to_heading),
                       Vector2f(c.root_end_x, 0), c.root_end_yaw);
    unwrap(p.swing_from, p.swing_to);
    unwrap(p.root_from, p.root_to);
    posture = g.end_of(clip);
  }
  return p;
}

void pose_at(const MotionLibrary& lib, Lod lod, const StepPlayback& p, double u_in, FigureRoot& root,
             Vector3f& pelvis, std::span<Quaternionf> joints, SolePoints* soles,
             const PlaybackOptions& options) {
  const Clip& c = lib.clips[p.clip];
  const ClipFrames& frames = c.lods[static_cast<std::size_t>(lod)];
  const Skeleton& sk = lib.skeletons[static_cast<std::size_t>(lod)];
  const std::size_t nj = sk.size();
  const std::uint32_t n = c.info.frames;
  const float u = p.hold ? 0.0f : std::clamp(static_cast<float>(u_in), 0.0f, 1.0f);
  const float x = u * static_cast<float>(n - 1);
  const std::uint32_t k = std::min(static_cast<std::uint32_t>(x), n - 2);
  const float w = x - static_cast<float>(k);

  const Quaternionf* qa = frames.rotations.data() + k * nj;
  const Quaternionf* qb = qa + nj;
  for (std::size_t j = 0; j < nj; ++j) joints[j] = nlerp(qa[j], qb[j], w);
  pelvis = frames.pelvis[k] + (frames.pelvis[k + 1] - frames.pelvis[k]) * w;

  // Where the clip's root is in the world: rotated about the planted foot, residual blended.
  const float s = p.scale;
  const ClipToWorld rm = blend(p.root_from, p.root_to, u);
  const float back = c.info.from_length;
  const Vector2f clip_root(-0.5f * back + u * (c.root_end_x + 0.5f * back), 0);
  const Vector2f root_rel = rotate(std::cos(rm.angle), std::sin(rm.angle), clip_root * s) + rm.offset;
  const float heading = rm.angle + u * c.root_end_yaw;
  const float ch = std::cos(heading), sh = std::sin(heading);

  // The swing foot leaves its old footstep's frame for its new one while in the air.
  const float beta = c.lift_off < 1 ? smoothstep((u - c.lift_off) / (1 - c.lift_off)) : 0.0f;
  const ClipToWorld sm = blend(p.swing_from, p.swing_to, beta);

  const Quaternionf pelvis_rotation = joints[0];
  const Vector3f forward = pelvis_rotation * Vector3f::UnitX();
  const FootPoints& sole = lib.sole;
  const float max_reach = lib.max_leg_reach;
  Vector3f ankle[2];
  Quaternionf foot[2];
  std::uint8_t touching[2];
  for (int side = 0; side < 2; ++side) {
    const FootSample& fa = c.feet[side][k];
    const FootSample& fb = c.feet[side][k + 1];
    const ClipToWorld& m = side == c.info.planted ? p.planted_map : sm;
    const Quaternionf r = nlerp(fa.rotation, fb.rotation, w);
    touching[side] = fa.contact & fb.contact;
    Vector3f a = fa.ankle + (fb.ankle - fa.ankle) * w;
    if (touching[side]) {
      // A foot rolling on the ground turns about its heel or ball between frames, not along the
      // chord: interpolate about the lower of the two so it stays put.
      const Vector3f heel_a = fa.ankle + fa.rotation * sole.heel, ball_a = fa.ankle + fa.rotation * sole.ball;
      const bool on_ball = !(touching[side] & kHeel) ||
                           ((touching[side] & kBall) && ball_a.z() - sole.ball_height < heel_a.z() - sole.heel_height);
      const Vector3f& point = on_ball ? sole.ball : sole.heel;
      const Vector3f pa = on_ball ? ball_a : heel_a, pb = fb.ankle + fb.rotation * point;
      a = pa + (pb - pa) * w - r * point;
    }
    const Vector2f rel = rotate(std::cos(m.angle), std::sin(m.angle), a.head<2>() * s) + m.offset;
    const Vector2f d = rotate(ch, -sh, rel - root_rel) / s;
    ankle[side] = Vector3f(d.x(), d.y(), a.z());
    foot[side] = yaw(m.angle - heading) * r;
  }

  if (options.lock_feet) {
    // Lower the pelvis where a leg could not reach its foot otherwise.
    for (int side = 0; side < 2; ++side) {
      const LegJoints& leg = sk.legs[side];
      const Vector3f off = pelvis_rotation * sk.joints[static_cast<std::size_t>(leg.hip)].offset;
      const Vector2f dxy = pelvis.head<2>() + off.head<2>() - ankle[side].head<2>();
      const float room = max_reach * max_reach - dxy.squaredNorm();
      if (room > 0) pelvis.z() = std::min(pelvis.z(), ankle[side].z() - off.z() + std::sqrt(room));
    }
    for (int side = 0; side < 2; ++side) {
      const LegJoints& leg = sk.legs[side];
      const Vector3f hip = pelvis + pelvis_rotation * sk.joints[static_cast<std::size_t>(leg.hip)].offset;
      const LegSolution<float> ik =
          solve_leg<float>(hip, ankle[side], foot[side] * Vector3f::UnitX(), forward, sk.thigh, sk.shank);
      joints[static_cast<std::size_t>(leg.hip)] = pelvis_rotation.conjugate() * ik.thigh;
      joints[static_cast<std::size_t>(leg.knee)] = ik.knee_flexion;
      joints[static_cast<std::size_t>(leg.ankle)] = ik.shank.conjugate() * foot[side];
      ankle[side] = ik.ankle;
    }
  }

  root.position = p.planted + root_rel.cast<double>();
  root.heading = heading - 2 * static_cast<float>(kPi) * std::nearbyint(heading / (2 * static_cast<float>(kPi)));
  root.scale = s;
  if (!soles) return;
  if (!options.lock_feet) {
    // Where the recorded legs actually put the feet.
    for (int side = 0; side < 2; ++side) {
      const LegJoints& leg = sk.legs[side];
      Quaternionf r = pelvis_rotation;
      Vector3f t = pelvis;
      for (const int j : {leg.hip, leg.knee, leg.ankle}) {
        t += r * sk.joints[static_cast<std::size_t>(j)].offset;
        r = r * joints[static_cast<std::size_t>(j)];
      }
      ankle[side] = t;
      foot[side] = r;
    }
  }
  soles->touching = 0;
  for (int side = 0; side < 2; ++side) {
    const Vector3f pts[2] = {ankle[side] + foot[side] * sole.heel, ankle[side] + foot[side] * sole.ball};
    for (int i = 0; i < 2; ++i) {
      const Vector2f v = rotate(ch, sh, pts[i].head<2>() * s) + root_rel;
      soles->world[static_cast<std::size_t>(2 * side + i)] = p.planted + v.cast<double>();
    }
    soles->touching |= static_cast<std::uint8_t>((touching[side] & kHeel ? 1 : 0) << (2 * side));
    soles->touching |= static_cast<std::uint8_t>((touching[side] & kBall ? 1 : 0) << (2 * side + 1));
  }
}

double track_slip(SlipTracker& t, const SolePoints& soles) {
  double worst = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << i);
    if (!(soles.touching & bit)) {
      t.anchored &= static_cast<std::uint8_t>(~bit);
    } else if (!(t.anchored & bit)) {
      t.anchor[i] = soles.world[i];
      t.anchored |= bit;
    } else {
      worst = std::max(worst, (soles.world[i] - t.anchor[i]).norm());
    }
  }
  return worst;
}

}  // namespace footfall::motion

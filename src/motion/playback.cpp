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

// A world point and heading as a frame relative to the planted footstep.
GroundFrame relative(const StepRequest& r, const Vec2& at, double heading) {
  return {(at - r.planted).cast<float>(), static_cast<float>(wrap_angle(heading))};
}

// `to` made to turn the short way from `from`, so the heading interpolates continuously.
void unwrap(const GroundFrame& from, GroundFrame& to) {
  to.heading = from.heading + static_cast<float>(wrap_angle(static_cast<double>(to.heading) - from.heading));
}

// Where the figure faces with its feet on two footsteps: the mean of their headings (the agent's
// heading), turned toward the line from the trailing to the forward foot as the feet part, so a
// walker faces where it goes even while its heading still lags a turn it made in place.
double facing(const Vec2& forward, double forward_heading, const Vec2& trailing, double trailing_heading,
              double scale) {
  const double mean = mean_heading(forward_heading, trailing_heading);
  const Vec2 d = forward - trailing;
  const double len = d.norm();
  if (len < 1e-6) return mean;
  const double off = wrap_angle(heading_of(d) - mean);
  const double t = std::min(1.0, len / (0.3 * scale));
  return mean + t * t * (3 - 2 * t) * std::max(0.0, std::cos(off)) * off;
}

GroundFrame blend(const GroundFrame& a, const GroundFrame& b, float w) {
  return {a.at + (b.at - a.at) * w, a.heading + (b.heading - a.heading) * w};
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
  p.planted_heading = static_cast<float>(wrap_angle(r.planted_heading));
  p.scale = static_cast<float>(r.scale);
  switch (r.move) {
    case Move::Hold: p.hold = 1; break;
    case Move::Stand: if (posture.stance == 0) clip = g.stand(posture.forward); break;
    // Seated from feet together; feet apart close first (the stop clip), then sit.
    case Move::Sit:
      if (posture.stance == 0)
        clip = g.sit(posture.forward) != PostureGraph::kNoClip ? g.sit(posture.forward) : g.stand(posture.forward);
      break;
    case Move::Walk:
      clip = g.walk(posture, g.nearest_stance((r.swing_to - r.planted).norm() / r.scale));
      break;
    // No authored side or backing-up steps: the stop clip, its swing foot carried from the old
    // footstep to the new one, lands the foot exactly wherever the step goes.
    case Move::Close:
    case Move::Side:
    case Move::Back: break;
    case Move::Turn:
      clip = choose_turn(lib, posture, wrap_angle(r.swing_to_heading - r.planted_heading));
      break;
  }
  p.clip = clip;
  p.swing_from = relative(r, r.swing_from, r.swing_from_heading);
  p.root_from = relative(r, 0.5 * (r.planted + r.swing_from),
                         facing(r.planted, r.planted_heading, r.swing_from, r.swing_from_heading, r.scale));
  if (p.hold) {
    p.swing_to = p.swing_from;
    p.root_to = p.root_from;
    return p;
  }
  p.swing_to = relative(r, r.swing_to, r.swing_to_heading);
  p.root_to = relative(r, 0.5 * (r.planted + r.swing_to),
                       facing(r.swing_to, r.swing_to_heading, r.planted, r.planted_heading, r.scale));
  unwrap(p.swing_from, p.swing_to);
  unwrap(p.root_from, p.root_to);
  posture = g.end_of(clip);
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

  // The root is the agent's location and heading, moving and turning evenly through the step.
  const float s = p.scale;
  const GroundFrame body = blend(p.root_from, p.root_to, u);
  const float ch = std::cos(body.heading), sh = std::sin(body.heading);

  // Each foot in the world: the planted one on its footstep; the swing one carried from its old
  // footstep's frame to its new one's as it advances (clip frame → world: rotate, scale, move).
  const float progress = c.swing_progress[k] + (c.swing_progress[k + 1] - c.swing_progress[k]) * w;
  const GroundFrame swing = blend(p.swing_from, p.swing_to, progress);
  const Vector2f swing_start(-c.info.from_length, 0);
  const Vector2f swing_clip = swing_start + (c.swing_end - swing_start) * progress;
  const float swing_yaw = swing.heading - progress * c.swing_end_yaw;

  const Quaternionf pelvis_rotation = joints[0];
  const Vector3f forward = pelvis_rotation * Vector3f::UnitX();
  const FootPoints& sole = lib.sole;
  Vector3f ankle[2];
  Quaternionf foot[2];
  std::uint8_t touching[2];
  for (int side = 0; side < 2; ++side) {
    const FootSample& fa = c.feet[side][k];
    const FootSample& fb = c.feet[side][k + 1];
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
    const bool planted = side == c.info.planted;
    const float yaw_to_world = planted ? p.planted_heading : swing_yaw;
    const Vector2f from = planted ? Vector2f::Zero() : swing_clip;
    const Vector2f at = planted ? Vector2f::Zero() : swing.at;
    const Vector2f world = at + rotate(std::cos(yaw_to_world), std::sin(yaw_to_world), (a.head<2>() - from) * s);
    const Vector2f d = rotate(ch, -sh, world - body.at) / s;
    ankle[side] = Vector3f(d.x(), d.y(), a.z());
    foot[side] = yaw(yaw_to_world - body.heading) * r;
  }

  if (options.lock_feet) {
    // Lower the pelvis as far as the feet, where they are, leave the legs less room than the clip
    // had; smoothly, so a knee never snaps straight.
    const auto height = [&](int side) {
      return reach_height<float>(pelvis, pelvis_rotation, sk.joints[static_cast<std::size_t>(sk.legs[side].hip)].offset,
                                 ankle[side], lib.max_leg_reach);
    };
    const float recorded = c.reach_height[k] + (c.reach_height[k + 1] - c.reach_height[k]) * w;
    pelvis.z() += std::min(0.0f, soft_min(height(0), height(1)) - recorded);
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

  root.position = p.planted + body.at.cast<double>();
  root.heading = body.heading - 2 * static_cast<float>(kPi) * std::nearbyint(body.heading / (2 * static_cast<float>(kPi)));
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
      const Vector2f v = rotate(ch, sh, pts[i].head<2>() * s) + body.at;
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

// Authored steps and their playback (Granieri et al. 1995 §4.4): the planted foot holds still in
// every clip, clips meet at the postures of the graph, playback locks the feet whatever the
// mismatch between the recorded and the scheduled step, and every level of detail agrees.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "footfall/behavior/node_kinds.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/motion/playback.hpp"
#include "helpers.hpp"

using namespace footfall;
using namespace footfall::motion;

namespace {

constexpr double kDeg = kPi / 180;

// A walker on a straight or curving line: each step the trailing foot goes `length` ahead of the
// planted one, turned by `turn`; poses sampled at `rate` Hz over steps of `duration` seconds.
struct Walker {
  const MotionLibrary& lib;
  double length = 0.7, turn = 0, duration = 0.53, scale = 1, rate = 30;
  Lod lod = Lod::Medium;
  PlaybackOptions options;

  struct Result {
    double slip = 0;       // metres, largest over the walk
    double max_turn = 0;   // largest rotation of a joint between frames, radians
    std::vector<FigureRoot> roots;
  };

  Result walk(int steps) const {
    Result out;
    Vec2 feet[2] = {Vec2::Zero(), Vec2::Zero()};
    double headings[2] = {0, 0};
    int forward = 0;
    Posture posture{0, 0};
    SlipTracker tracker;
    const std::size_t nj = lib.skeletons[static_cast<std::size_t>(lod)].size();
    std::vector<Eigen::Quaternionf> joints(nj), previous;
    SolePoints soles;
    FigureRoot root;
    Eigen::Vector3f pelvis;
    double t = 0;
    for (int k = 0; k < steps; ++k) {
      StepRequest r;
      r.move = k + 1 == steps ? Move::Close : Move::Walk;
      r.planted_side = forward;
      r.planted = feet[forward];
      r.planted_heading = headings[forward];
      r.swing_from = feet[1 - forward];
      r.swing_from_heading = headings[1 - forward];
      const double h = headings[forward] + turn;
      feet[1 - forward] = r.move == Move::Close ? feet[forward] : Vec2(feet[forward] + length * unit_from_heading(h));
      headings[1 - forward] = r.move == Move::Close ? headings[forward] : h;
      r.swing_to = feet[1 - forward];
      r.swing_to_heading = headings[1 - forward];
      r.scale = scale;
      forward = 1 - forward;
      const StepPlayback p = begin_step(lib, posture, r);
      const double t0 = k * duration;
      for (; t < t0 + duration - 1e-9; t += 1 / rate) {
        pose_at(lib, lod, p, (t - t0) / duration, root, pelvis, joints, &soles, options);
        out.slip = std::max(out.slip, track_slip(tracker, soles));
        if (!previous.empty())
          for (std::size_t j = 0; j < nj; ++j)
            out.max_turn = std::max(out.max_turn, static_cast<double>(joints[j].angularDistance(previous[j])));
        previous = joints;
        out.roots.push_back(root);
      }
    }
    return out;
  }
};

}  // namespace

TEST_CASE("clips: in every clip at every level the planted foot holds still while it is down") {
  const auto lib = test::motion_library();
  for (int l = 0; l < kLodCount; ++l) {
    const Skeleton& s = lib->skeletons[static_cast<std::size_t>(l)];
    const std::size_t nj = s.size();
    std::vector<Rigid> model(nj);
    double worst = 0;
    for (const Clip& c : lib->clips) {
      const ClipFrames& f = c.lods[static_cast<std::size_t>(l)];
      const LegJoints& leg = s.legs[c.info.planted];
      Eigen::Vector3f anchor[2];
      bool down[2] = {false, false};
      for (std::size_t i = 0; i < c.info.frames; ++i) {
        model_transforms(s, f.pelvis[i], {f.rotations.data() + i * nj, nj}, model);
        // From the root frame to the clip frame (the planted footstep's): the root moves evenly.
        const float u = static_cast<float>(i) / static_cast<float>(c.info.frames - 1);
        const Eigen::Vector3f root(-0.5f * c.info.from_length + u * (c.root_end_x + 0.5f * c.info.from_length), 0, 0);
        const Eigen::Quaternionf yaw(Eigen::AngleAxisf(u * c.root_end_yaw, Eigen::Vector3f::UnitZ()));
        const Rigid& ankle = model[static_cast<std::size_t>(leg.ankle)];
        const Eigen::Vector3f points[2] = {root + yaw * (ankle.translation + ankle.rotation * lib->sole.heel),
                                           root + yaw * (ankle.translation + ankle.rotation * lib->sole.ball)};
        const float rest[2] = {lib->sole.heel_height, lib->sole.ball_height};
        bool any = false;
        for (int p = 0; p < 2; ++p) {
          const bool on = points[p].z() < rest[p] + 1e-3f;
          any = any || on;
          if (!on) {
            down[p] = false;
          } else if (!down[p]) {
            down[p] = true;
            anchor[p] = points[p];
          } else {
            worst = std::max(worst, static_cast<double>((points[p] - anchor[p]).head<2>().norm()));
          }
        }
        CHECK(any);  // the planted foot never leaves the ground
      }
    }
    CAPTURE(l);
    CHECK(worst < 0.01);
  }
}

TEST_CASE("clips: the planted foot holds still in the clip frame, and the swing foot lands on its footstep") {
  const auto lib = test::motion_library();
  double worst = 0, landing = 0;
  for (const Clip& c : lib->clips) {
    const auto& planted = c.feet[c.info.planted];
    const auto& swing = c.feet[1 - c.info.planted];
    const FootPoints& sole = lib->sole;
    for (std::size_t i = 1; i < c.info.frames; ++i)
      for (const auto* point : {&sole.heel, &sole.ball}) {
        const std::uint8_t bit = point == &sole.heel ? kHeel : kBall;
        if ((planted[i].contact & bit) && (planted[i - 1].contact & bit))
          worst = std::max(worst, static_cast<double>(((planted[i].ankle + planted[i].rotation * *point) -
                                                       (planted[i - 1].ankle + planted[i - 1].rotation * *point)).head<2>().norm()));
      }
    // The last frame: heel on the ground at the swing's footstep, half a step width to its side.
    const FootSample& last = swing.back();
    CHECK((last.contact & kHeel));
    const Eigen::Vector2f side = Eigen::Rotation2Df(c.swing_end_yaw) * Eigen::Vector2f(0, c.info.planted == 0 ? -1.0f : 1.0f);
    const Eigen::Vector2f heel = (last.ankle + last.rotation * sole.heel).head<2>();
    const Eigen::Vector2f expected = c.swing_end + 0.07f * side +
                                     Eigen::Rotation2Df(c.swing_end_yaw) * Eigen::Vector2f(sole.heel.x(), 0);
    landing = std::max(landing, static_cast<double>((heel - expected).norm()));
  }
  CHECK(worst < 0.001);    // per frame, so under 1 cm over any stance
  CHECK(landing < 0.001);
}

TEST_CASE("clips: every clip ends in the posture every clip from its end posture starts in") {
  const auto lib = test::motion_library();
  for (int l = 0; l < kLodCount; ++l) {
    const Skeleton& s = lib->skeletons[static_cast<std::size_t>(l)];
    const std::size_t nj = s.size();
    double worst = 0, pelvis = 0;
    for (std::size_t a = 0; a < lib->clips.size(); ++a)
      for (std::size_t b = 0; b < lib->clips.size(); ++b) {
        if (!(lib->graph.end_of(static_cast<std::uint16_t>(a)) == lib->graph.start_of(static_cast<std::uint16_t>(b)))) continue;
        if (lib->clips[a].info.kind == ClipKind::Turn) continue;  // ends with the feet turned apart
        // The seated pose lies beside the graph: taken and left without a transition.
        if (lib->clips[a].info.kind == ClipKind::Sit || lib->clips[b].info.kind == ClipKind::Sit) continue;
        const ClipFrames& fa = lib->clips[a].lods[static_cast<std::size_t>(l)];
        const ClipFrames& fb = lib->clips[b].lods[static_cast<std::size_t>(l)];
        const std::size_t last = lib->clips[a].info.frames - 1;
        for (std::size_t j = 0; j < nj; ++j)
          worst = std::max(worst, static_cast<double>(fa.rotations[last * nj + j].angularDistance(fb.rotations[j])));
        pelvis = std::max(pelvis, static_cast<double>((fa.pelvis[last] - fb.pelvis[0]).norm()));
      }
    CAPTURE(l);
    CHECK(worst < 1e-3);
    CHECK(pelvis < 1e-4);
  }
}

TEST_CASE("playback: a matched straight walk reproduces the clip and never slips") {
  const auto lib = test::motion_library();
  Walker w{*lib};
  const auto r = w.walk(12);
  CHECK(r.slip < 1e-4);
  // The root goes where the agent goes: half the first step, then a step per step, then half a
  // step closing the feet (the last frame is just short of the end).
  CHECK(r.roots.back().position.x() > 0.35 + 0.7 * 10 + 0.3);
  CHECK(r.roots.back().position.x() < 0.35 + 0.7 * 10 + 0.35);
  CHECK(std::abs(r.roots.back().position.y()) < 1e-6);
}

TEST_CASE("playback: locking the feet removes the slip that mismatched steps would cause") {
  const auto lib = test::motion_library();
  for (const double length : {0.32, 0.58, 0.83, 1.0})
    for (const double turn : {0.0, 0.35, -0.6}) {
      CAPTURE(length);
      CAPTURE(turn);
      Walker w{*lib};
      w.length = length;
      w.turn = turn;
      w.scale = 0.93;
      const auto locked = w.walk(8);
      CHECK(locked.slip < 0.002);
      w.options.lock_feet = false;  // the recorded legs, rotated and moved to the footsteps
      const auto loose = w.walk(8);
      if (std::abs(length - 0.7 * 0.93) > 0.1) CHECK(loose.slip > 0.01);  // the test can fail
    }
}

TEST_CASE("playback: root and feet agree across the three levels of detail within 1 mm") {
  const auto lib = test::motion_library();
  Posture posture{0, 2};
  StepRequest r;
  r.move = Move::Walk;
  r.planted = Vec2(3, 4);
  r.planted_heading = 0.4;
  r.swing_from = r.planted - 0.6 * unit_from_heading(0.3);
  r.swing_from_heading = 0.3;
  r.swing_to = r.planted + 0.8 * unit_from_heading(0.7);
  r.swing_to_heading = 0.7;
  r.scale = 1.07;
  const StepPlayback p = begin_step(*lib, posture, r);
  double worst = 0;
  for (double u = 0; u <= 1.0001; u += 0.05) {
    std::array<std::vector<Rigid>, kLodCount> model;
    std::array<FigureRoot, kLodCount> root;
    for (int l = 0; l < kLodCount; ++l) {
      const Skeleton& s = lib->skeletons[static_cast<std::size_t>(l)];
      std::vector<Eigen::Quaternionf> joints(s.size());
      Eigen::Vector3f pelvis;
      pose_at(*lib, static_cast<Lod>(l), p, u, root[static_cast<std::size_t>(l)], pelvis, joints);
      model[static_cast<std::size_t>(l)].resize(s.size());
      model_transforms(s, pelvis, joints, model[static_cast<std::size_t>(l)]);
    }
    for (int l = 1; l < kLodCount; ++l) {
      const Skeleton& s = lib->skeletons[static_cast<std::size_t>(l)];
      const Skeleton& h = lib->skeletons[0];
      worst = std::max(worst, (root[static_cast<std::size_t>(l)].position - root[0].position).norm());
      for (int side = 0; side < 2; ++side) {
        const Rigid& a = model[static_cast<std::size_t>(l)][static_cast<std::size_t>(s.legs[side].ankle)];
        const Rigid& b = model[0][static_cast<std::size_t>(h.legs[side].ankle)];
        const Vec2 wa = to_world(root[static_cast<std::size_t>(l)], a.translation + a.rotation * lib->sole.ball);
        const Vec2 wb = to_world(root[0], b.translation + b.rotation * lib->sole.ball);
        worst = std::max(worst, (wa - wb).norm());
        worst = std::max(worst, static_cast<double>((a.translation - b.translation).norm() * r.scale));
      }
    }
  }
  CHECK(worst < 0.001);
}

TEST_CASE("playback: turning, the root turns evenly through the step while the planted foot stays") {
  const auto lib = test::motion_library();
  Walker w{*lib};
  w.turn = 0.3;
  const auto r = w.walk(6);
  CHECK(r.slip < 1e-3);
  double biggest = 0;
  for (std::size_t i = 1; i < r.roots.size(); ++i)
    biggest = std::max(biggest, std::abs(wrap_angle(r.roots[i].heading - r.roots[i - 1].heading)));
  CHECK(biggest < 0.3 / 8);  // 0.3 rad per step of 16 frames, spread over the step
  CHECK(r.max_turn < 25 * kPi / 180);
}

TEST_CASE("playback: the walk graph advances one posture per step and picks the nearest length") {
  const auto lib = test::motion_library();
  Posture posture{1, 0};
  StepRequest r;
  r.planted_side = 1;
  r.move = Move::Walk;
  r.swing_to = Vec2(0.68, 0);
  const StepPlayback p = begin_step(*lib, posture, r);
  CHECK(lib->clips[p.clip].info.kind == ClipKind::Walk);
  CHECK(lib->clips[p.clip].info.from_length == 0.0f);   // a start from standing
  CHECK(lib->clips[p.clip].info.to_length == 0.70f);
  CHECK(lib->clips[p.clip].info.planted == 1);
  CHECK(posture == Posture{0, 2});
  r.planted_side = 0;
  r.move = Move::Turn;
  r.swing_to = Vec2::Zero();
  r.swing_to_heading = 0.7;
  const StepPlayback q = begin_step(*lib, posture, r);
  CHECK(lib->clips[q.clip].info.kind == ClipKind::Turn);
  CHECK(lib->clips[q.clip].info.from_length == 0.70f);
  CHECK(lib->clips[q.clip].info.turn > 0);
  CHECK(posture == Posture{1, 0});
  r.planted_side = 1;
  r.move = Move::Hold;
  const StepPlayback h = begin_step(*lib, posture, r);
  CHECK(h.hold == 1);
  CHECK(posture == Posture{1, 0});  // standing still goes nowhere in the graph
}

TEST_CASE("gait: at the walk node's default step, 1.3 m/s at 1.8–2.0 steps/s and 0.65–0.75 m steps") {
  // The walk node's defaults (the simulation's timing is unchanged by MOTION).
  const NodeKindInfo& walk = kind_info(NodeKind::Walk);
  const double length = walk.params[static_cast<std::size_t>(walk.param_index("step_length"))].fallback;
  const double time = walk.params[static_cast<std::size_t>(walk.param_index("step_time"))].fallback;
  CHECK(length >= 0.65);
  CHECK(length <= 0.75);
  CHECK(1 / time >= 1.8);
  CHECK(1 / time <= 2.0);
  CHECK(length / time == doctest::Approx(1.3).epsilon(0.03));
  FanParams fan;
  Footstep step;
  step.kind = StepKind::Fan;
  step.length = length;
  CHECK(step_duration(fan, step) == doctest::Approx(time));
  // The recorded medium step is that step at its natural cadence, and in the authored set speed
  // comes from length and cadence together: longer steps are also quicker ones.
  const auto lib = test::motion_library();
  double previous_speed = 0, previous_cadence = 0;
  for (const float l : lib->graph.lengths()) {
    const Clip& c = lib->clips[lib->graph.walk({0, lib->graph.nearest_stance(l)}, lib->graph.nearest_stance(l))];
    const double cadence = 1 / c.duration, speed = l * cadence;
    if (l == 0.70f) {
      CHECK(c.duration == doctest::Approx(time).epsilon(0.02));
      CHECK(speed == doctest::Approx(1.3).epsilon(0.03));
    }
    // Every recorded step lasts what the walk node schedules for its length (to the 60 Hz frame),
    // so playback never has to speed a clip up or slow it down.
    step.length = l;
    CHECK(std::abs(c.duration - step_duration(fan, step)) <= 0.5 / 60 + 1e-6);
    CHECK(cadence > previous_cadence);
    CHECK(speed > previous_speed);
    previous_cadence = cadence;
    previous_speed = speed;
  }
}

TEST_CASE("gait: the recorded medium step has the hip, knee and ankle curves of walking") {
  // Sagittal joint angles over the default step (0.70 m), against the ranges of normal gait
  // (reference/osg-tbb-notes.md §5.1): hip flexed 15–35° at heel strike and extended behind the
  // body before toe-off; knee near straight at heel strike (under 15°: the pelvis eases off full
  // extension, kReachSoftness), 10–30° in loading, 55–75° peak in swing;
  // the foot pitched toes-up at heel strike and plantarflexed at toe-off.
  const auto lib = test::motion_library();
  const Skeleton& s = lib->skeletons[static_cast<std::size_t>(Lod::Medium)];
  const std::size_t nj = s.size();
  const Clip& c = lib->clips[lib->graph.walk({0, 2}, 2)];  // left planted, 0.70 m to 0.70 m
  REQUIRE(c.info.to_length == 0.70f);
  std::vector<Rigid> model(nj);
  // Flexion of a bone in the sagittal plane: its angle forward of straight down (or of its parent).
  const auto pitch = [](const Eigen::Quaternionf& q) {
    const Eigen::Vector3f down = q * Eigen::Vector3f(0, 0, -1);
    return std::atan2(down.x(), -down.z()) / static_cast<float>(kDeg);
  };
  double hip_strike = 0, hip_min = 90, knee_stance = 0, knee_swing = 0, knee_strike = 0;
  const auto n = static_cast<std::size_t>(c.info.frames);
  for (std::size_t f = 0; f < n; ++f) {
    model_transforms(s, c.lods[1].pelvis[f], {c.lods[1].rotations.data() + f * nj, nj}, model);
    const double left_hip = pitch(model[static_cast<std::size_t>(s.legs[0].hip)].rotation);
    const double right_hip = pitch(model[static_cast<std::size_t>(s.legs[1].hip)].rotation);
    const double left_knee = c.lods[1].rotations[f * nj + static_cast<std::size_t>(s.legs[0].knee)].angularDistance(Eigen::Quaternionf::Identity()) / kDeg;
    const double right_knee = c.lods[1].rotations[f * nj + static_cast<std::size_t>(s.legs[1].knee)].angularDistance(Eigen::Quaternionf::Identity()) / kDeg;
    if (f == 0) {
      hip_strike = left_hip;  // the planted (left) leg just struck
      knee_strike = left_knee;
    }
    hip_min = std::min(hip_min, right_hip);  // the swing leg trails before it swings
    if (f < n / 3) knee_stance = std::max(knee_stance, left_knee);
    knee_swing = std::max(knee_swing, right_knee);
  }
  CHECK(hip_strike > 15);
  CHECK(hip_strike < 35);
  CHECK(hip_min < -10);
  CHECK(knee_strike < 15);
  CHECK(knee_stance > 10);
  CHECK(knee_stance < 30);
  CHECK(knee_swing > 55);
  CHECK(knee_swing < 75);
  const FootSample& strike = c.feet[0].front();  // planted foot at heel strike: toes up
  CHECK((strike.rotation * Eigen::Vector3f::UnitX()).z() > std::sin(10 * kDeg));
  double toe_off = 0;
  for (const FootSample& f : c.feet[1]) toe_off = std::max(toe_off, -static_cast<double>((f.rotation * Eigen::Vector3f::UnitX()).z()));
  CHECK(toe_off > std::sin(30 * kDeg));  // swing foot plantarflexed at push-off
}

TEST_CASE("clips: the seated pose (footfall_author) has level thighs, knees bent about 90° and the pelvis a seat's height up, at every level") {
  const auto lib = test::motion_library();
  for (int forward = 0; forward < 2; ++forward) {
    const std::uint16_t sit = lib->graph.sit(forward), stand = lib->graph.stand(forward);
    REQUIRE(sit != PostureGraph::kNoClip);
    CHECK(lib->clips[sit].info.kind == ClipKind::Sit);
    for (int l = 0; l < kLodCount; ++l) {
      CAPTURE(forward);
      CAPTURE(l);
      const Skeleton& sk = lib->skeletons[static_cast<std::size_t>(l)];
      const ClipFrames& seated = lib->clips[sit].lods[static_cast<std::size_t>(l)];
      const ClipFrames& standing = lib->clips[stand].lods[static_cast<std::size_t>(l)];
      std::vector<Rigid> m(sk.size());
      model_transforms(sk, seated.pelvis[0], std::span(seated.rotations).subspan(0, sk.size()), m);
      for (int side = 0; side < 2; ++side) {
        const LegJoints& leg = sk.legs[static_cast<std::size_t>(side)];
        const Eigen::Vector3f hip = m[static_cast<std::size_t>(leg.hip)].translation;
        const Eigen::Vector3f knee = m[static_cast<std::size_t>(leg.knee)].translation;
        const Eigen::Vector3f ankle = m[static_cast<std::size_t>(leg.ankle)].translation;
        const Eigen::Vector3f thigh = (knee - hip).normalized(), shank = (ankle - knee).normalized();
        const double hip_flexion = std::acos(std::clamp(-thigh.z(), -1.0f, 1.0f)) * 180 / kPi;
        const double knee_flexion = std::acos(std::clamp(thigh.dot(shank), -1.0f, 1.0f)) * 180 / kPi;
        CHECK(hip_flexion == doctest::Approx(90).epsilon(0.12));   // thigh level, forward
        CHECK(knee_flexion == doctest::Approx(90).epsilon(0.12));  // shank upright
        CHECK(thigh.x() > 0.9f);                                   // the knee ahead of the hip
        CHECK(std::abs(ankle.x()) < 0.05f);                        // the feet where they stand
      }
      // The pelvis at a seat's height, well below standing; nothing moves through the clip.
      CHECK(seated.pelvis[0].z() < standing.pelvis[0].z() - 0.3f);
      CHECK(seated.pelvis[0].z() > 0.4f);
      CHECK(seated.pelvis.back() == seated.pelvis.front());
    }
  }
}

#include "footfall/motion/library.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "footfall/core/math.hpp"
#include "footfall/motion/leg_ik.hpp"
#include "footfall/motion/pose.hpp"

namespace footfall::motion {
namespace {

// Sole points at most this high count as touching the ground (authored feet sit on it exactly).
constexpr float kContactHeight = 1e-3f;

void check_skeleton(const MotionFile& f, const Skeleton& s, const std::string& name) {
  const auto fail = [&](const std::string& what) {
    throw MotionFileError(name + ": recorded on another skeleton (" + what +
                          "); regenerate data/motion with footfall_author");
  };
  if (f.lod != s.lod)
    fail(std::string("a ") + lod_name(f.lod) + "-detail file where " + lod_name(s.lod) + " belongs");
  if (f.joints.size() != s.size())
    fail(std::to_string(f.joints.size()) + " joints, this build has " + std::to_string(s.size()));
  for (std::size_t j = 0; j < s.size(); ++j) {
    const Joint& a = f.joints[j];
    const Joint& b = s.joints[j];
    if (a.name != b.name || a.parent != b.parent)
      fail("joint " + std::to_string(j) + " is " + a.name + ", this build has " + b.name);
    if ((a.offset - b.offset).cwiseAbs().maxCoeff() > 1e-6f) fail("joint " + a.name + " has another offset");
  }
  if (f.reference_height != static_cast<float>(kReferenceHeight)) fail("another reference height");
}

float straightest_reach(const Skeleton& s) {
  return leg_reach(s.thigh, s.shank, static_cast<float>(std::cos(kStraightestKnee)));
}

// Feet in the clip frame from one level's recorded joint rotations, by forward kinematics, and
// (when asked) the highest the pelvis may be with both legs reaching them.
std::array<std::vector<FootSample>, 2> clip_feet(const Clip& c, const Skeleton& s,
                                                 std::vector<float>* reach_heights = nullptr) {
  const ClipFrames& frames = c.lods[static_cast<std::size_t>(s.lod)];
  const std::size_t nj = s.size(), n = c.info.frames;
  const FootPoints sole = foot_points();
  std::vector<Rigid> model(nj);
  std::array<std::vector<FootSample>, 2> feet;
  for (auto& f : feet) f.resize(n);
  if (reach_heights) reach_heights->resize(n);
  const float reach = straightest_reach(s);
  for (std::size_t f = 0; f < n; ++f) {
    model_transforms(s, frames.pelvis[f], {frames.rotations.data() + f * nj, nj}, model);
    const float u = static_cast<float>(f) / static_cast<float>(n - 1);
    const Eigen::Vector3f root(-0.5f * c.info.from_length + u * (c.root_end_x + 0.5f * c.info.from_length), 0, 0);
    const Eigen::Quaternionf yaw(Eigen::AngleAxisf(u * c.root_end_yaw, Eigen::Vector3f::UnitZ()));
    for (int side = 0; side < 2; ++side) {
      const Rigid& a = model[static_cast<std::size_t>(s.legs[side].ankle)];
      FootSample& out = feet[side][f];
      out.ankle = root + yaw * a.translation;
      out.rotation = yaw * a.rotation;
      out.contact = 0;
      if ((a.translation + a.rotation * sole.heel).z() < sole.heel_height + kContactHeight) out.contact |= kHeel;
      if ((a.translation + a.rotation * sole.ball).z() < sole.ball_height + kContactHeight) out.contact |= kBall;
    }
    const auto height = [&](int side) {
      return reach_height<float>(frames.pelvis[f], frames.rotations[f * nj],
                                 s.joints[static_cast<std::size_t>(s.legs[side].hip)].offset,
                                 model[static_cast<std::size_t>(s.legs[side].ankle)].translation, reach);
    };
    if (reach_heights) (*reach_heights)[f] = soft_min(height(0), height(1));
  }
  return feet;
}

// What playback needs per frame: feet, reach, when the swing foot lifts off and how far it is.
void derive(Clip& c, const Skeleton& s) {
  c.feet = clip_feet(c, s, &c.reach_height);
  const std::size_t n = c.info.frames;
  const int swing = 1 - c.info.planted;
  // The swing foot pushes off until lift-off (it touches down again at the last frame).
  std::size_t leaves = 0;
  while (leaves + 1 < n && c.feet[swing][leaves + 1].contact) ++leaves;
  c.lift_off = static_cast<float>(leaves) / static_cast<float>(n - 1);
  // Progress of the swing: along the line between its footsteps, or over time when it steps in place.
  const Eigen::Vector2f travel = c.swing_end - Eigen::Vector2f(-c.info.from_length, 0);
  const auto along = [&](std::size_t f) { return c.feet[swing][f].ankle.head<2>().dot(travel); };
  const float span = along(n - 1) - along(leaves);
  c.swing_progress.assign(n, 0.0f);
  for (std::size_t f = leaves + 1; f < n; ++f) {
    const float t = static_cast<float>(f - leaves) / static_cast<float>(n - 1 - leaves);
    c.swing_progress[f] = travel.norm() >= 0.01f && span > 0 ? std::clamp((along(f) - along(leaves)) / span, 0.0f, 1.0f)
                                                               : t * t * (3 - 2 * t);
  }
  if (leaves + 1 < n) c.swing_progress[n - 1] = 1;
}

}  // namespace

MotionLibrary make_motion_library(std::array<MotionFile, kLodCount> files,
                                  const std::array<std::string, kLodCount>& names) {
  MotionLibrary lib;
  for (int l = 0; l < kLodCount; ++l) {
    lib.skeletons[static_cast<std::size_t>(l)] = build_skeleton(static_cast<Lod>(l));
    check_skeleton(files[static_cast<std::size_t>(l)], lib.skeletons[static_cast<std::size_t>(l)],
                   names[static_cast<std::size_t>(l)]);
  }
  const MotionFile& first = files[0];
  for (int l = 1; l < kLodCount; ++l) {
    const MotionFile& f = files[static_cast<std::size_t>(l)];
    const std::string& name = names[static_cast<std::size_t>(l)];
    if (f.frame_rate != first.frame_rate || f.clips.size() != first.clips.size())
      throw MotionFileError(name + ": holds other clips than " + names[0] + "; regenerate both");
    for (std::size_t c = 0; c < f.clips.size(); ++c)
      if (!(f.clips[c].info == first.clips[c].info))
        throw MotionFileError(name + ": clip " + std::to_string(c) + " differs from " + names[0] +
                              "; regenerate both");
  }
  std::vector<ClipInfo> infos;
  for (const MotionClip& c : first.clips) infos.push_back(c.info);
  lib.graph = PostureGraph(infos, names[0]);
  lib.sole = foot_points();
  const Skeleton& sk = lib.skeletons[0];
  lib.max_leg_reach = straightest_reach(sk);
  lib.frame_rate = first.frame_rate;

  lib.clips.resize(infos.size());
  for (std::size_t c = 0; c < infos.size(); ++c) {
    Clip& clip = lib.clips[c];
    clip.info = infos[c];
    clip.duration = static_cast<float>(clip.info.frames - 1) / static_cast<float>(lib.frame_rate);
    const bool walk = clip.info.kind == ClipKind::Walk;
    clip.swing_end = Eigen::Vector2f(walk ? clip.info.to_length : 0.0f, 0.0f);
    clip.swing_end_yaw = clip.info.kind == ClipKind::Turn ? clip.info.turn : 0.0f;
    clip.root_end_x = 0.5f * clip.swing_end.x();
    clip.root_end_yaw = 0.5f * clip.swing_end_yaw;
    for (int l = 0; l < kLodCount; ++l)
      clip.lods[static_cast<std::size_t>(l)] = std::move(files[static_cast<std::size_t>(l)].clips[c].frames);
    derive(clip, lib.skeletons[static_cast<std::size_t>(Lod::Medium)]);
    // Every level must put the feet in the same places: the legs are the same joints.
    for (const Lod lod : {Lod::High, Lod::Low}) {
      const auto feet = clip_feet(clip, lib.skeletons[static_cast<std::size_t>(lod)]);
      for (std::size_t f = 0; f < clip.info.frames; ++f)
        for (int side = 0; side < 2; ++side)
          if ((feet[side][f].ankle - clip.feet[side][f].ankle).norm() > 1e-4f)
            throw MotionFileError(names[static_cast<std::size_t>(lod)] + ": clip " + std::to_string(c) +
                                  " places the feet elsewhere than " + names[1] + "; regenerate");
    }
  }
  return lib;
}

MotionLibrary load_motion_library(const std::string& dir) {
  std::array<MotionFile, kLodCount> files;
  std::array<std::string, kLodCount> names;
  for (int l = 0; l < kLodCount; ++l) {
    names[static_cast<std::size_t>(l)] = (std::filesystem::path(dir) / motion_file_name(static_cast<Lod>(l))).string();
    files[static_cast<std::size_t>(l)] = read_motion_file(names[static_cast<std::size_t>(l)]);
  }
  return make_motion_library(std::move(files), names);
}

}  // namespace footfall::motion

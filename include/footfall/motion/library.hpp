#pragma once
// The motion database (Granieri et al. 1995 §4.3): one copy of the posture graph and its clips at
// every level of detail, shared read-only by all agents. Loading checks the files against the
// skeletons this build makes and against each other, and derives what playback needs per frame:
// where each foot is in the clip frame and which of its sole points touch the ground.
#include <array>
#include <string>
#include <vector>

#include "footfall/motion/clip.hpp"
#include "footfall/motion/motion_file.hpp"
#include "footfall/motion/posture_graph.hpp"
#include "footfall/motion/skeleton.hpp"

namespace footfall::motion {

struct FootSample {
  Eigen::Vector3f ankle;        // in the clip frame
  Eigen::Quaternionf rotation;  // of the foot, in the clip frame
  std::uint8_t contact = 0;     // kHeel | kBall: sole points on the ground
};
inline constexpr std::uint8_t kHeel = 1, kBall = 2;

struct Clip {
  ClipInfo info;
  float duration = 0;          // seconds as recorded
  float root_end_x = 0;        // the root moves from (−from_length/2, 0) to (root_end_x, 0) ...
  float root_end_yaw = 0;      // ... turning from 0 to this
  Eigen::Vector2f swing_end;   // the swing foot's last footstep point; it starts at (−from_length, 0)
  float swing_end_yaw = 0;
  float lift_off = 1;          // fraction of the step at which the swing foot leaves the ground
  std::vector<float> swing_progress;  // per frame: how far the swing foot has gone, 0 to 1
  std::vector<float> reach_height;    // per frame: the soft-highest pelvis both legs reach from
  std::array<ClipFrames, kLodCount> lods;
  std::array<std::vector<FootSample>, 2> feet;  // per frame, left and right
};

struct MotionLibrary {
  std::array<Skeleton, kLodCount> skeletons;
  FootPoints sole;            // foot_points()
  float max_leg_reach = 0;    // hip to ankle with the knee at kStraightestKnee
  std::uint32_t frame_rate = 60;
  std::vector<Clip> clips;
  PostureGraph graph;
};

// Reads high.motion, medium.motion and low.motion from `dir`. Throws MotionFileError naming the
// file at fault.
MotionLibrary load_motion_library(const std::string& dir);

// The same from decoded files (index = level of detail); `names` are used in errors.
MotionLibrary make_motion_library(std::array<MotionFile, kLodCount> files,
                                  const std::array<std::string, kLodCount>& names);

}  // namespace footfall::motion

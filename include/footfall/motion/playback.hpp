#pragma once
// Playing the posture graph at run time (Granieri et al. 1995 §4.4). At each footstep the agent
// takes the edge from its posture whose recorded length best matches the scheduled step
// (begin_step); every frame the clip is sampled in phase with the step timer, time-warped to the
// step's duration (pose_at).
//
// Placement: the planted foot is locked to its footstep while the figure's root moves with the
// simulation's location and turns smoothly through the step, pivoting on the planted foot as in
// the paper; it faces the agent's heading (the mean of the feet) turned toward the line from the
// trailing to the forward foot, so a walker faces where it goes. The swing foot pushes off from its old footstep
// and lands exactly on its new one: the clip's swing is carried along a frame sliding from the old
// footstep to the new one as the foot advances. The legs are solved by two-bone IK to reach both
// feet. So a mismatch of length or turn changes how the leg swings, never where a foot stands: no
// translational slip.
#include <array>
#include <cstdint>
#include <span>

#include "footfall/core/math.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/motion/pose.hpp"

namespace footfall::motion {

// What the walk node scheduled, as MOTION sees it.
enum class Move : std::uint8_t {
  Hold,   // nothing moves (a blocked agent, or before the first footstep)
  Stand,  // standing with the feet together for a step's time
  Walk,   // the swing foot steps to a new footstep
  Close,  // the swing foot closes beside the planted one
  Turn,   // ... turning
  Side,   // the swing foot steps sideways
  Back,   // the swing foot steps back behind where it was (backing up)
  Sit,    // seated for a step's time (the library's sit clip; standing where it has none)
};

struct StepRequest {
  Move move = Move::Hold;
  int planted_side = 0;  // the foot that stays down: 0 left, 1 right
  Vec2 planted = Vec2::Zero();      // footstep points (on the line of progression) and headings
  double planted_heading = 0;
  Vec2 swing_from = Vec2::Zero();
  double swing_from_heading = 0;
  Vec2 swing_to = Vec2::Zero();
  double swing_to_heading = 0;
  double scale = 1;  // agent height / reference height
};

// A point and heading on the ground, relative to the planted footstep (metres, radians).
struct GroundFrame {
  Eigen::Vector2f at = Eigen::Vector2f::Zero();
  float heading = 0;
};

// Per agent, set at each footstep: the clip and where its ends lie in the world.
struct StepPlayback {
  Vec2 planted = Vec2::Zero();  // world footstep point of the planted foot
  float planted_heading = 0;
  float scale = 1;
  std::uint16_t clip = 0;
  std::uint8_t hold = 0;        // 1: stay in the clip's first frame
  GroundFrame swing_from, swing_to;  // the swing foot's old and new footsteps
  GroundFrame root_from, root_to;    // the agent's location and the figure's facing, before and after
};

// Chooses the clip for the step, advances `posture` along the graph, and anchors the clip.
StepPlayback begin_step(const MotionLibrary& lib, Posture& posture, const StepRequest& request);

// Sole points in the world this frame: left heel, left ball, right heel, right ball; bit i of
// `touching` says point i is on the ground in the clip.
struct SolePoints {
  std::array<Vec2, 4> world;
  std::uint8_t touching = 0;
};

struct PlaybackOptions {
  bool lock_feet = true;  // false: legs as recorded, no IK (for measuring what locking removes)
};

// The pose at fraction u ∈ [0, 1] of the step: root, pelvis and one rotation per joint of `lod`.
void pose_at(const MotionLibrary& lib, Lod lod, const StepPlayback& playback, double u,
             FigureRoot& root, Eigen::Vector3f& pelvis, std::span<Eigen::Quaternionf> joints,
             SolePoints* soles = nullptr, const PlaybackOptions& options = {});

// Foot slip: each sole point is anchored where it touches down; while it stays on the ground its
// distance from the anchor is slip. Returns this frame's largest slip, metres.
struct SlipTracker {
  std::array<Vec2, 4> anchor;
  std::uint8_t anchored = 0;
};
double track_slip(SlipTracker& tracker, const SolePoints& soles);

}  // namespace footfall::motion

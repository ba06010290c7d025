#pragma once
// Authored steps (Granieri et al. 1995 §4.4): one clip is one footstep, from the foot-strike of the
// planted foot to the foot-strike of the swing foot, recorded at 60 Hz for one level of detail.
//
// The clip frame: the planted foot's footstep point at the origin, its heading along +x, z up.
// Footstep points lie on the line of progression; each foot sits half a step width to its side of
// its footstep point (posture, part of the clip). The swing foot's footstep starts `from_length`
// behind the planted one and ends `to_length` ahead (Walk) or beside it (Stop, Turn; turned by
// `turn` for Turn). The root moves linearly from the middle of the first two footsteps to the middle
// of the last two; the pelvis translation of each frame is stored relative to that moving root.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

namespace footfall::motion {

enum class ClipKind : std::uint8_t {
  Walk,   // swing foot from behind to `to_length` ahead (from_length 0: a start from standing)
  Stop,   // swing foot closes beside the planted one (from_length 0: a step in place)
  Turn,   // as Stop, the swing foot landing turned by `turn` (turning in place)
  Stand,  // no foot moves: standing still for a step's time
  Sit,    // seated (on a bench) with the feet together where they stand: held for a step's time
};
inline constexpr int kClipKinds = 5;
const char* clip_kind_name(ClipKind kind);

// A posture, a node of the posture graph (paper Fig. 7): which foot struck last and how far apart
// the feet stand, as an index into the recorded step lengths (0: together, k: lengths[k − 1]).
struct Posture {
  std::uint8_t forward = 0;  // 0 left, 1 right
  std::uint8_t stance = 0;
  friend bool operator==(const Posture&, const Posture&) = default;
};

struct ClipInfo {
  ClipKind kind = ClipKind::Stand;
  std::uint8_t planted = 0;   // 0 left, 1 right: the foot that stays down; the other one swings
  float from_length = 0;      // metres at the reference height
  float to_length = 0;
  float turn = 0;             // radians, positive to the left
  std::uint32_t frames = 0;   // at the file's frame rate; the clip lasts (frames − 1) / rate
  friend bool operator==(const ClipInfo&, const ClipInfo&) = default;
};

// The recorded motion of one clip at one level of detail: per frame, the pelvis translation
// relative to the root and the local rotation of every joint (frames × joints, frame-major).
struct ClipFrames {
  std::vector<Eigen::Vector3f> pelvis;
  std::vector<Eigen::Quaternionf> rotations;
};

}  // namespace footfall::motion

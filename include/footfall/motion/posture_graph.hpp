#pragma once
// The posture graph (Granieri et al. 1995 §4.3, Fig. 7): postures are nodes, clips are edges, and
// playing motion is walking the graph one edge per footstep. A posture is the foot that struck last
// and the stance, feet together or apart by one of the recorded step lengths; from every posture
// there is a walking step to each recorded length, a stop (closing the feet; from feet together, a
// step in place), turns in place to either side, and, with the feet together, standing still.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "footfall/motion/clip.hpp"

namespace footfall::motion {

class PostureGraph {
 public:
  // Throws MotionFileError (naming `source`) when an edge is missing or a clip starts or ends at
  // a stance that is not a recorded length.
  PostureGraph(std::span<const ClipInfo> clips, const std::string& source);
  PostureGraph() = default;

  const std::vector<float>& lengths() const { return lengths_; }  // recorded, ascending
  int stances() const { return static_cast<int>(lengths_.size()) + 1; }

  // The stance whose recorded length is nearest (1 ..); ties go to the shorter.
  std::uint8_t nearest_stance(double length) const;
  float stance_length(int stance) const { return stance == 0 ? 0.0f : lengths_[static_cast<std::size_t>(stance - 1)]; }

  std::uint16_t walk(Posture from, int to_stance) const { return walk_[index(from) * (lengths_.size()) + static_cast<std::size_t>(to_stance - 1)]; }
  std::uint16_t stop(Posture from) const { return stop_[index(from)]; }
  std::uint16_t turn(Posture from, int left) const { return turn_[index(from) * 2 + static_cast<std::size_t>(left)]; }
  std::uint16_t stand(int forward) const { return stand_[static_cast<std::size_t>(forward)]; }
  // The seated pose (an idle pose beside the graph: feet together, no foot moves); kNoClip in a
  // library recorded without one.
  static constexpr std::uint16_t kNoClip = 0xffff;
  std::uint16_t sit(int forward) const { return sit_[static_cast<std::size_t>(forward)]; }

  // Where an edge leads.
  Posture end_of(std::uint16_t clip) const { return ends_[clip]; }
  Posture start_of(std::uint16_t clip) const { return starts_[clip]; }

 private:
  std::size_t index(Posture p) const { return static_cast<std::size_t>(p.forward) * static_cast<std::size_t>(stances()) + p.stance; }
  std::vector<float> lengths_;
  std::vector<std::uint16_t> walk_, stop_, turn_, stand_, sit_;
  std::vector<Posture> starts_, ends_;
};

}  // namespace footfall::motion

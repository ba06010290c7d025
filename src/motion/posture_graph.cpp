#include "footfall/motion/posture_graph.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/motion/motion_file.hpp"

namespace footfall::motion {
namespace {

constexpr std::uint16_t kNone = 0xffff;

const char* side_name(int forward) { return forward == 0 ? "left" : "right"; }

}  // namespace

PostureGraph::PostureGraph(std::span<const ClipInfo> clips, const std::string& source) {
  const auto fail = [&](const std::string& what) {
    throw MotionFileError(source + ": the posture graph is incomplete: " + what);
  };
  for (const ClipInfo& c : clips)
    if (c.kind == ClipKind::Walk && std::find(lengths_.begin(), lengths_.end(), c.to_length) == lengths_.end())
      lengths_.push_back(c.to_length);
  std::sort(lengths_.begin(), lengths_.end());
  if (lengths_.empty()) fail("no walking steps");
  if (clips.size() >= kNone) fail("too many clips");
  const auto stance_of = [&](float length, std::size_t clip) -> std::uint8_t {
    if (length == 0) return 0;
    const auto it = std::find(lengths_.begin(), lengths_.end(), length);
    if (it == lengths_.end())
      fail("clip " + std::to_string(clip) + " starts from a stance of " + std::to_string(length) +
           " m, which no walking step records");
    return static_cast<std::uint8_t>(it - lengths_.begin() + 1);
  };

  const std::size_t nodes = 2 * static_cast<std::size_t>(stances());
  walk_.assign(nodes * lengths_.size(), kNone);
  stop_.assign(nodes, kNone);
  turn_.assign(nodes * 2, kNone);
  stand_.assign(2, kNone);
  sit_.assign(2, kNone);
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const ClipInfo& c = clips[i];
    const Posture from{c.planted, stance_of(c.from_length, i)};
    const std::uint8_t swing = static_cast<std::uint8_t>(1 - c.planted);
    const auto clip = static_cast<std::uint16_t>(i);
    switch (c.kind) {
      case ClipKind::Walk:
        walk_[index(from) * lengths_.size() + stance_of(c.to_length, i) - 1] = clip;
        ends_.push_back({swing, stance_of(c.to_length, i)});
        break;
      case ClipKind::Stop: stop_[index(from)] = clip; ends_.push_back({swing, 0}); break;
      case ClipKind::Turn: turn_[index(from) * 2 + (c.turn > 0 ? 1 : 0)] = clip; ends_.push_back({swing, 0}); break;
      case ClipKind::Stand:
        if (from.stance != 0) fail("clip " + std::to_string(i) + " stands still with the feet apart");
        stand_[c.planted] = clip;
        ends_.push_back({swing, 0});
        break;
      case ClipKind::Sit:
        if (from.stance != 0) fail("clip " + std::to_string(i) + " sits with the feet apart");
        sit_[c.planted] = clip;
        ends_.push_back({swing, 0});
        break;
    }
    starts_.push_back(from);
  }
  for (int f = 0; f < 2; ++f) {
    if (stand_[static_cast<std::size_t>(f)] == kNone) fail(std::string("no standing clip on the ") + side_name(f) + " foot");
    for (int s = 0; s < stances(); ++s) {
      const Posture p{static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(s)};
      const std::string at = std::string(" from ") + side_name(f) + " foot forward, stance " +
                             std::to_string(stance_length(s)) + " m";
      for (std::size_t t = 0; t < lengths_.size(); ++t)
        if (walk_[index(p) * lengths_.size() + t] == kNone)
          fail("no walking step" + at + " to " + std::to_string(lengths_[t]) + " m");
      if (stop_[index(p)] == kNone) fail("no stop" + at);
      for (int left = 0; left < 2; ++left)
        if (turn_[index(p) * 2 + static_cast<std::size_t>(left)] == kNone)
          fail(std::string("no turn to the ") + (left ? "left" : "right") + at);
    }
  }
}

std::uint8_t PostureGraph::nearest_stance(double length) const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < lengths_.size(); ++k)
    if (std::abs(length - lengths_[k]) < std::abs(length - lengths_[best])) best = k;
  return static_cast<std::uint8_t>(best + 1);
}

}  // namespace footfall::motion

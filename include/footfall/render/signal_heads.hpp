#pragma once
// Where signal heads stand, derived from the world: scenarios name signals and the crosswalks they
// govern, not the hardware. A light-net's WALK comes with its GREEN (patnet/light_net.hpp), so a
// signal's vehicle lamps face the traffic that runs parallel to its crosswalks.
//
// - Pedestrian heads: one at each end of every signalled crosswalk, facing across it, so people
//   waiting at one kerb look at the head on the other.
// - Vehicle heads (three lamps): one per approach of the signal's traffic, on the far right corner
//   of the junction as seen by an approaching driver (right-hand traffic), facing the driver.
// Heads go on the nearest pole (a cylinder obstacle) within kPoleReach of where they belong; where
// there is none, the layout adds a pole.
#include <Eigen/Core>
#include <vector>

#include "footfall/patnet/patnet.hpp"
#include "footfall/world/world.hpp"

namespace footfall::render {

inline constexpr double kPoleReach = 3.0;               // metres
inline constexpr double kPedestrianHeadHeight = 2.6;    // centre of the head, metres
inline constexpr double kVehicleHeadHeight = 3.6;       // centre of the yellow lamp, metres

enum class HeadKind : std::uint8_t { Vehicle, Pedestrian };

struct SignalHead {
  HeadKind kind = HeadKind::Pedestrian;
  int signal = 0;            // index into World::signals
  Eigen::Vector3d position;  // centre of the head's face, world (z up)
  double facing = 0;         // heading of the face's outward normal, radians from +x
};

struct SignalLayout {
  std::vector<SignalHead> heads;
  std::vector<Vec2> new_poles;  // poles the layout adds where the world has none near a head
};

SignalLayout signal_layout(const World& world);

// What a lit head shows: per lamp (vehicle: red, yellow, green, top to bottom; pedestrian: DON'T
// WALK, WALK) whether it is on. Flashing DON'T WALK is on for the first half of every second.
struct LampsOn {
  bool lamp[3] = {false, false, false};
};
LampsOn lamps_on(HeadKind kind, const patnet::SignalState& state, double time);

}  // namespace footfall::render

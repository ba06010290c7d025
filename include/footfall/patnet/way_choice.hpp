#pragma once
// Which way round a corner a pedestrian takes (plans are advice, Reich 1997 §7.6.2): at a corner
// where its route crosses next, a pedestrian reads the signals and takes the way over the other
// crosswalk when that gets it to its destination sooner, as people at a corner cross whichever way
// turns green first. A diagonal trip has two equally long ways; with the two heads' WALKs half a
// cycle apart, taking the one that shows WALK first saves up to half a cycle of waiting.
#include <cstdint>
#include <vector>

#include "footfall/world/walkways.hpp"

namespace footfall::patnet {

struct SignalTiming;  // light_net.hpp

struct WayChoice {
  double speed = 1.2;          // m/s: a crowded walking pace (a free one is about 1.4)
  double min_walk_left = 4.0;  // s of WALK still to run for stepping off a kerb to be worth it
  double detour = 10.0;        // m: the most a way may add to the planned one
};

// Seconds from t until a pedestrian may step off under `timing`: 0 while WALK shows with at least
// `min_walk_left` of it to run, else until the next WALK begins.
double wait_for_walk(const SignalTiming& timing, double t, double min_walk_left);

// When a pedestrian who sets off along `route` at time t, at `choice.speed`, arrives at its end,
// waiting at every signalled crossing for wait_for_walk. `timings` is per world signal.
double arrival_time(const Walkways& ways, const std::vector<SignalTiming>& timings,
                    const std::vector<std::uint32_t>& route, double t, const WayChoice& choice);

// `route` itself, or, when one of its next two edges is a signalled crossing, the shortest way to
// its end that avoids that crossing, if the way arrives sooner (by more than a second) and is at
// most choice.detour longer.
std::vector<std::uint32_t> choose_way(const Walkways& ways, const std::vector<SignalTiming>& timings,
                                      std::vector<std::uint32_t> route, double t,
                                      const WayChoice& choice);

}  // namespace footfall::patnet

#pragma once
// Sources: pedestrians that enter a region at a given flow (docs/scenario.md, `sources`). Arrival
// times, places, speeds and sizes are pure functions of (seed, source, arrival, attempt), so the
// emission never depends on thread count or evaluation order; the simulation places each arrival
// in a free slot once the spot is clear (pipeline/simulation.hpp, source_stage).
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/core/math.hpp"

namespace footfall {

// Where a source emits: a box [lo, hi] or a line segment lo–hi (`line`).
struct SourceRegion {
  bool line = false;
  Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
  // The point for uniform draws u, v in [0, 1) (a line uses u only).
  Vec2 point(double u, double v) const;
  Vec2 centre() const { return 0.5 * (lo + hi); }
};

// A desired walking speed per walker: normal N(mean, sd) clamped to [min, max] (sd 0: fixed), as
// the validation scenes draw Weidmann's free speeds (tools/make_validation.py, free_speed).
struct SpeedDraw {
  double mean = 0, sd = 0, min = 0, max = 0;  // mean 0: keep the behavior's own stride
  bool given() const { return mean > 0; }
  // From two uniform draws in [0, 1) (Box–Muller).
  double draw(double u1, double u2) const;
};

struct SourceSpec {
  std::string name;
  SourceRegion region;
  double flow = 1;                // persons per second
  double start = 0;               // first arrival no earlier than this, seconds
  double end = kInf;              // no arrival at or after this
  std::uint64_t count = 0;        // > 0: exactly this many arrivals (then `end` is not given)
  bool regular = false;           // arrivals every 1/flow s; false: a Poisson process
  std::uint32_t behavior = 0;     // behavior-net template
  std::vector<double> params;     // its parameter block with the source's `set`
  std::vector<double> model;      // agent-model parameter values
  double radius_min = 0.25, radius_max = 0.25;  // uniform per walker
  double depth_min = 0, depth_max = 0;          // drawn with the radius; 0: discs
  double height_min = 1.55, height_max = 1.90;  // stature, uniform (figures only)
  SpeedDraw speed;
  bool heading_given = false;     // else each walker faces its goal (or +x without one)
  double heading = 0;
  bool walking = false;           // enters in stride at its desired speed (agents' `walking`)
  double leave_within = 0;        // removal on arrival, metres (0: stays)
  double clearance = 0;           // extra gap to others beyond both bodies, metres
  std::uint32_t capacity = 0;     // walkers in the scene at once (slots); 0: one per arrival, up to 10,000
};

// The source's arrival times, ascending: `count` of them, or all before `end`; at most `limit`.
std::vector<double> arrival_times(const SourceSpec& source, std::uint64_t seed, std::uint64_t index,
                                  std::size_t limit = 1000000);

// A source as a simulation runs it: its slots, its arrivals and the ids they get.
struct SourceState {
  std::uint32_t first_slot = 0, slots = 0;
  std::uint32_t fresh = 0;       // slots [first_slot, first_slot + fresh) have held a walker
  std::uint64_t first_id = 0;    // arrival k (0-based) has id first_id + k and name <source>_<k+1>
  std::vector<double> arrivals;  // when each arrival is due, ascending
  std::size_t next = 0;          // the next arrival to enter
  std::uint64_t delayed = 0;
  double delay_sum = 0, delay_max = 0, last_entry = -kInf;
};

// What one source did over a run (the summary's `sources`).
struct SourceReport {
  std::string name;
  double flow_target = 0;     // persons/s asked for
  std::uint64_t planned = 0;  // arrivals due by now
  std::uint64_t emitted = 0;
  std::uint64_t delayed = 0;  // arrivals that entered (or wait) more than a frame after they were due
  std::uint64_t waiting = 0;  // due but not yet entered: no room in the region, or no free slot
  double window = 0;          // seconds from `start` to the later of now (or `end`) and the last entry
  double delay_mean = 0, delay_max = 0;  // seconds from due to entered, over those emitted
  double flow() const { return window > 0 ? static_cast<double>(emitted) / window : 0.0; }
};

}  // namespace footfall

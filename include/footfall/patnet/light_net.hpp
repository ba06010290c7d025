#pragma once
// Light-nets (Granieri et al. 1995 §3): one global PaT-Net per approach pair cycles its vehicle lamps
// and pedestrian heads:
//
//   offset ─▶ walk ─▶ clear ─▶ yellow ─▶ red ─┐
//             ▲ GREEN  GREEN    YELLOW   RED    │
//             │ WALK   FLASHING DONT_WALK DONT_WALK
//             └────────────────────────────────┘
//
// The pedestrian head shows WALK for `walk` seconds from the start of green, then flashes DON'T WALK
// for the rest of green (the clearance interval), and shows DON'T WALK through yellow and red.
// `offset` delays the first green, so two signals of one intersection share a cycle.
#include <cmath>

#include "footfall/patnet/patnet.hpp"

namespace footfall::patnet {

struct SignalTiming {
  double green = 20, yellow = 3, red = 27;  // seconds; the cycle is their sum
  double walk = 7;                          // ≤ green
  double offset = 0;                        // seconds before the first green, < cycle
  double cycle() const { return green + yellow + red; }
  // Seconds into the cycle at t (0 at the start of green); negative before the first green.
  double phase(double t) const { return t < offset ? t - offset : std::fmod(t - offset, cycle()); }
};

// The light-net class. Parameters, in order: signal, walk, clear, yellow, red, offset.
Program light_net_program(const World& world);

// Arguments starting light_net_program for signal `signal` with `timing`.
std::vector<double> light_net_args(int signal, const SignalTiming& timing);

// What the light-net shows at time t (for tests and for checking the net against the timing).
SignalState signal_at(const SignalTiming& timing, double t);

// Seconds from t until the pedestrian head shows steady DON'T WALK, what a countdown display
// beside the head shows through WALK and the flashing clearance interval (MUTCD 2009 §4E.07); 0
// while it shows DON'T WALK.
double dont_walk_in(const SignalTiming& timing, double t);

}  // namespace footfall::patnet

#pragma once
// The trajectory CSV: one row per pedestrian in the scene per frame (README.md, "Outputs"):
//   frame,time,id,name,x,y,heading,state,behavior
// `id` is the pedestrian's id for life, `name` its name for life, `state` its gait (stand, walk,
// close) or "arrived", `behavior` its PaT-Net states (Simulation::behavior_of; empty for none).
// Fields are quoted per RFC 4180 where they must be (core/csv.hpp).
#include <ostream>

#include "footfall/pipeline/simulation.hpp"

namespace footfall::output {

inline constexpr const char* kCsvHeader = "frame,time,id,name,x,y,heading,state,behavior";

void write_csv_header(std::ostream& out);
// Reads only the snapshot and what never changes in `sim`: safe beside a running step.
void write_csv_rows(std::ostream& out, const Snapshot& s, const Simulation& sim);

// The gait column: the gait's name, or "arrived" for a pedestrian standing on its final goal.
const char* state_name(const Snapshot& s, std::size_t a);

}  // namespace footfall::output

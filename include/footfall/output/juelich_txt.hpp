#pragma once
// The plain-text trajectory format of the Jülich tools (PeTrack, JuPedSim, JPSreport, PedPy's
// load_trajectory_from_txt): '#' comment lines with the frame rate and unit, then one line per
// pedestrian per frame, whitespace separated: id frame x y z (metres; z = 0, the ground). Ids are
// footfall's ids for life (from 1, as the Jülich tools number pedestrians).
#include <ostream>

#include "footfall/agents/agents.hpp"
#include "footfall/output/run_info.hpp"

namespace footfall::output {

void write_juelich_header(std::ostream& out, const RunInfo& run);
void write_juelich_rows(std::ostream& out, const Snapshot& s);

}  // namespace footfall::output

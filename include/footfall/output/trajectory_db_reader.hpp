#pragma once
// Reading a run's SQLite trajectory store back (trajectory_db.hpp writes it) for `footfall
// analyze`: every committed frame's pedestrians by id, as the CSV reader gives them.
#include <string>

#include "footfall/analysis/trajectories.hpp"

namespace footfall::output {

// Frames in order with each pedestrian's id (as text) and position. An interrupted run's store
// holds the frames it committed. Throws TrajectoryError naming the file when it cannot be read or
// is not a footfall store.
Trajectories read_trajectory_db(const std::string& path);

}  // namespace footfall::output

#pragma once
// A run's trajectories as `footfall analyze` reads them back: frames of (pedestrian, position),
// with each pedestrian's velocity. Readers fill it from a file; a new format is a new reader
// registered in read_trajectories (trajectory_reader.cpp). Pure data and functions.
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "footfall/core/math.hpp"

namespace footfall {

struct TrajectoryFrame {
  std::int64_t frame = 0;
  double time = 0;
  std::vector<std::uint32_t> who;  // index into Trajectories::names, one per pedestrian present
  std::vector<Vec2> position;
  std::vector<Vec2> velocity;      // filled by compute_velocities
};

struct Trajectories {
  std::vector<std::string> names;  // pedestrian ids as the file gives them
  std::vector<TrajectoryFrame> frames;  // in time order
  double dt = 0;  // seconds between frames (the median step of the file's times)
};

class TrajectoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// footfall's CSV (`footfall run --trajectory`): a header naming at least frame, time, x, y and the
// pedestrian (`id` when present, else `agent`); columns are found by name, so added ones are fine.
// Throws TrajectoryError naming file:line.
Trajectories read_trajectory_csv(std::istream& in, const std::string& file_name);
// By the file's contents: the formats above. The SQLite store is read by footfall_output
// (output/trajectory_db_reader.hpp: the simulation library does not link SQLite).
Trajectories read_trajectories(const std::string& path);
// Whether the file starts as an SQLite database does.
bool is_sqlite_file(const std::string& path);
// The step between frames: the median of the frames' time steps (0 for fewer than two frames).
double median_frame_step(const std::vector<TrajectoryFrame>& frames);

// Velocities by central differences over `window` seconds (half before, half after; one-sided at
// a trajectory's ends). A pedestrian whose position jumps more than `jump` metres between frames
// (re-entering elsewhere) starts a new track there; in a periodic world (`period` > 0 along
// `axis`) a wrap is unwrapped first.
void compute_velocities(Trajectories& t, double window, double jump = 3.0, int axis = -1, double period = 0);

}  // namespace footfall

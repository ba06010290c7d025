#pragma once
// The SQLite trajectory store (docs/outputs.md has the schema): one file with the run's metadata,
// the world's geometry, every frame's pedestrians and every pedestrian's trip, for SQL.
//
// Unlike the other outputs it is written in place and incrementally: rows go in transactions of
// `commit_frames` frames (or one wall-clock second, whichever comes first), in WAL mode, so a run
// stopped any way at all — SIGKILL, a crash, a full disk — leaves a valid database holding every
// frame up to its last commit (SQLite recovers the WAL when the file is next opened). A finished
// run checkpoints the WAL into the one file, indexes it and sets metadata `complete` to 1.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "footfall/output/run_info.hpp"
#include "footfall/pipeline/simulation.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace footfall::output {

class TrajectoryDb {
 public:
  // Replaces any file at `path` (and its journal), writes the metadata and geometry and commits.
  // Throws OutputPathError (core/atomic_file.hpp) when `path` cannot be a database file (a
  // directory, a missing or unwritable directory, a FIFO or device), std::runtime_error on a write
  // error. Call it last among a run's checks: from here the old file is gone.
  TrajectoryDb(const std::string& path, const RunInfo& run, const Simulation& sim, int commit_frames);
  ~TrajectoryDb();  // closes; an unfinished store keeps what it committed
  TrajectoryDb(const TrajectoryDb&) = delete;
  TrajectoryDb& operator=(const TrajectoryDb&) = delete;

  // The rows of one published frame, in frame order. Reads only the snapshot and what never
  // changes in the simulation. Throws std::runtime_error naming the file on a write error.
  void frame(const Snapshot& s);
  // Commits the last frames, records `metadata` (key, value) pairs (the summary's figures) and the
  // trips still under way, indexes the trajectories by id and leaves one self-contained file.
  void finish(const std::vector<std::pair<std::string, std::string>>& metadata);

  const std::string& path() const { return path_; }

 private:
  void exec(const char* sql);
  void check(int rc, const char* what);
  sqlite3_stmt* prepare(const char* sql);
  void write_geometry(const World& world);
  void set_meta(const std::string& key, const std::string& value);
  void commit();
  std::int64_t behavior_code(const std::string& label);

  std::string path_;
  const Simulation& sim_;
  int commit_frames_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt *insert_row_ = nullptr, *insert_frame_ = nullptr, *insert_trip_ = nullptr, *end_trip_ = nullptr,
               *insert_behavior_ = nullptr, *set_meta_ = nullptr;
  std::unordered_map<std::string, std::int64_t> behaviors_;  // label → code
  std::vector<std::uint64_t> present_;  // per slot: the id in the scene last frame, 0 for none
  std::vector<std::uint8_t> arrived_;   // per slot: standing on its final goal last frame
  std::uint64_t last_frame_ = 0;
  int pending_ = 0;  // frames since the last commit
  std::chrono::steady_clock::time_point last_commit_;
  bool in_transaction_ = false, finished_ = false;
};

}  // namespace footfall::output

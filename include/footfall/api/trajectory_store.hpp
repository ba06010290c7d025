#pragma once
// A Simulator's run written to the SQLite trajectory store (docs/outputs.md), as `footfall run
// --db` writes it; `footfall analyze` reads it. In footfall::output.
#include <memory>
#include <string>

#include "footfall/api/simulator.hpp"

namespace footfall::api {

class TrajectoryStore {
 public:
  // Replaces any file at `path` and writes the frame just published. Throws Error.
  TrajectoryStore(const Simulator& sim, const std::string& path);
  TrajectoryStore(TrajectoryStore&&) noexcept;
  TrajectoryStore& operator=(TrajectoryStore&&) noexcept;
  ~TrajectoryStore();  // an unfinished store keeps the frames it committed

  void frame();   // the frame just published: call after every step
  void finish();  // commits, records the summary's trajectory hash and trips, leaves one file
  const std::string& path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace footfall::api

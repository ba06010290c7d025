#include "footfall/api/trajectory_store.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "footfall/core/atomic_file.hpp"
#include "footfall/output/trajectory_db.hpp"
#include "simulator_impl.hpp"

namespace footfall::api {

struct TrajectoryStore::Impl {
  const Simulation& sim;
  output::TrajectoryDb db;
};

TrajectoryStore::TrajectoryStore(const Simulator& simulator, const std::string& path) {
  const Simulator::Impl& s = *simulator.impl_;
  const output::RunInfo run{FOOTFALL_VERSION, s.path, s.name, s.sim.config().seed, s.sim.config().dt};
  // As `footfall run --db`: a transaction per simulated second.
  const int commit_frames = std::max(1, static_cast<int>(std::lround(1.0 / s.sim.config().dt)));
  try {
    impl_.reset(new Impl{s.sim, output::TrajectoryDb(path, run, s.sim, commit_frames)});
    impl_->db.frame(s.sim.snapshot());
  } catch (const std::exception& e) {  // OutputPathError, a write error
    throw Error(e.what());
  }
}

TrajectoryStore::TrajectoryStore(TrajectoryStore&&) noexcept = default;
TrajectoryStore& TrajectoryStore::operator=(TrajectoryStore&&) noexcept = default;
TrajectoryStore::~TrajectoryStore() = default;

void TrajectoryStore::frame() {
  try {
    impl_->db.frame(impl_->sim.snapshot());
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
}

void TrajectoryStore::finish() {
  const Metrics& m = impl_->sim.metrics();
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(impl_->sim.trajectory_hash()));
  try {
    impl_->db.finish({{"trajectory_hash", hash},
                      {"interrupted", "no"},
                      {"spawned", std::to_string(m.spawned)},
                      {"trips", std::to_string(m.trips)}});
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
}

const std::string& TrajectoryStore::path() const { return impl_->db.path(); }

}  // namespace footfall::api

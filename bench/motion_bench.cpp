// footfall_microbench: MOTION's per-frame cost. Poses N walking figures (Granieri et al. 1995 §4.3:
// one frame of motion per agent per frame) at a level of detail on T threads, as the MOTION stage
// does: sample the clip, place the root, lock the feet by IK, track slip.
//
//   footfall_microbench [--benchmark_filter=...]     (reads data/motion from the source tree)
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cmath>
#include <vector>

#include "footfall/core/parallel.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/motion/playback.hpp"

using namespace footfall;
using namespace footfall::motion;

namespace {

const MotionLibrary& library() {
  static const MotionLibrary lib = load_motion_library(FOOTFALL_MOTION_DIR);
  return lib;
}

// N agents each in the middle of a walking step of random length, turn, height and phase.
struct Crowd {
  std::vector<StepPlayback> steps;
  std::vector<double> phase;
  std::vector<SlipTracker> slip;
  Poses poses;

  Crowd(std::size_t n, Lod lod) {
    const MotionLibrary& lib = library();
    for (std::size_t a = 0; a < n; ++a) {
      const auto u = [&](std::uint64_t k) { return counter_uniform(7, a, k, RngStream::Behavior); };
      Posture posture{static_cast<std::uint8_t>(a % 2), static_cast<std::uint8_t>(1 + a % 3)};
      StepRequest r;
      r.move = Move::Walk;
      r.planted_side = posture.forward;
      const Vec2 origin(100 * u(0), 100 * u(1));
      const double heading = 6.28 * u(2), length = 0.4 + 0.5 * u(3), turn = 0.8 * (u(4) - 0.5);
      r.planted = origin;
      r.planted_heading = heading;
      r.swing_from = origin - 0.7 * unit_from_heading(heading);
      r.swing_from_heading = heading;
      r.swing_to = origin + length * unit_from_heading(heading + turn);
      r.swing_to_heading = heading + turn;
      r.scale = (1.55 + 0.35 * u(5)) / kReferenceHeight;
      steps.push_back(begin_step(lib, posture, r));
      phase.push_back(u(6));
    }
    slip.resize(n);
    poses.resize(n);
    const std::size_t nj = lib.skeletons[static_cast<std::size_t>(lod)].size();
    for (std::size_t a = 0; a < n; ++a) {
      poses.lod[a] = lod;
      poses.first[a + 1] = static_cast<std::uint32_t>((a + 1) * nj);
    }
    poses.joints.resize(n * nj);
  }

  void frame(double advance) {
    const MotionLibrary& lib = library();
    parallel_chunks(steps.size(), [&](std::size_t begin, std::size_t end) {
      SolePoints soles;
      for (std::size_t a = begin; a != end; ++a) {
        const double u = std::fmod(phase[a] + advance, 1.0);
        pose_at(lib, poses.lod[a], steps[a], u, poses.root[a], poses.pelvis[a], poses.joints_of(a), &soles);
        track_slip(slip[a], soles);
      }
    });
  }
};

void BM_Motion(benchmark::State& state) {
  const auto lod = static_cast<Lod>(state.range(0));
  const auto n = static_cast<std::size_t>(state.range(1));
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                              static_cast<std::size_t>(state.range(2)));
  Crowd crowd(n, lod);
  double advance = 0;
  for (auto _ : state) {
    crowd.frame(advance);
    advance += 1.0 / 16;  // a 30 Hz frame of a 0.53 s step
    benchmark::DoNotOptimize(crowd.poses.joints.data());
  }
  state.counters["agents"] = static_cast<double>(n);
  state.counters["ns_per_agent"] = benchmark::Counter(
      static_cast<double>(n) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string(lod_name(lod)) + " detail, " + std::to_string(state.range(2)) + " threads");
}

}  // namespace

// (level of detail, agents, threads): the target is medium, 10,000 agents, 2 threads.
BENCHMARK(BM_Motion)
    ->Args({static_cast<int>(Lod::Medium), 10000, 2})
    ->Args({static_cast<int>(Lod::Medium), 10000, 1})
    ->Args({static_cast<int>(Lod::Low), 10000, 2})
    ->Args({static_cast<int>(Lod::High), 10000, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();

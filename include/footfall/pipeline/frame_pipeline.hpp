#pragma once
// The frame as a TBB pipeline (DESIGN.md, "Stages and the frame"; Granieri et al. 1995 §4 ran the
// stages as processes over shared memory). A serial, in-order filter steps the simulation — SENSE
// and CONTROL side by side, then MOTION — and publishes S(N); a second serial, in-order filter hands
// S(N) to a consumer (CULL and DRAW, or a headless run's outputs) while the first already simulates
// the frames after it. At most `depth` frames are in flight. A published snapshot is immutable and
// the simulation keeps SimConfig::snapshots of them, so S(N) stays intact until its consumer is
// done as long as depth <= snapshots. Results never depend on depth or thread count: the
// simulation's own steps stay in order, and consumers only read.
#include <functional>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

struct PublishedFrame {
  const Snapshot* snapshot = nullptr;  // S(N), valid during the consumer call
  FrameStats stats;                    // of the step that published it
};

using FrameConsumer = std::function<void(const PublishedFrame&)>;

// Steps `sim` `frames` times, calling `consume` for each published frame in order. Throws
// std::invalid_argument when depth < 1 or depth > sim.config().snapshots. When `stop` is given and
// returns true before a step (an interrupted run), no more steps start and the frames already
// stepped are still consumed.
void run_frames(Simulation& sim, long frames, int depth, const FrameConsumer& consume,
                const std::function<bool()>& stop = {});

}  // namespace footfall

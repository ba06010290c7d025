#include "footfall/pipeline/frame_pipeline.hpp"

#include <tbb/parallel_pipeline.h>

#include <stdexcept>
#include <string>

#include "footfall/core/parallel.hpp"

namespace footfall {

void run_frames(Simulation& sim, long frames, int depth, const FrameConsumer& consume,
                const std::function<bool()>& stop) {
  if (depth < 1) throw std::invalid_argument("pipeline depth must be at least 1");
  if (depth > sim.config().snapshots)
    throw std::invalid_argument("pipeline depth " + std::to_string(depth) + " needs at least " +
                                std::to_string(depth) + " snapshots (the simulation keeps " +
                                std::to_string(sim.config().snapshots) + ")");
  long produced = 0;
  // TBB orders the calls of each serial filter and hands tokens between the filters; TSan cannot
  // see either (libtbb is not instrumented), so the edges are announced: a step after the step
  // before it and after the consumption of the slot it overwrites, a consumption after its step
  // and after the consumption before it.
  char stepped = 0, handed_on = 0, consumed = 0, released = 0;
  // The filters (and TBB's copies of their closures) are built before the fork edge, and each
  // call takes that edge before it reads its closure (core/parallel.hpp).
  const tbb::filter<void, void> chain =
      tbb::make_filter<void, PublishedFrame>(
          tbb::filter_mode::serial_in_order,
          [&](tbb::flow_control& fc) -> PublishedFrame {
            tsan_forked();
            tsan_acquire(&stepped);
            tsan_acquire(&released);
            if (produced == frames || (stop && stop())) {
              fc.stop();
              tsan_release(&stepped);  // this last call's reads, too, precede the return
              return {};
            }
            ++produced;
            sim.step();
            const PublishedFrame frame{&sim.snapshot(), sim.last_frame()};
            tsan_release(&stepped);
            tsan_release(&handed_on);
            return frame;
          }) &
      tbb::make_filter<PublishedFrame, void>(tbb::filter_mode::serial_in_order, [&](const PublishedFrame& f) {
        tsan_forked();
        tsan_acquire(&handed_on);
        tsan_acquire(&consumed);
        consume(f);
        tsan_release(&consumed);
        tsan_release(&released);
      });
  tsan_fork();  // the caller's state before the first step and the first consumption
  tbb::parallel_pipeline(static_cast<std::size_t>(depth), chain);
  tsan_acquire(&stepped);  // the caller sees everything the filters did
  tsan_acquire(&consumed);
}

}  // namespace footfall

#include "footfall/pipeline/frame_pipeline.hpp"

#include <tbb/parallel_pipeline.h>

#include <stdexcept>
#include <string>

#include "footfall/core/parallel.hpp"

namespace footfall {

void run_frames(Simulation& sim, long frames, int depth, const FrameConsumer& consume) {
  if (depth < 1) throw std::invalid_argument("pipeline depth must be at least 1");
  if (depth > sim.config().snapshots)
    throw std::invalid_argument("pipeline depth " + std::to_string(depth) + " needs at least " +
                                std::to_string(depth) + " snapshots (the simulation keeps " +
                                std::to_string(sim.config().snapshots) + ")");
  long produced = 0;
  // TBB hands tokens between the filters; TSan cannot see that (libtbb is not instrumented).
  char handed_on = 0, released = 0;
  tbb::parallel_pipeline(
      static_cast<std::size_t>(depth),
      tbb::make_filter<void, PublishedFrame>(
          tbb::filter_mode::serial_in_order,
          [&](tbb::flow_control& fc) -> PublishedFrame {
            if (produced == frames) {
              fc.stop();
              return {};
            }
            tsan_acquire(&released);  // the slot about to be overwritten was consumed
            ++produced;
            sim.step();
            tsan_release(&handed_on);
            return {&sim.snapshot(), sim.last_frame()};
          }) &
          tbb::make_filter<PublishedFrame, void>(tbb::filter_mode::serial_in_order,
                                                 [&](const PublishedFrame& f) {
                                                   tsan_acquire(&handed_on);
                                                   consume(f);
                                                   tsan_release(&released);
                                                 }));
}

}  // namespace footfall

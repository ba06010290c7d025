// The frame pipeline (pipeline/frame_pipeline.hpp): same results for any thread count and depth,
// consumers always see whole snapshots, and staggered foot-strikes spread the walk-node load.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "footfall/pipeline/frame_pipeline.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

Scenario intersection(const std::string& extra = "") {
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf() << extra;
  return parse_scenario(text.str(), path);
}

Simulation with_snapshots(Scenario s, int snapshots) {
  s.config.snapshots = snapshots;
  return test::make_sim(std::move(s));
}

}  // namespace

TEST_CASE("pipeline: the same trajectory for 1, 2 and 4 threads and pipeline depths 1 to 3") {
  std::uint64_t first = 0;
  for (const int threads : {1, 2, 4}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    for (const int depth : {1, 2, 3}) {
      Simulation sim = with_snapshots(intersection(), 3);
      long consumed = 0;
      run_frames(sim, 240, depth, [&](const PublishedFrame&) { ++consumed; });
      CAPTURE(threads);
      CAPTURE(depth);
      CHECK(consumed == 240);
      CHECK(sim.frame() == 240);
      if (first == 0) first = sim.trajectory_hash();
      CHECK(sim.trajectory_hash() == first);
    }
  }
}

TEST_CASE("pipeline: a slow consumer still sees every snapshot whole and in order") {
  // The simulation runs up to two frames ahead of a consumer that dawdles; the consumer folds what
  // it sees into its own trajectory hash, which matches the simulation's only if no snapshot was
  // overwritten (or half-written) before the consumer was done with it.
  Simulation sim = with_snapshots(intersection(), 3);
  Fnv1a seen;
  hash_snapshot(seen, sim.snapshot());
  std::uint64_t expected_frame = 1;
  run_frames(sim, 90, 3, [&](const PublishedFrame& f) {
    CHECK(f.snapshot->frame == expected_frame++);
    std::this_thread::sleep_for(std::chrono::microseconds(500));
    hash_snapshot(seen, *f.snapshot);
  });
  CHECK(seen.value() == sim.trajectory_hash());
}

TEST_CASE("pipeline: a depth the snapshots cannot cover is refused") {
  Simulation sim = with_snapshots(intersection(), 2);
  CHECK_THROWS_AS(run_frames(sim, 10, 3, [](const PublishedFrame&) {}), std::invalid_argument);
  CHECK_THROWS_AS(run_frames(sim, 10, 0, [](const PublishedFrame&) {}), std::invalid_argument);
  CHECK(sim.frame() == 0);
  Scenario s = intersection();
  s.config.snapshots = 1;
  CHECK_THROWS_AS(test::make_sim(std::move(s)), std::invalid_argument);
}

TEST_CASE("stagger: over 10 s of 1,000 pedestrians no frame has 1.5 times the mean walk evaluations") {
  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/intersection.yaml"), {5, 1}));
  REQUIRE(sim.active_count() > 990);
  double sum = 0, most = 0;
  const int frames = static_cast<int>(10 / sim.config().dt);
  for (int f = 0; f < frames; ++f) {
    sim.step();
    const auto e = static_cast<double>(sim.last_frame().evaluations);
    sum += e;
    most = std::max(most, e);
  }
  const double mean = sum / frames;
  CAPTURE(mean);
  CAPTURE(most);
  CHECK(mean > 1000);  // about 1/16 of the agents decide per frame, some 50 candidates each
  CHECK(most <= 1.5 * mean);
}

TEST_CASE("realtime mode samples the smaller fan after CONTROL overran its budget") {
  Scenario s = intersection();
  s.config.realtime_budget_ms = 1e-9;  // every frame overruns
  Simulation sim = test::make_sim(std::move(s));
  for (int f = 0; f < 60; ++f) sim.step();
  CHECK(sim.metrics().reduced_frames == 59);  // all but the first, which had no previous frame
  CHECK(sim.last_frame().reduced_fan);
  Simulation full = test::make_sim(intersection());
  for (int f = 0; f < 60; ++f) full.step();
  CHECK(full.metrics().reduced_frames == 0);
  // Half the arcs and rays: far fewer candidates per decision.
  CHECK(static_cast<double>(sim.metrics().evaluations) / sim.metrics().decisions <
        0.6 * static_cast<double>(full.metrics().evaluations) / full.metrics().decisions);
}

TEST_CASE("the reduced fan keeps straight ahead and the fan's range") {
  FanParams f;
  f.arcs = 4;
  f.rays = 9;
  const FanParams r = f.reduced();
  CHECK(r.arcs == 2);
  CHECK(r.rays == 5);
  CHECK(r.min_step == f.min_step);
  CHECK(r.max_step == f.max_step);
  CHECK(r.max_turn == f.max_turn);
  f.arcs = f.rays = 1;
  CHECK(f.reduced().arcs == 1);
  CHECK(f.reduced().rays == 1);
}

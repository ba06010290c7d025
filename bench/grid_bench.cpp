// footfall_microbench: SENSE's agent grid. Each frame MOTION rebuilds a uniform grid over the
// published locations (a counting sort) and SENSE queries a box around every deciding agent. Agents
// are scattered at the intersection's density (about 200 on a 100 m tile).
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "footfall/core/rng.hpp"
#include "footfall/world/grid.hpp"

using namespace footfall;

namespace {

struct Scatter {
  Aabb bounds;
  std::vector<Vec2> points;
  explicit Scatter(std::size_t n) {
    const double side = 100.0 * std::sqrt(static_cast<double>(n) / 200.0);
    bounds = {Vec2(0, 0), Vec2(side, side)};
    for (std::size_t i = 0; i < n; ++i)
      points.emplace_back(side * counter_uniform(3, i, 0, RngStream::Behavior),
                          side * counter_uniform(3, i, 1, RngStream::Behavior));
  }
};

constexpr double kCell = 4.0;  // metres: about one query radius

void BM_GridBuild(benchmark::State& state) {
  const Scatter s(static_cast<std::size_t>(state.range(0)));
  UniformGrid grid(s.bounds, kCell);
  for (auto _ : state) {
    grid.build_points(s.points);
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_agent"] = benchmark::Counter(
      static_cast<double>(s.points.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// Every agent queries the agents within 4.3 m (SENSE's reach for an intersection pedestrian).
void BM_GridQuery(benchmark::State& state) {
  const Scatter s(static_cast<std::size_t>(state.range(0)));
  UniformGrid grid(s.bounds, kCell);
  grid.build_points(s.points);
  constexpr double r = 4.3;
  std::vector<std::uint32_t> found;
  std::uint64_t total = 0;
  for (auto _ : state) {
    for (const Vec2& p : s.points) {
      found.clear();
      grid.for_each_in(Aabb{p, p}.inflated(r), [&](std::uint32_t j) {
        if ((s.points[j] - p).squaredNorm() <= r * r) found.push_back(j);
      });
      total += found.size();
    }
    benchmark::DoNotOptimize(total);
  }
  const double n = static_cast<double>(s.points.size()) * static_cast<double>(state.iterations());
  state.counters["ns_per_agent"] =
      benchmark::Counter(n, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["neighbours"] = static_cast<double>(total) / n;
}

}  // namespace

BENCHMARK(BM_GridBuild)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GridQuery)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

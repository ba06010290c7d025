// Sources' pure parts: where and when walkers arrive, and their desired speeds.
#include "footfall/pipeline/sources.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/core/rng.hpp"

namespace footfall {

Vec2 SourceRegion::point(double u, double v) const {
  if (line) return lo + u * (hi - lo);
  return {lo.x() + u * (hi.x() - lo.x()), lo.y() + v * (hi.y() - lo.y())};
}

double SpeedDraw::draw(double u1, double u2) const {
  if (sd <= 0) return std::clamp(mean, min, max);
  // 1 − u1 lies in (0, 1]: the logarithm stays finite.
  const double z = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * kPi * u2);
  return std::clamp(mean + sd * z, min, max);
}

std::vector<double> arrival_times(const SourceSpec& s, std::uint64_t seed, std::uint64_t index,
                                  std::size_t limit) {
  std::vector<double> times;
  if (s.flow <= 0) return times;
  const std::uint64_t wanted = s.count > 0 ? s.count : limit;
  double t = s.start;
  for (std::uint64_t k = 0; k < wanted && times.size() < limit; ++k) {
    // The k-th gap is drawn from counter k alone: each arrival's time depends on the seed, the
    // source and the ones before it, never on when or in what order anything is evaluated.
    const double u = counter_uniform(seed, index, k, RngStream::Arrival);
    t += s.regular ? (k == 0 ? u : 1.0) / s.flow : -std::log(1.0 - u) / s.flow;
    if (s.count == 0 && t >= s.end) break;
    times.push_back(t);
  }
  return times;
}

}  // namespace footfall

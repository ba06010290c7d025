// Mutual inhibition (Blumberg 1996 §5.2, Fig. 16, Table 1): see select/arbitration.hpp.
#include "footfall/select/arbitration.hpp"

#include <algorithm>

namespace footfall::action {
namespace {

std::uint32_t non_zero(std::span<const double> v) {
  return static_cast<std::uint32_t>(std::count_if(v.begin(), v.end(), [](double x) { return x > 0; }));
}

std::uint32_t greatest(std::span<const double> pre) {
  std::uint32_t best = 0;
  for (std::uint32_t i = 1; i < pre.size(); ++i)
    if (pre[i] > pre[best]) best = i;
  return best;
}

}  // namespace

Arbitration arbitrate(std::span<const double> pre, std::span<double> values,
                      std::span<const double> gains, std::uint32_t max_iterations,
                      std::vector<double>& scratch, std::vector<std::vector<double>>* trace) {
  const std::size_t n = pre.size();
  Arbitration r;
  // scratch: [0, n) the next values, [n, 2n) the sources two iterations back (cycle detection).
  scratch.assign(2 * n, -1.0);
  double* next = scratch.data();
  double* older = scratch.data() + n;
  const bool any_positive = std::any_of(pre.begin(), pre.end(), [](double p) { return p > 0; });
  bool picked = false;
  for (;;) {
    ++r.iterations;
    for (std::size_t i = 0; i < n; ++i) {
      double inhibition = 0;
      for (std::size_t m = 0; m < n; ++m)
        if (m != i) inhibition += gains[m * n + i] * values[m];
      next[i] = std::max(pre[i] - inhibition, 0.0);
    }
    if (trace) trace->emplace_back(next, next + n);
    const std::span<const double> now(next, n);
    const std::uint32_t count = non_zero(now);
    const bool unchanged = std::equal(next, next + n, values.begin());
    const bool cycle = std::equal(next, next + n, older);
    std::copy(values.begin(), values.end(), older);
    std::copy(next, next + n, values.begin());
    if (count == 1 || !any_positive) break;
    const bool stalled = count == 0 || (count > 1 && (unchanged || cycle)) ||
                         r.iterations >= max_iterations;
    if (stalled && !picked) {
      // Only the picked behavior spreads inhibition on the next iteration (§5.2).
      const std::uint32_t w = greatest(pre);
      std::fill(values.begin(), values.end(), 0.0);
      values[w] = pre[w];
      r.fallback = picked = true;
    } else if (stalled) {
      break;  // cannot happen with gains > 1; guards against a malformed matrix
    }
  }
  if (any_positive) {
    const auto it = std::find_if(values.begin(), values.end(), [](double x) { return x > 0; });
    if (it != values.end()) r.winner = static_cast<std::uint32_t>(it - values.begin());
    if (non_zero(values) != 1) {  // a malformed matrix: settle on the greatest pre-value anyway
      r.winner = greatest(pre);
      std::fill(values.begin(), values.end(), 0.0);
      values[r.winner] = pre[r.winner];
    }
  }
  return r;
}

}  // namespace footfall::action

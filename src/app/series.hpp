#pragma once
// Per-frame measurements and their summary statistics, for `footfall run` and `footfall bench`.
#include <algorithm>
#include <vector>

namespace footfall::app {

struct Series {
  std::vector<double> values;

  double mean() const {
    double s = 0;
    for (double v : values) s += v;
    return values.empty() ? 0.0 : s / values.size();
  }
  double max() const { return values.empty() ? 0.0 : *std::max_element(values.begin(), values.end()); }
  // Nearest-rank percentile, q in [0, 1].
  double percentile(double q) const {
    if (values.empty()) return 0.0;
    std::vector<double> v = values;
    const auto k = static_cast<std::size_t>(q * (v.size() - 1) + 0.5);
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[k];
  }
};

}  // namespace footfall::app

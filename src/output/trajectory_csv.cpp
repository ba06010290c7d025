#include "footfall/output/trajectory_csv.hpp"

#include <algorithm>
#include <cstdio>

#include "footfall/core/csv.hpp"

namespace footfall::output {

void write_csv_header(std::ostream& out) { out << kCsvHeader << '\n'; }

// A vehicle's state is always "vehicle"; a walker's its gait, or "arrived".
const char* state_name(const Snapshot& s, std::size_t a) {
  if (s.gait[a] == Gait::Vehicle || s.gait[a] == Gait::Placed) return gait_name(s.gait[a]);
  return s.arrived[a] ? "arrived" : gait_name(s.gait[a]);
}

void write_csv_rows(std::ostream& out, const Snapshot& s, const Simulation& sim) {
  char head[96], tail[160];
  const auto put = [&out](const char* text, int n, std::size_t size) {
    out.write(text, std::clamp<std::streamsize>(n, 0, static_cast<std::streamsize>(size) - 1));
  };
  for (std::size_t a = 0; a < s.agents; ++a) {
    if (!s.active[a]) continue;
    put(head, std::snprintf(head, sizeof head, "%llu,%.4f,%llu,", static_cast<unsigned long long>(s.frame), s.time,
                            static_cast<unsigned long long>(s.id[a])),
        sizeof head);
    out << csv_field(sim.name_of(s.id[a]));
    put(tail, std::snprintf(tail, sizeof tail, ",%.6f,%.6f,%.6f,%s,", s.location[a].x(), s.location[a].y(),
                            s.heading[a], state_name(s, a)),
        sizeof tail);
    out << csv_field(sim.behavior_of(s, a)) << '\n';
  }
}

}  // namespace footfall::output

#include "footfall/output/juelich_txt.hpp"

#include <algorithm>
#include <cstdio>

namespace footfall::output {

namespace {
// Comment lines hold no line breaks: a scenario path with one would end the header early.
std::string one_line(std::string s) {
  std::replace_if(s.begin(), s.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return s;
}
}  // namespace

void write_juelich_header(std::ostream& out, const RunInfo& run) {
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.6g", 1.0 / run.dt);
  // PedPy reads the frame rate as the first number on the line naming "framerate" and the unit from
  // "x/m"; nothing else here may say "framerate" or "cm".
  out << "# description: footfall " << one_line(run.version) << ", scenario " << one_line(run.scenario)
      << ", seed " << run.seed << "\n"
      << "# framerate: " << rate << " fps\n"
      << "# unit: metre\n"
      << "# id: the pedestrian's id for life; frame: the frame number from 0\n"
      << "# x, y: the pedestrian's location on the ground plane; z: 0\n"
      << "# id\tframe\tx/m\ty/m\tz/m\n";
}

void write_juelich_rows(std::ostream& out, const Snapshot& s) {
  char line[160];
  for (std::size_t a = 0; a < s.agents; ++a) {
    if (!s.active[a]) continue;
    const int n = std::snprintf(line, sizeof line, "%llu\t%llu\t%.6f\t%.6f\t0\n", static_cast<unsigned long long>(s.id[a]),
                                static_cast<unsigned long long>(s.frame), s.location[a].x(), s.location[a].y());
    out.write(line, std::clamp<std::streamsize>(n, 0, sizeof line - 1));
  }
}

}  // namespace footfall::output

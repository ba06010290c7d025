// footfall's trajectory CSV: RFC 4180 fields, a header line, columns found by name.
#include <charconv>
#include <cmath>
#include <unordered_map>

#include "footfall/analysis/trajectories.hpp"

namespace footfall {
namespace {

// One record: fields split at commas outside quotes; a quoted field may hold commas, doubled
// quotes and line breaks (then the record spans lines). False at the end of the input.
bool read_record(std::istream& in, std::vector<std::string>& fields, long& line) {
  fields.assign(1, std::string());
  int c = in.get();
  if (c == EOF) return false;
  bool quoted = false;
  for (; c != EOF; c = in.get()) {
    const char ch = static_cast<char>(c);
    if (quoted) {
      if (ch == '"') {
        if (in.peek() == '"') fields.back() += static_cast<char>(in.get());
        else quoted = false;
      } else {
        if (ch == '\n') ++line;
        fields.back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else if (ch == '\n') {
      break;
    } else if (ch != '\r') {
      fields.back() += ch;
    }
  }
  ++line;
  return true;
}

double number(const std::string& s, const std::string& where, const char* column) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
    throw TrajectoryError(where + ": column '" + column + "' is not a number: '" + s + "'");
  return v;
}

}  // namespace

Trajectories read_trajectory_csv(std::istream& in, const std::string& file) {
  Trajectories t;
  std::vector<std::string> f;
  long line = 0;
  if (!read_record(in, f, line)) throw TrajectoryError(file + ":1: the file is empty");
  std::unordered_map<std::string, std::size_t> column;
  for (std::size_t k = 0; k < f.size(); ++k) column.emplace(f[k], k);
  const auto need = [&](const char* name) {
    const auto it = column.find(name);
    if (it == column.end()) throw TrajectoryError(file + ":1: the header has no column '" + std::string(name) + "'");
    return it->second;
  };
  const std::size_t c_frame = need("frame"), c_time = need("time"), c_x = need("x"), c_y = need("y");
  const std::size_t c_who = column.count("id") ? column.at("id") : need("agent");
  const std::size_t width = f.size();
  std::unordered_map<std::string, std::uint32_t> ids;
  while (read_record(in, f, line)) {
    if (f.size() == 1 && f[0].empty()) continue;  // a blank line
    const std::string where = file + ":" + std::to_string(line);
    if (f.size() != width)
      throw TrajectoryError(where + ": " + std::to_string(f.size()) + " fields where the header has " +
                            std::to_string(width));
    const auto frame = static_cast<std::int64_t>(number(f[c_frame], where, "frame"));
    const double time = number(f[c_time], where, "time");
    if (t.frames.empty() || t.frames.back().frame != frame) {
      if (!t.frames.empty() && (frame < t.frames.back().frame || time < t.frames.back().time))
        throw TrajectoryError(where + ": frames must come in order (frame " + std::to_string(frame) +
                              " after " + std::to_string(t.frames.back().frame) + ")");
      t.frames.push_back({frame, time, {}, {}, {}});
    }
    const auto [it, added] = ids.emplace(f[c_who], static_cast<std::uint32_t>(t.names.size()));
    if (added) t.names.push_back(f[c_who]);
    TrajectoryFrame& fr = t.frames.back();
    fr.who.push_back(it->second);
    fr.position.emplace_back(number(f[c_x], where, "x"), number(f[c_y], where, "y"));
  }
  t.dt = median_frame_step(t.frames);
  return t;
}

}  // namespace footfall

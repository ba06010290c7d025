#include "footfall/output/trajectory_db_reader.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <unordered_map>

namespace footfall::output {

bool is_sqlite_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<char, 16> head{};
  in.read(head.data(), head.size());
  return in.gcount() == static_cast<std::streamsize>(head.size()) &&
         std::string(head.data(), head.size()).rfind("SQLite format 3", 0) == 0;
}

Trajectories read_trajectory_db(const std::string& path) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  const std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close);
  const auto fail = [&](const std::string& why) {
    return TrajectoryError(path + ": " + why + (db ? std::string(" (") + sqlite3_errmsg(db.get()) + ")" : ""));
  };
  if (rc != SQLITE_OK) throw fail("cannot open the trajectory store");
  sqlite3_stmt* raw_stmt = nullptr;
  if (sqlite3_prepare_v2(db.get(),
                         "SELECT t.frame, f.time, t.id, t.x, t.y FROM trajectories t JOIN frames f "
                         "USING (frame) ORDER BY t.frame, t.id",
                         -1, &raw_stmt, nullptr) != SQLITE_OK)
    throw fail("not a footfall trajectory store (no trajectories and frames tables)");
  const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw_stmt, sqlite3_finalize);
  Trajectories t;
  std::unordered_map<std::int64_t, std::uint32_t> ids;
  int step = SQLITE_OK;
  while ((step = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    const std::int64_t frame = sqlite3_column_int64(stmt.get(), 0);
    if (t.frames.empty() || t.frames.back().frame != frame)
      t.frames.push_back({frame, sqlite3_column_double(stmt.get(), 1), {}, {}, {}});
    const std::int64_t id = sqlite3_column_int64(stmt.get(), 2);
    const auto [it, added] = ids.emplace(id, static_cast<std::uint32_t>(t.names.size()));
    if (added) t.names.push_back(std::to_string(id));
    TrajectoryFrame& fr = t.frames.back();
    fr.who.push_back(it->second);
    fr.position.emplace_back(sqlite3_column_double(stmt.get(), 3), sqlite3_column_double(stmt.get(), 4));
  }
  if (step != SQLITE_DONE) throw fail("reading the trajectories failed");
  // The frame step: the median of the times' steps, as the CSV reader takes it.
  std::vector<double> steps;
  for (std::size_t k = 1; k < t.frames.size(); ++k) steps.push_back(t.frames[k].time - t.frames[k - 1].time);
  if (!steps.empty()) {
    std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
    t.dt = steps[steps.size() / 2];
  }
  return t;
}

}  // namespace footfall::output

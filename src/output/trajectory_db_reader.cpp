#include "footfall/output/trajectory_db_reader.hpp"

#include <sqlite3.h>

#include <memory>
#include <unordered_map>

namespace footfall::output {

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
  t.dt = median_frame_step(t.frames);
  return t;
}

}  // namespace footfall::output

#include "footfall/output/trajectory_db.hpp"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "footfall/core/atomic_file.hpp"
#include "footfall/output/world_wkt.hpp"

namespace footfall::output {
namespace {

namespace fs = std::filesystem;

constexpr int kSchemaVersion = 1;

const char* kSchema = R"sql(
CREATE TABLE metadata (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
CREATE TABLE geometry (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,   -- region, obstacle, location, walkway
  name TEXT NOT NULL,
  type TEXT NOT NULL,   -- a region's ground type, an obstacle's class, a walkway's kind
  solid INTEGER,        -- obstacles: 1 when nobody can walk through
  radius REAL,          -- cylinders (their wkt is the centre point)
  wkt TEXT NOT NULL);   -- metres, on the ground plane
CREATE TABLE states (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE behaviors (code INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE);
CREATE TABLE frames (frame INTEGER PRIMARY KEY, time REAL NOT NULL, agents INTEGER NOT NULL);
CREATE TABLE trips (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  enter_frame INTEGER NOT NULL,
  leave_frame INTEGER,  -- the last frame in the scene; NULL while still there
  arrived INTEGER NOT NULL DEFAULT 0,
  radius REAL NOT NULL);
CREATE TABLE trajectories (
  frame INTEGER NOT NULL,
  id INTEGER NOT NULL,
  x REAL NOT NULL,
  y REAL NOT NULL,
  heading REAL NOT NULL,
  state INTEGER NOT NULL,
  behavior INTEGER NOT NULL,
  PRIMARY KEY (frame, id)) WITHOUT ROWID;
CREATE VIEW trajectory AS
  SELECT t.frame, f.time, t.id, p.name, t.x, t.y, t.heading, s.name AS state, b.label AS behavior
  FROM trajectories t JOIN frames f USING (frame) JOIN trips p USING (id)
  JOIN states s ON s.code = t.state JOIN behaviors b ON b.code = t.behavior;
INSERT INTO states VALUES (0, 'stand'), (1, 'walk'), (2, 'close'), (3, 'arrived'), (4, 'vehicle'), (5, 'placed');
INSERT INTO behaviors VALUES (0, '');
)sql";

std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// The path is an ordinary file (or none yet) in a writable directory: SQLite needs its journal
// beside it and random access, which a FIFO or device does not give.
void check_path(const std::string& path) {
  if (path.empty()) throw OutputPathError("the database path is empty");
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw OutputPathError("cannot write " + path + ": it is a directory");
    if (!S_ISREG(st.st_mode)) throw OutputPathError("cannot write " + path + ": a database must be a regular file");
  }
  const fs::path parent = fs::path(path).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  struct stat ds;
  if (::stat(dir.c_str(), &ds) != 0 || !S_ISDIR(ds.st_mode))
    throw OutputPathError("cannot write " + path + ": directory " + dir + " does not exist");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw OutputPathError("cannot write " + path + ": directory " + dir + " is not writable");
}

}  // namespace

TrajectoryDb::TrajectoryDb(const std::string& path, const RunInfo& run, const Simulation& sim, int commit_frames)
    : path_(path), sim_(sim), commit_frames_(std::max(1, commit_frames)) {
  check_path(path_);
  // A fresh file: an older database of that name, with any journal it left, goes now.
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((path_ + suffix).c_str());
  const int rc = sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw OutputPathError("cannot write " + path_ + ": " + why);
  }
  // WAL: a commit appends to the log without syncing, which a killed process cannot undo (only a
  // power cut could); readers may follow the run as it goes.
  exec("PRAGMA journal_mode = WAL");
  exec("PRAGMA synchronous = NORMAL");
  exec("BEGIN");
  in_transaction_ = true;
  exec(kSchema);
  set_meta_ = prepare("INSERT OR REPLACE INTO metadata VALUES (?, ?)");
  set_meta("format", "footfall trajectory store");
  set_meta("schema_version", std::to_string(kSchemaVersion));
  set_meta("version", run.version);
  set_meta("scenario", run.scenario);
  set_meta("name", run.name);
  set_meta("seed", std::to_string(run.seed));
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.10g", 1.0 / run.dt);  // 30, not 30.000000000000004
  set_meta("frame_rate", rate);
  set_meta("dt", number(run.dt));
  set_meta("units", "metres, seconds; heading in radians counter-clockwise from +x");
  const Aabb& b = sim.world().bounds();
  set_meta("xmin", number(b.lo.x()));
  set_meta("ymin", number(b.lo.y()));
  set_meta("xmax", number(b.hi.x()));
  set_meta("ymax", number(b.hi.y()));
  set_meta("frames", "0");
  set_meta("complete", "0");
  write_geometry(sim.world());
  insert_row_ = prepare("INSERT INTO trajectories VALUES (?, ?, ?, ?, ?, ?, ?)");
  insert_frame_ = prepare("INSERT INTO frames VALUES (?, ?, ?)");
  insert_trip_ = prepare("INSERT INTO trips (id, name, enter_frame, radius) VALUES (?, ?, ?, ?)");
  end_trip_ = prepare("UPDATE trips SET leave_frame = ?, arrived = ? WHERE id = ?");
  insert_behavior_ = prepare("INSERT INTO behaviors VALUES (?, ?)");
  behaviors_.emplace("", 0);
  commit();
}

TrajectoryDb::~TrajectoryDb() {
  for (sqlite3_stmt* s : {insert_row_, insert_frame_, insert_trip_, end_trip_, insert_behavior_, set_meta_})
    sqlite3_finalize(s);
  // An unfinished store keeps its last commit: what is pending now is rolled back on close.
  sqlite3_close(db_);
}

void TrajectoryDb::check(int rc, const char* what) {
  if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW) return;
  throw std::runtime_error("cannot write " + path_ + ": " + what + ": " + sqlite3_errmsg(db_));
}

void TrajectoryDb::exec(const char* sql) {
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    const std::string why = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    throw std::runtime_error("cannot write " + path_ + ": " + why);
  }
}

sqlite3_stmt* TrajectoryDb::prepare(const char* sql) {
  sqlite3_stmt* s = nullptr;
  check(sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr), "prepare");
  return s;
}

void TrajectoryDb::set_meta(const std::string& key, const std::string& value) {
  sqlite3_bind_text(set_meta_, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(set_meta_, 2, value.c_str(), -1, SQLITE_TRANSIENT);
  check(sqlite3_step(set_meta_), "metadata");
  sqlite3_reset(set_meta_);
}

void TrajectoryDb::write_geometry(const World& w) {
  sqlite3_stmt* g = prepare("INSERT INTO geometry (kind, name, type, solid, radius, wkt) VALUES (?, ?, ?, ?, ?, ?)");
  for (const GeometryRow& r : world_geometry(w)) {
    sqlite3_bind_text(g, 1, r.kind.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(g, 2, r.name.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(g, 3, r.type.c_str(), -1, SQLITE_TRANSIENT);
    if (r.solid >= 0) sqlite3_bind_int(g, 4, r.solid); else sqlite3_bind_null(g, 4);
    if (r.radius > 0) sqlite3_bind_double(g, 5, r.radius); else sqlite3_bind_null(g, 5);
    sqlite3_bind_text(g, 6, r.wkt.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(g);
    sqlite3_reset(g);
    if (rc != SQLITE_DONE) {
      sqlite3_finalize(g);
      check(rc, "geometry");
    }
  }
  sqlite3_finalize(g);
}

std::int64_t TrajectoryDb::behavior_code(const std::string& label) {
  const auto it = behaviors_.find(label);
  if (it != behaviors_.end()) return it->second;
  const auto code = static_cast<std::int64_t>(behaviors_.size());
  sqlite3_bind_int64(insert_behavior_, 1, code);
  sqlite3_bind_text(insert_behavior_, 2, label.c_str(), -1, SQLITE_TRANSIENT);
  check(sqlite3_step(insert_behavior_), "behaviors");
  sqlite3_reset(insert_behavior_);
  behaviors_.emplace(label, code);
  return code;
}

void TrajectoryDb::frame(const Snapshot& s) {
  if (!in_transaction_) {
    exec("BEGIN");
    in_transaction_ = true;
  }
  present_.resize(s.agents, 0);
  arrived_.resize(s.agents, 0);
  std::int64_t in_scene = 0;
  for (std::size_t a = 0; a < s.agents; ++a) {
    const std::uint64_t now = s.active[a] ? s.id[a] : 0;
    if (present_[a] != now) {
      if (present_[a] != 0) {  // it left after the last frame: its trip is done
        sqlite3_bind_int64(end_trip_, 1, static_cast<std::int64_t>(last_frame_));
        sqlite3_bind_int(end_trip_, 2, 1);
        sqlite3_bind_int64(end_trip_, 3, static_cast<std::int64_t>(present_[a]));
        check(sqlite3_step(end_trip_), "trips");
        sqlite3_reset(end_trip_);
      }
      if (now != 0) {
        const std::string name = sim_.name_of(now);
        sqlite3_bind_int64(insert_trip_, 1, static_cast<std::int64_t>(now));
        sqlite3_bind_text(insert_trip_, 2, name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert_trip_, 3, static_cast<std::int64_t>(s.frame));
        sqlite3_bind_double(insert_trip_, 4, s.radius[a]);
        check(sqlite3_step(insert_trip_), "trips");
        sqlite3_reset(insert_trip_);
      }
      present_[a] = now;
    }
    arrived_[a] = s.arrived[a];
    if (!now) continue;
    ++in_scene;
    const int state = s.arrived[a] && s.gait[a] != Gait::Vehicle && s.gait[a] != Gait::Placed ? 3 : static_cast<int>(s.gait[a]);
    sqlite3_bind_int64(insert_row_, 1, static_cast<std::int64_t>(s.frame));
    sqlite3_bind_int64(insert_row_, 2, static_cast<std::int64_t>(now));
    sqlite3_bind_double(insert_row_, 3, s.location[a].x());
    sqlite3_bind_double(insert_row_, 4, s.location[a].y());
    sqlite3_bind_double(insert_row_, 5, s.heading[a]);
    sqlite3_bind_int(insert_row_, 6, state);
    sqlite3_bind_int64(insert_row_, 7, behavior_code(sim_.behavior_of(s, a)));
    check(sqlite3_step(insert_row_), "trajectories");
    sqlite3_reset(insert_row_);
  }
  sqlite3_bind_int64(insert_frame_, 1, static_cast<std::int64_t>(s.frame));
  sqlite3_bind_double(insert_frame_, 2, s.time);
  sqlite3_bind_int64(insert_frame_, 3, in_scene);
  check(sqlite3_step(insert_frame_), "frames");
  sqlite3_reset(insert_frame_);
  last_frame_ = s.frame;
  ++pending_;
  if (pending_ >= commit_frames_ || std::chrono::steady_clock::now() - last_commit_ > std::chrono::seconds(1)) commit();
}

void TrajectoryDb::commit() {
  if (pending_ > 0) set_meta("frames", std::to_string(last_frame_ + 1));
  exec("COMMIT");
  in_transaction_ = false;
  pending_ = 0;
  last_commit_ = std::chrono::steady_clock::now();
}

void TrajectoryDb::finish(const std::vector<std::pair<std::string, std::string>>& metadata) {
  if (finished_) return;
  if (!in_transaction_) exec("BEGIN"), in_transaction_ = true;
  for (const auto& [key, value] : metadata) set_meta(key, value);
  set_meta("complete", "1");
  // Those still in the scene: arrived when standing on their final goal.
  for (std::size_t a = 0; a < present_.size(); ++a) {
    if (!present_[a] || !arrived_[a]) continue;
    sqlite3_bind_null(end_trip_, 1);
    sqlite3_bind_int(end_trip_, 2, 1);
    sqlite3_bind_int64(end_trip_, 3, static_cast<std::int64_t>(present_[a]));
    check(sqlite3_step(end_trip_), "trips");
    sqlite3_reset(end_trip_);
  }
  commit();
  // Per-pedestrian queries (WHERE id = ...) by index; built once at the end, cheaper than kept.
  exec("CREATE INDEX trajectories_by_id ON trajectories (id, frame)");
  exec("PRAGMA wal_checkpoint(TRUNCATE)");
  exec("PRAGMA journal_mode = DELETE");  // one self-contained file from here on
  finished_ = true;
}

}  // namespace footfall::output

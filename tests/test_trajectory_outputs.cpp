// The trajectory outputs of one run agree with each other (the CSV, the SQLite store, the Jülich
// text format), ids are for life in them, and the store survives SIGKILL (issue 18).
#include <doctest/doctest.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "child_process.hpp"
#include "footfall/analysis/trajectories.hpp"
#include "footfall/output/trajectory_db_reader.hpp"
#include "helpers.hpp"


namespace fs = std::filesystem;

namespace {

constexpr long kFrames = 3600;  // two minutes: the run, hundreds of entries and leaves

fs::path scratch(const std::string& name) { return footfall::test::scratch_dir("trajectory_" + name); }

pid_t start_run(const std::vector<std::string>& extra) {
  std::vector<std::string> args{"run", footfall::test::source_path("data/scenarios/intersection.yaml"), "--headless", "-q", "--seed", "3"};
  args.insert(args.end(), extra.begin(), extra.end());
  return footfall::test::spawn_footfall(std::move(args));
}

int wait_for(pid_t pid) {
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  return status;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A CSV row as the store's view gives it: frame, id, name, x, y, heading, state, behavior.
struct Row {
  long frame;
  std::uint64_t id;
  std::string name;
  double x, y, heading;
  std::string state, behavior;
};
using Rows = std::map<std::pair<long, std::uint64_t>, Row>;

Rows csv_rows(const std::vector<std::vector<std::string>>& csv) {
  Rows rows;
  for (std::size_t r = 1; r < csv.size(); ++r) {
    const auto& c = csv[r];
    REQUIRE(c.size() == 9);
    Row row{std::stol(c[0]), std::stoull(c[2]), c[3], std::stod(c[4]), std::stod(c[5]), std::stod(c[6]), c[7], c[8]};
    rows.emplace(std::make_pair(row.frame, row.id), row);
  }
  return rows;
}

struct Db {
  sqlite3* db = nullptr;
  explicit Db(const fs::path& p) { REQUIRE(sqlite3_open_v2(p.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK); }
  ~Db() { sqlite3_close(db); }
  // The first column of the first row, as text; empty for none or an error.
  std::string text(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW &&
        sqlite3_column_text(s, 0))
      out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
    sqlite3_finalize(s);
    return out;
  }
  long number(const std::string& sql) {
    const std::string t = text(sql);
    return t.empty() ? -1 : std::stol(t);
  }
  Rows rows(long below_frame) {
    Rows rows;
    sqlite3_stmt* s = nullptr;
    const std::string sql = "SELECT frame, id, name, x, y, heading, state, behavior FROM trajectory WHERE frame < " +
                            std::to_string(below_frame);
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    while (sqlite3_step(s) == SQLITE_ROW) {
      const auto str = [&](int k) { return std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, k))); };
      Row row{sqlite3_column_int64(s, 0), static_cast<std::uint64_t>(sqlite3_column_int64(s, 1)), str(2),
              sqlite3_column_double(s, 3), sqlite3_column_double(s, 4), sqlite3_column_double(s, 5), str(6), str(7)};
      rows.emplace(std::make_pair(row.frame, row.id), row);
    }
    sqlite3_finalize(s);
    return rows;
  }
};

// The CSV prints 6 decimals; the store keeps every bit.
void check_same(const Rows& csv, const Rows& db) {
  REQUIRE(csv.size() == db.size());
  std::size_t differ = 0;
  for (auto c = csv.begin(), d = db.begin(); c != csv.end(); ++c, ++d) {
    const Row &a = c->second, &b = d->second;
    const bool same = c->first == d->first && a.name == b.name && a.state == b.state && a.behavior == b.behavior &&
                      std::abs(a.x - b.x) <= 6e-7 && std::abs(a.y - b.y) <= 6e-7 &&
                      std::abs(a.heading - b.heading) <= 6e-7;
    if (!same && differ++ < 5) {
      CAPTURE(a.frame);
      CAPTURE(a.id);
      CAPTURE(a.name + " " + a.state + " " + a.behavior + " | " + b.name + " " + b.state + " " + b.behavior);
      CHECK(same);
    }
  }
  CHECK(differ == 0);
}

}  // namespace

TEST_CASE("trajectory outputs: ids for life in the CSV, and the SQLite store and the Jülich text agree with it") {
  const fs::path dir = scratch("full");
  const pid_t pid = start_run({"--frames", std::to_string(kFrames), "--trajectory", (dir / "t.csv").string(),
                               "--summary", (dir / "s.json").string(), "--db", (dir / "t.db").string(),
                               "--jupedsim-txt", (dir / "t.txt").string()});
  REQUIRE(wait_for(pid) == 0);
  const nlohmann::json summary = nlohmann::json::parse(slurp(dir / "s.json"));
  const auto csv = footfall::test::parse_csv(slurp(dir / "t.csv"));
  REQUIRE(csv.size() > 1);
  CHECK(csv[0] == std::vector<std::string>{"frame", "time", "id", "name", "x", "y", "heading", "state", "behavior"});
  const Rows rows = csv_rows(csv);
  // One run, three checks (not SUBCASEs, which would run it three times).

  {  // the CSV: one id and one name per pedestrian, for life
    std::map<std::uint64_t, const Row*> last;  // per id: its row the frame before
    std::set<std::string> names;
    std::size_t initial = 0, jumps = 0, returns = 0, renamed = 0;
    for (const auto& [key, row] : rows) {
      initial += row.frame == 0;
      const auto [it, first] = last.try_emplace(row.id, &row);
      if (first) {
        CHECK(names.insert(row.name).second);  // a new pedestrian, a new name
        continue;
      }
      const Row& before = *it->second;
      renamed += before.name != row.name;
      if (before.frame + 1 != row.frame) ++returns;  // an id back after it left: reused
      else if (std::hypot(row.x - before.x, row.y - before.y) > 1.0) ++jumps;
      it->second = &row;
    }
    CHECK(initial == 201);
    CHECK(summary["spawned"].get<std::size_t>() > 200);
    CHECK(last.size() == summary["spawned"].get<std::size_t>() + initial);
    CHECK(last.size() == summary["pedestrians"].get<std::size_t>());
    CHECK(jumps == 0);
    CHECK(returns == 0);
    CHECK(renamed == 0);
  }

  {  // the Jülich text format reads back to the CSV's positions
    std::ifstream in(dir / "t.txt");
    std::string line;
    double framerate = 0;
    bool metres = false;
    std::vector<std::tuple<std::string, std::string, std::string, std::string>> txt;
    while (std::getline(in, line)) {
      if (line.rfind('#', 0) == 0) {
        if (line.find("framerate") != std::string::npos) framerate = std::stod(line.substr(line.find(':') + 1));
        metres = metres || line.find("x/m") != std::string::npos;
        continue;
      }
      std::istringstream fields(line);
      std::string id, frame, x, y, z;
      REQUIRE(static_cast<bool>(fields >> id >> frame >> x >> y >> z));
      CHECK(std::stod(z) == 0.0);
      txt.emplace_back(id, frame, x, y);
    }
    CHECK(framerate == 30.0);
    CHECK(metres);
    REQUIRE(txt.size() == csv.size() - 1);
    std::size_t differ = 0;
    for (std::size_t r = 1; r < csv.size(); ++r)  // the same rows in the same order, to the digit
      differ += txt[r - 1] != std::make_tuple(csv[r][2], csv[r][0], csv[r][4], csv[r][5]);
    CHECK(differ == 0);
  }

  {  // the SQLite store holds the CSV's rows, the run's metadata, the geometry and the trips
    Db db(dir / "t.db");
    CHECK(db.text("SELECT value FROM metadata WHERE key = 'complete'") == "1");
    CHECK(db.text("SELECT value FROM metadata WHERE key = 'seed'") == "3");
    CHECK(db.text("SELECT value FROM metadata WHERE key = 'frame_rate'") == "30");
    CHECK(!db.text("SELECT value FROM metadata WHERE key = 'version'").empty());
    CHECK(db.text("SELECT value FROM metadata WHERE key = 'trajectory_hash'") == summary["trajectory_hash"].get<std::string>());
    CHECK(db.number("SELECT value FROM metadata WHERE key = 'frames'") == kFrames + 1);
    CHECK(db.number("SELECT count(*) FROM frames") == kFrames + 1);
    CHECK(db.number("SELECT count(*) FROM geometry WHERE kind = 'obstacle' AND wkt LIKE 'POLYGON%'") == 4);
    CHECK(db.number("SELECT count(*) FROM geometry WHERE kind = 'region' AND type = 'crosswalk'") == 4);
    CHECK(db.number("SELECT count(*) FROM geometry WHERE kind = 'location'") > 10);
    check_same(rows, db.rows(kFrames + 1));
    // Trips: everyone who entered, once; those who left, with their last frame.
    std::set<std::uint64_t> ids;
    for (const auto& [key, row] : rows) ids.insert(row.id);
    CHECK(db.number("SELECT count(*) FROM trips") == static_cast<long>(ids.size()));
    CHECK(db.number("SELECT count(*) FROM trips WHERE leave_frame IS NOT NULL") == summary["trips"].get<long>());
    CHECK(db.number("SELECT count(*) FROM trips t WHERE leave_frame IS NOT NULL AND leave_frame != "
                    "(SELECT max(frame) FROM trajectories WHERE id = t.id)") == 0);
    CHECK(db.number("SELECT count(*) FROM trips t WHERE enter_frame != "
                    "(SELECT min(frame) FROM trajectories WHERE id = t.id)") == 0);
  }

  {  // footfall analyze reads the store back to the CSV's trajectories
    const footfall::Trajectories from_db = footfall::output::read_trajectory_db((dir / "t.db").string());
    const footfall::Trajectories from_csv = footfall::read_trajectories((dir / "t.csv").string());
    REQUIRE(from_db.frames.size() == from_csv.frames.size());
    CHECK(from_db.dt == doctest::Approx(from_csv.dt).epsilon(1e-3));  // the CSV prints 4 decimals of time
    bool same = true;  // per frame, the same pedestrians at the same places (rows may come in another order)
    for (std::size_t f = 0; f < from_db.frames.size() && same; ++f) {
      const auto& a = from_db.frames[f];
      const auto& b = from_csv.frames[f];
      std::map<std::string, footfall::Vec2> at;
      for (std::size_t k = 0; k < b.who.size(); ++k) at.emplace(from_csv.names[b.who[k]], b.position[k]);
      same = a.frame == b.frame && a.who.size() == at.size();
      for (std::size_t k = 0; same && k < a.who.size(); ++k) {
        const auto it = at.find(from_db.names[a.who[k]]);
        same = it != at.end() && (a.position[k] - it->second).norm() < 1e-5;  // the CSV prints 6 decimals
      }
    }
    CHECK(same);
    CHECK(footfall::is_sqlite_file((dir / "t.db").string()));
    CHECK(!footfall::is_sqlite_file((dir / "t.csv").string()));
  }
}

TEST_CASE("trajectory store: a run killed with SIGKILL halfway leaves a valid store of every committed frame") {
  const fs::path full = scratch("kill_full"), dir = scratch("kill");
  // The whole run first (CSV), then the same seed killed halfway (the store).
  REQUIRE(wait_for(start_run({"--frames", std::to_string(kFrames), "--trajectory", (full / "t.csv").string()})) == 0);
  const pid_t pid = start_run({"--frames", std::to_string(kFrames), "--db", (dir / "t.db").string()});
  long committed = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (committed < kFrames / 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (!fs::exists(dir / "t.db")) continue;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2((dir / "t.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
      sqlite3_stmt* s = nullptr;
      if (sqlite3_prepare_v2(db, "SELECT value FROM metadata WHERE key = 'frames'", -1, &s, nullptr) == SQLITE_OK &&
          sqlite3_step(s) == SQLITE_ROW)
        committed = sqlite3_column_int64(s, 0);
      sqlite3_finalize(s);
    }
    sqlite3_close(db);
  }
  REQUIRE(kill(pid, SIGKILL) == 0);
  const int status = wait_for(pid);
  CHECK(WIFSIGNALED(status));
  REQUIRE(committed >= kFrames / 2);
  REQUIRE(committed < kFrames + 1);  // killed before the end

  Db db(dir / "t.db");
  CHECK(db.text("PRAGMA integrity_check") == "ok");
  CHECK(db.text("SELECT value FROM metadata WHERE key = 'complete'") == "0");
  const long frames = db.number("SELECT value FROM metadata WHERE key = 'frames'");
  CHECK(frames >= committed);  // the run went on committing after the last look
  CHECK(db.number("SELECT count(*) FROM frames") == frames);
  CHECK(db.number("SELECT max(frame) FROM frames") == frames - 1);
  // Frame for frame what the whole run wrote.
  Rows csv = csv_rows(footfall::test::parse_csv(slurp(full / "t.csv")));
  csv.erase(csv.lower_bound({frames, 0}), csv.end());
  check_same(csv, db.rows(frames));
}

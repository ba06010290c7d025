// footfall bench: the city it builds per agent count, and the files it writes.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream s(line);
  for (std::string f; std::getline(s, f, sep);) out.push_back(f);
  return out;
}

int run(const std::string& args) {
  const int rc = std::system((std::string(FOOTFALL_BINARY) + " " + args).c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

std::string fresh_dir(const char* name) {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/" + name;
  std::system(("rm -rf " + dir).c_str());
  return dir;
}

}  // namespace

TEST_CASE("scenario overrides tile the intersection into a city at a chosen density") {
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  const Scenario one = load_scenario(path);
  const Scenario city = load_scenario(path, {3, 2, 50u});
  CHECK(city.tiles == 6);
  REQUIRE(city.scripts.population);
  CHECK(city.scripts.population->target == 6 * 50);
  World a = one.world, b = city.world;
  a.finalize();
  b.finalize();
  const Vec2 extent = a.bounds().hi - a.bounds().lo, tiled = b.bounds().hi - b.bounds().lo;
  // At the file's pitch (100 m) the tiles abut: the city spans 2 and 1 more pitches than one tile.
  CHECK(tiled.x() == doctest::Approx(extent.x() + 200).epsilon(1e-9));
  CHECK(tiled.y() == doctest::Approx(extent.y() + 100).epsilon(1e-9));
  CHECK(city.world.obstacles.size() == 6 * one.world.obstacles.size());
  // Sidewalk ends on shared borders are joined: a tiled city has fewer entries than its tiles.
  CHECK(city.world.walkways.endpoints.size() < 6 * one.world.walkways.endpoints.size());
  // A scenario without `city:` has no known tile size to tile by.
  CHECK_THROWS_AS(load_scenario(test::source_path("data/scenarios/swap6.yaml"), {2, 2}), ScenarioError);
}

TEST_CASE("footfall bench on a small sweep writes bench.csv with the documented columns and bench.png") {
  const std::string dir = fresh_dir("bench_sweep");
  REQUIRE(run("bench " + test::source_path("data/scenarios/intersection.yaml") +
              " --agents 450,60 --frames 20 --warmup 5 --threads 1,2 -q --out " + dir) == 0);
  std::istringstream csv(read_file(dir + "/bench.csv"));
  std::string header;
  std::getline(csv, header);
  const auto columns = split(header, ',');
  REQUIRE(columns.size() == 27);
  const std::string doc = read_file(test::source_path("docs/performance.md"));
  for (const auto& c : columns) CHECK_MESSAGE(doc.find("`" + c + "`") != std::string::npos, c);
  const auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(columns.begin(), columns.end(), name) - columns.begin());
  };
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(csv, line);) rows.push_back(split(line, ','));
  REQUIRE(rows.size() == 4);  // two agent counts at two thread counts
  // Grouped by threads, agent counts ascending within each.
  const long expect_agents[] = {60, 450, 60, 450}, expect_threads[] = {1, 1, 2, 2};
  const int expect_tiles[] = {1, 2, 1, 2};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    REQUIRE(r.size() == columns.size());
    CHECK(std::stol(r[col("agents_requested")]) == expect_agents[i]);
    CHECK(std::stoi(r[col("threads")]) == expect_threads[i]);
    CHECK(std::stoi(r[col("intersections")]) == expect_tiles[i]);
    CHECK(std::stol(r[col("frames")]) == 20);
    const double agents = std::stod(r[col("agents")]);
    CHECK(agents > 0.8 * expect_agents[i]);
    CHECK(agents < 1.1 * expect_agents[i]);
    CHECK(std::stod(r[col("sim_fps")]) > 0);
    CHECK(std::stod(r[col("frame_ms_p99")]) >= std::stod(r[col("frame_ms_p50")]));
    CHECK(std::stod(r[col("control_ms")]) > 0);
    CHECK(std::stod(r[col("walk_evals_per_frame_max")]) >= std::stod(r[col("walk_evals_per_frame_mean")]));
    CHECK(std::stod(r[col("peak_rss_mb")]) > 1);
  }
  // Same seed, same simulation: the walk load does not depend on threads.
  CHECK(rows[0][col("walk_evals_per_frame_mean")] == rows[2][col("walk_evals_per_frame_mean")]);
  const std::string png = read_file(dir + "/bench.png");
  REQUIRE(png.size() > 10000);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
}

TEST_CASE("footfall bench: --no-plot writes the CSV only — a scenario without a population is an error") {
  const std::string dir = fresh_dir("bench_errors");
  CHECK(run("bench " + test::source_path("data/scenarios/intersection.yaml") +
            " --agents 30 --frames 3 --warmup 0 --no-plot -q --out " + dir) == 0);
  CHECK(!read_file(dir + "/bench.csv").empty());
  CHECK(read_file(dir + "/bench.png").empty());

  const std::string other = fresh_dir("bench_no_population");
  CHECK(run("bench " + test::source_path("data/scenarios/swap6.yaml") + " --agents 30 -q --out " +
            other + " 2>/dev/null") == 2);
  CHECK(read_file(other + "/bench.csv").empty());
  CHECK(run("bench " + test::source_path("data/scenarios/intersection.yaml") +
            " --agents 0 -q --out " + other + " 2>/dev/null") == 2);
}

// footfall analyze: Voronoi cells, the trajectory reader, and the measurements of a corridor with a
// known steady flow (analytic trajectories: walkers on a lattice at a set spacing and speed).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "footfall/analysis/analysis.hpp"
#include "helpers.hpp"

using namespace footfall;
namespace fs = std::filesystem;

namespace {

// A periodic corridor x in [0, 20), walls at y = 0 and 4: rows every 0.5 m, walkers every 1 m in a
// row (2 persons/m²), each row shifted by 0.125 m, all walking +x at 1.2 m/s; 30 s at 30 Hz.
constexpr double kLength = 20, kWidth = 4, kDx = 1.0, kDy = 0.5, kSpeed = 1.2, kDensity = 1 / (kDx * kDy);

std::string corridor_csv(double seconds = 30) {
  std::ostringstream out;
  out.precision(10);
  out << "frame,time,agent,x,y,heading,state\n";
  const int frames = static_cast<int>(seconds * 30);
  for (int f = 0; f <= frames; ++f) {
    const double t = f / 30.0;
    int id = 0;
    for (int row = 0; row < 8; ++row)
      for (int col = 0; col < 20; ++col, ++id) {
        const double x = std::fmod(col * kDx + row * 0.125 + kSpeed * t, kLength);
        out << f << ',' << t << ",p" << id << ',' << x << ',' << (row + 0.5) * kDy << ",0,walk\n";
      }
  }
  return out.str();
}

MeasurementSpec corridor_spec() {
  MeasurementSpec spec;
  spec.areas.push_back({"middle", {{5, 0}, {15, 0}, {15, 4}, {5, 4}}, 2});
  spec.lines.push_back({"gate", Vec2(10, 0), Vec2(10, 4), 0});
  return spec;
}

AnalysisOptions corridor_options() {
  AnalysisOptions o;
  o.voronoi.lo = Vec2(0, 0);
  o.voronoi.hi = Vec2(kLength, kWidth);
  o.voronoi.periodic_axis = 0;
  o.voronoi.period_lo = 0;
  o.voronoi.period_hi = kLength;
  return o;
}

// The lattice corridor as a scenario: a wall along y = 0, `north` (world entries) and `measurement`.
std::string corridor_yaml(const std::string& north, const std::string& measurement) {
  return "world:\n  periodic: {x: [0, 20]}\n  segments:\n    - {name: south, from: [-5, 0], to: [25, 0]}\n" + north +
         R"(behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: [1000, 2]}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
agents: [{name: p0, behavior: w, position: [1, 2]}]
measurement:
)" + measurement;
}

// `footfall analyze DIR/run.csv --scenario DIR/corridor.yaml --out DIR/out`: its exit status.
int analyze_corridor(const fs::path& dir) {
  const std::string cmd = std::string(FOOTFALL_BINARY) + " analyze " + (dir / "run.csv").string() + " --scenario " +
                          (dir / "corridor.yaml").string() + " --out " + (dir / "out").string() + " -q";
  return std::system(cmd.c_str());
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(FOOTFALL_BINARY_DIR) / ("analysis_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("voronoi: a square lattice gives each point its square, clipped to the box") {
  std::vector<Vec2> points;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) points.emplace_back(x + 0.5, y + 0.5);
  VoronoiFrame f;
  f.lo = Vec2(0, 0);
  f.hi = Vec2(4, 4);
  const auto cells = voronoi_cells(points, f);
  for (const Polygon& c : cells) CHECK(polygon_area(c) == doctest::Approx(1.0));
  const std::vector<double> speeds(points.size(), 1.5);
  const VoronoiMeasure m = voronoi_measure(cells, speeds, {{1, 1}, {3, 1}, {3, 3}, {1, 3}});
  CHECK(m.density == doctest::Approx(1.0));
  CHECK(m.speed == doctest::Approx(1.5));
  // A lone walker owns its cutoff disc (of equal area), not the whole box.
  VoronoiFrame open;
  open.cutoff = 1.0;
  const std::vector<Vec2> one{Vec2(0, 0)};
  CHECK(polygon_area(voronoi_cells(one, open)[0]) == doctest::Approx(kPi));
}

TEST_CASE("trajectory CSV: columns by name, quoted names, and errors naming file:line") {
  std::istringstream good("frame,time,agent,x,y,heading,state\n0,0,\"a, b\",1,2,0,walk\n0,0,c,3,4,0,walk\n"
                          "1,0.5,\"a, b\",1.5,2,0,walk\n");
  const Trajectories t = read_trajectory_csv(good, "good.csv");
  REQUIRE(t.frames.size() == 2);
  CHECK(t.names[0] == "a, b");
  CHECK(t.dt == doctest::Approx(0.5));
  CHECK(t.frames[1].position[0] == Vec2(1.5, 2));
  std::istringstream bad("frame,time,agent,x,y,heading,state\n0,0,a,1,2,0,walk\n1,0.1,a,oops,2,0,walk\n");
  try {
    read_trajectory_csv(bad, "bad.csv");
    FAIL("no error");
  } catch (const TrajectoryError& e) {
    CHECK(std::string(e.what()) == "bad.csv:3: column 'x' is not a number: 'oops'");
  }
  std::istringstream headless("time,who,x,y\n");
  CHECK_THROWS_WITH_AS(read_trajectory_csv(headless, "h.csv"), "h.csv:1: the header has no column 'frame'",
                       TrajectoryError);
}

TEST_CASE("analysis: a corridor with a known steady flow measures its set density, speed and flow within 5%") {
  std::istringstream csv(corridor_csv());
  Trajectories t = read_trajectory_csv(csv, "corridor.csv");
  compute_velocities(t, 1.0, 3.0, 0, kLength);
  const Analysis a = analyze(t, corridor_spec(), corridor_options());
  REQUIRE(a.areas.size() == 1);
  const AreaSample& m = a.areas[0].mean;
  const double flow = kDensity * kSpeed;  // persons/(m·s)
  MESSAGE("classic " << m.classic_density << " /m², " << m.classic_speed << " m/s; Voronoi " << m.voronoi_density
                     << " /m², " << m.voronoi_speed << " m/s; specific flow " << m.specific_flow << "; line "
                     << a.lines[0].flow << " /s");
  CHECK(m.classic_density == doctest::Approx(kDensity).epsilon(0.05));
  CHECK(m.voronoi_density == doctest::Approx(kDensity).epsilon(0.05));
  CHECK(m.classic_speed == doctest::Approx(kSpeed).epsilon(0.05));
  CHECK(m.voronoi_speed == doctest::Approx(kSpeed).epsilon(0.05));
  CHECK(m.specific_flow == doctest::Approx(flow).epsilon(0.05));
  CHECK(a.lines[0].flow == doctest::Approx(flow * kWidth).epsilon(0.05));
  CHECK(a.lines[0].specific_flow == doctest::Approx(flow).epsilon(0.05));
  // Every bin of the time series, from `after` (2 s) on, at 1 s.
  REQUIRE(a.areas[0].series.size() == 29);  // the last, from 30 s, holds the last frame alone
  CHECK(a.areas[0].series.front().time == doctest::Approx(2.0));
  for (const AreaSample& s : a.areas[0].series) {
    CHECK(s.voronoi_density == doctest::Approx(kDensity).epsilon(0.05));
    CHECK(s.voronoi_speed == doctest::Approx(kSpeed).epsilon(0.05));
  }
  for (std::size_t b = 1; b + 1 < a.lines[0].series.size(); ++b)
    CHECK(a.lines[0].series[b].flow == doctest::Approx(flow * kWidth).epsilon(0.15));  // 9 or 10 a second
  // Nobody left: no finished trip; the heat map holds the density where walkers are.
  CHECK(a.trips.empty());
  CHECK(a.unfinished == 160);
  double sum = 0, voronoi = 0;
  for (const double d : a.heat.density) sum += d;
  for (const double d : a.heat.voronoi_density) voronoi += d;
  CHECK(sum * a.heat.cell * a.heat.cell == doctest::Approx(160));
  // The Voronoi heat map spreads each walker over its cell (wrapped at the seam): everyone counted
  // once, 2 persons/m² wherever the lattice walks, at its speed.
  CHECK(voronoi * a.heat.cell * a.heat.cell == doctest::Approx(160).epsilon(0.01));
  REQUIRE(a.heat.voronoi_density.size() == static_cast<std::size_t>(a.heat.nx * a.heat.ny));
  for (int y = 0; y < a.heat.ny; ++y)
    for (int x = 0; x < a.heat.nx; ++x) {
      CAPTURE(x);
      CAPTURE(y);
      CHECK(a.heat.voronoi_density[a.heat.index(x, y)] == doctest::Approx(kDensity).epsilon(0.05));
      CHECK(a.heat.voronoi_speed[a.heat.index(x, y)] == doctest::Approx(kSpeed).epsilon(0.05));
    }
}

TEST_CASE("analysis: trips end when a pedestrian leaves, and one still there at the end has not finished") {
  std::istringstream csv("frame,time,agent,x,y,heading,state\n"
                         "0,0,a,0,0,0,walk\n0,0,b,5,0,0,walk\n"
                         "1,1,a,1,0,0,walk\n1,1,b,5,1,0,walk\n"
                         "2,2,b,5,2,0,walk\n"
                         "3,3,b,5,3,0,walk\n3,3,a,40,0,0,walk\n");  // a re-enters far away: a new trip
  Trajectories t = read_trajectory_csv(csv, "trips.csv");
  compute_velocities(t, 1.0);
  const Analysis a = analyze(t, {}, AnalysisOptions{});
  REQUIRE(a.trips.size() == 1);
  CHECK(a.trips[0].who == "a");
  CHECK(a.trips[0].end - a.trips[0].start == doctest::Approx(1.0));
  CHECK(a.unfinished == 2);
  CHECK(trip_quantile(a.trips, 0.5) == doctest::Approx(1.0));
}

TEST_CASE("footfall analyze writes the figures as CSV, non-empty PNG plots and a summary") {
  const fs::path dir = scratch("corridor");
  std::ofstream(dir / "run.csv") << corridor_csv(20);
  std::ofstream(dir / "corridor.yaml") << corridor_yaml("    - {name: north, from: [-5, 4], to: [25, 4]}\n",
                                                     "  areas: [{name: middle, box: [[5, 0], [15, 4]], after: 2}]\n"
                                                     "  lines: [{name: gate, from: [10, 0], to: [10, 4]}]\n");
  REQUIRE(analyze_corridor(dir) == 0);
  for (const char* f : {"areas.csv", "lines.csv", "trips.csv", "heatmap.csv", "fundamental_diagram.csv", "summary.json",
                        "density.png", "speed.png", "flow.png", "trip_times.png", "heatmap_density.png",
                        "heatmap_speed.png", "heatmap_voronoi_density.png", "heatmap_voronoi_speed.png",
                        "fundamental_diagram.png"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(dir / "out" / f));
    CHECK(fs::file_size(dir / "out" / f) > (std::string(f).ends_with(".png") ? 5000u : 20u));
  }
  std::ifstream png(dir / "out" / "density.png", std::ios::binary);
  char magic[4] = {};
  png.read(magic, 4);
  CHECK(std::string(magic + 1, 3) == "PNG");
  const auto j = nlohmann::json::parse(std::ifstream(dir / "out" / "summary.json"));
  const auto& area = j["measurement"]["areas"]["middle"];
  CHECK(area["voronoi_density"].get<double>() == doctest::Approx(kDensity).epsilon(0.05));
  CHECK(area["voronoi_speed"].get<double>() == doctest::Approx(kSpeed).epsilon(0.05));
  CHECK(area["specific_flow"].get<double>() == doctest::Approx(kDensity * kSpeed).epsilon(0.05));
  CHECK(j["measurement"]["lines"]["gate"]["specific_flow"].get<double>() ==
        doctest::Approx(kDensity * kSpeed).epsilon(0.05));
  CHECK(j["measurement"]["heat_map"]["max_voronoi_density"].get<double>() == doctest::Approx(kDensity).epsilon(0.05));
  // A trajectory that is not one: exit 2, the file and line named.
  std::ofstream(dir / "bad.csv") << "frame,time,agent,x,y\n0,0,a,1\n";
  const std::string bad = std::string(FOOTFALL_BINARY) + " analyze " + (dir / "bad.csv").string() + " --scenario " +
                          (dir / "corridor.yaml").string() + " --out " + (dir / "out2").string() + " 2>" +
                          (dir / "err.txt").string();
  const int status = std::system(bad.c_str());
  CHECK(WEXITSTATUS(status) == 2);
  std::stringstream err;
  err << std::ifstream(dir / "err.txt").rdbuf();
  CHECK(err.str().find("bad.csv:2: 4 fields where the header has 5") != std::string::npos);
}

namespace {

// heatmap.csv's row for the cell whose centre is (x, y): its columns by name.
std::map<std::string, std::string> heat_cell(const fs::path& csv, double x, double y) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  for (std::istringstream h(line); std::getline(h, line, ',');) names.push_back(line);
  while (std::getline(in, line)) {
    std::vector<std::string> v;
    for (std::istringstream r(line); std::getline(r, line, ',');) v.push_back(line);
    if (v.size() != names.size() || std::abs(std::stod(v[0]) - x) > 1e-6 || std::abs(std::stod(v[1]) - y) > 1e-6)
      continue;
    std::map<std::string, std::string> row;
    for (std::size_t k = 0; k < v.size(); ++k) row[names[k]] = v[k];
    return row;
  }
  return {};
}

}  // namespace

TEST_CASE("footfall analyze: Voronoi heat maps beside the classic ones, dense in the walked corridor, empty in a wall") {
  // The lattice corridor (y 0-4) with a solid building north of it (y 4-7): the Voronoi cells,
  // cut at 2 m, reach into the building, but a heat-map cell inside it holds nobody, and the
  // walkers beside it count in full outside it.
  const fs::path dir = scratch("voronoi_heat");
  std::ofstream(dir / "run.csv") << corridor_csv(5);
  std::ofstream(dir / "corridor.yaml") << corridor_yaml("  boxes:\n    - {name: block, center: [10, 5.5], size: [40, 3]}\n",
                                                     "  areas: [{name: middle, box: [[5, 0], [15, 4]]}]\n");
  REQUIRE(analyze_corridor(dir) == 0);
  for (const char* f : {"heatmap.csv", "heatmap_voronoi_density.png", "heatmap_voronoi_speed.png"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(dir / "out" / f));
    CHECK(fs::file_size(dir / "out" / f) > 5000u);
  }
  const auto walked = heat_cell(dir / "out" / "heatmap.csv", 10.25, 2.25);
  const auto wall = heat_cell(dir / "out" / "heatmap.csv", 10.25, 4.75);  // 0.75 m into the building
  REQUIRE(walked.count("voronoi_density"));
  REQUIRE(wall.count("voronoi_density"));
  CHECK(std::stod(walked.at("voronoi_density")) == doctest::Approx(kDensity).epsilon(0.05));
  CHECK(std::stod(walked.at("voronoi_speed")) == doctest::Approx(kSpeed).epsilon(0.05));
  CHECK(std::stod(walked.at("density")) > 0);
  // Beside the building a walker's share goes to the walkable part of its cell: still 2/m².
  const auto beside = heat_cell(dir / "out" / "heatmap.csv", 10.25, 3.75);
  REQUIRE(beside.count("voronoi_density"));
  CHECK(std::stod(beside.at("voronoi_density")) == doctest::Approx(kDensity).epsilon(0.05));
  CHECK(std::stod(wall.at("voronoi_density")) == 0);
  CHECK(wall.at("voronoi_speed") == "NaN");
  CHECK(std::stod(wall.at("density")) == 0);
}

TEST_CASE("footfall run: the summary's areas carry analyze's Voronoi aggregates") {
  // fd_2 (208 walkers, 2 persons/m² in a periodic corridor) measured from 1 s for 2 s, by the run
  // and by footfall analyze on its trajectory: the same Voronoi density.
  const fs::path dir = scratch("run_voronoi");
  std::stringstream yaml;
  yaml << std::ifstream(fs::path(FOOTFALL_SOURCE_DIR) / "data/validation/fd_2.yaml").rdbuf();
  std::string text = yaml.str();
  const std::size_t after = text.find("after: 10");
  REQUIRE(after != std::string::npos);
  text.replace(after, 9, "after: 1");
  std::ofstream(dir / "fd.yaml") << text;
  const std::string run = std::string(FOOTFALL_BINARY) + " run " + (dir / "fd.yaml").string() +
                          " --headless --frames 90 -q --summary " + (dir / "s.json").string() + " --trajectory " +
                          (dir / "t.csv").string();
  REQUIRE(std::system(run.c_str()) == 0);
  const std::string analyze = std::string(FOOTFALL_BINARY) + " analyze " + (dir / "t.csv").string() + " --scenario " +
                              (dir / "fd.yaml").string() + " --out " + (dir / "out").string() + " -q --no-plot";
  REQUIRE(std::system(analyze.c_str()) == 0);
  const auto j = nlohmann::json::parse(std::ifstream(dir / "s.json"));
  const auto& area = j["measurement"]["areas"]["corridor"];
  const auto a = nlohmann::json::parse(std::ifstream(dir / "out" / "summary.json"))["measurement"]["areas"]["corridor"];
  CHECK(area["area_m2"].get<double>() == doctest::Approx(104));
  CHECK(area["frames"].get<int>() == a["frames"].get<int>());
  CHECK(area["voronoi_density"].get<double>() == doctest::Approx(2.0).epsilon(0.05));
  CHECK(area["voronoi_density"].get<double>() == doctest::Approx(a["voronoi_density"].get<double>()).epsilon(0.001));
  // The run's speeds are its steps', analyze's differenced positions: close, not equal.
  CHECK(area["voronoi_speed"].get<double>() == doctest::Approx(a["voronoi_speed"].get<double>()).epsilon(0.15));
  CHECK(area["voronoi_specific_flow"].get<double>() == doctest::Approx(a["specific_flow"].get<double>()).epsilon(0.15));
}

// footfall analyze: Voronoi cells, the trajectory reader, and the measurements of a corridor with a
// known steady flow (analytic trajectories: walkers on a lattice at a set spacing and speed).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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
  double sum = 0;
  for (const double d : a.heat.density) sum += d;
  CHECK(sum * a.heat.cell * a.heat.cell == doctest::Approx(160));
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
  std::ofstream(dir / "corridor.yaml") << R"(world:
  periodic: {x: [0, 20]}
  segments:
    - {name: south, from: [-5, 0], to: [25, 0]}
    - {name: north, from: [-5, 4], to: [25, 4]}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: [1000, 2]}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
agents: [{name: p0, behavior: w, position: [1, 2]}]
measurement:
  areas: [{name: middle, box: [[5, 0], [15, 4]], after: 2}]
  lines: [{name: gate, from: [10, 0], to: [10, 4]}]
)";
  const std::string cmd = std::string(FOOTFALL_BINARY) + " analyze " + (dir / "run.csv").string() + " --scenario " +
                          (dir / "corridor.yaml").string() + " --out " + (dir / "out").string() + " -q";
  REQUIRE(std::system(cmd.c_str()) == 0);
  for (const char* f : {"areas.csv", "lines.csv", "trips.csv", "heatmap.csv", "fundamental_diagram.csv", "summary.json",
                        "density.png", "speed.png", "flow.png", "trip_times.png", "heatmap_density.png",
                        "heatmap_speed.png", "fundamental_diagram.png"}) {
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

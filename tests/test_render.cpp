// Offscreen images through the whole renderer (CULL, the scene, instanced figures, DRAW) on Mesa's
// llvmpipe: no display and no GPU. Images are 320 x 240 and runs short so that the suite stays quick
// on two cores; the PNGs stay in the build tree under tests/render_out/.
#include <doctest/doctest.h>

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "footfall/render/error.hpp"
#include "footfall/render/framing.hpp"
#include "footfall/render/signal_heads.hpp"
#include "footfall/render/world_scene.hpp"
#include "render_helpers.hpp"

using namespace footfall;
using namespace footfall::test;
namespace fs = std::filesystem;

namespace {

struct Command {
  int status = -1;
  std::string output;  // stdout and stderr
};

Command run(const std::string& command) {
  Command c;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (const std::size_t n = std::fread(buf, 1, sizeof buf, p)) c.output.append(buf, n);
  const int status = pclose(p);
  c.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return c;
}

std::string footfall_run(const std::string& arguments) {
  return std::string(FOOTFALL_BINARY) + " run " + source_path("data/scenarios/intersection.yaml") + " " + arguments;
}

std::string hash_of(const std::string& summary_path) {
  std::ifstream in(summary_path);
  return nlohmann::json::parse(in).at("trajectory_hash").get<std::string>();
}

// Of the points, how many land in the image on a pixel that passes `test`.
template <class Test>
int landing(const Shot& s, const Eigen::Vector3d& eye, const Eigen::Vector3d& at, const std::vector<Eigen::Vector3d>& points,
            const Test& test, int& inside) {
  int n = 0;
  inside = 0;
  for (const Eigen::Vector3d& p : points) {
    int x = 0, y = 0;
    if (!project(eye, at, p, x, y)) continue;
    ++inside;
    const Rgb c = pixel(*s.image, x, y);
    CAPTURE(p.transpose());
    MESSAGE("pixel " << x << "," << y << ": " << c.r << " " << c.g << " " << c.b);
    n += test(c);
  }
  return n;
}

}  // namespace

TEST_CASE("render: the intersection with 50 agents shows ground, buildings, crosswalk stripes and figures") {
  const Eigen::Vector3d eye(0, -27, 30), at(0, -3, 0);
  cpu_set_t before, after;
  REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
  Simulation sim = make_sim(intersection_with(50), motion_library());
  const Shot shot = shoot(sim, offscreen(eye, at), 30, "intersection.png");
  // osgViewer left the process on every core it had (TBB's workers with it).
  REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
  CHECK(CPU_EQUAL(&before, &after));
  render::ViewerOptions bare_options = offscreen(eye, at);
  bare_options.figures = false;
  Simulation bare_sim = make_sim(intersection_with(50), motion_library());
  const Shot bare = shoot(bare_sim, bare_options, 30, "intersection_no_figures.png");
  REQUIRE(shot.image);
  REQUIRE(bare.image);
  CHECK(shot.image->s() == kWidth);
  CHECK(shot.image->t() == kHeight);
  CHECK(sim.frame() == 30);
  CHECK(shot.report.backend == "egl");
  CHECK(sim.trajectory_hash() == bare_sim.trajectory_hash());  // drawing never changes the simulation

  int inside = 0;
  // Asphalt in the junction, paved sidewalks at the corners: plain greys, dark and light.
  const auto asphalt = [](const Rgb& c) { return c.grey_spread() <= 12 && c.brightness() > 25 && c.brightness() < 110; };
  const auto pavement = [](const Rgb& c) { return c.grey_spread() <= 24 && c.brightness() >= 110 && c.brightness() < 215; };
  CHECK(landing(shot, eye, at, {{-3, -3, 0}, {3, -3, 0}, {-3, 3, 0}, {3, 3, 0}, {0, 0, 0}}, asphalt, inside) >= 4);
  CHECK(inside == 5);
  CHECK(landing(shot, eye, at, {{-8.5, -14, 0}, {8.5, -14, 0}, {-8.5, -11, 0}, {8.5, -11, 0}, {-8.5, 13, 0}, {8.5, 13, 0}},
                pavement, inside) >= 5);
  CHECK(inside == 6);

  // Buildings: the faces towards the camera of the two western blocks, warm-tinted walls (sampled
  // between the rows of windows, which lie 0.9 to 3 m up every 3.5 m storey).
  const auto wall = [](const Rgb& c) { return c.grey_spread() > 20; };
  std::vector<Eigen::Vector3d> walls;
  for (const double d : {14.0, 16.0, 18.0})
    for (const double z : {0.5, 3.25}) walls.push_back({-12, -d, z}), walls.push_back({-d, 12, z});
  CHECK(landing(shot, eye, at, walls, wall, inside) >= inside * 3 / 4);
  CHECK(inside >= 6);
  CHECK(render::building_height("nw_building") >= 10.5);

  // Zebra stripes across the south crosswalk: white paint and asphalt alternate.
  int changes = 0, last = -1;
  for (int k = 0; k <= 200; ++k) {
    int x = 0, y = 0;
    REQUIRE(project(eye, at, {-6.5 + 13.0 * k / 200, -9, 0}, x, y));
    const int b = pixel(*shot.image, x, y).brightness();
    const int kind = b > 200 ? 1 : b < 110 ? 0 : -1;
    if (kind >= 0 && last >= 0 && kind != last) ++changes;
    if (kind >= 0) last = kind;
  }
  CHECK(changes >= 16);  // 12 stripes: 24 edges, a figure may hide a few

  // Figures: what the figures add to the image, found where the agents are.
  const std::vector<std::uint8_t> figures = difference(*shot.image, *bare.image);
  CHECK(count(figures) > 150);
  int candidates = 0, found = 0;
  const Snapshot& s = sim.snapshot();
  for (std::size_t a = 0; a < s.size(); ++a) {
    int x = 0, y = 0;
    if (!s.active[a] || !project(eye, at, {s.location[a].x(), s.location[a].y(), 0.9}, x, y)) continue;
    if (x < 4 || y < 4 || x >= kWidth - 4 || y >= kHeight - 4) continue;
    ++candidates;
    bool hit = false;
    for (int dy = -4; dy <= 4 && !hit; ++dy)
      for (int dx = -4; dx <= 4 && !hit; ++dx) hit = figures[static_cast<std::size_t>((y + dy) * kWidth + x + dx)];
    found += hit;
  }
  CAPTURE(candidates);
  CHECK(candidates >= 5);
  CHECK(found >= candidates * 3 / 4);  // a building may hide a figure behind it
}

TEST_CASE("render: a pedestrian head facing the camera shows WALK in WALK and DON'T WALK otherwise") {
  // One signalled crosswalk over a road, one bystander far off, and the camera three metres in front
  // of a pedestrian head at its height.
  const std::string yaml = R"(name: head
frame_rate: 30
world:
  signals:
    s: {green: 24, yellow: 3, red: 31, walk: 14, offset: 0}
  regions:
    - {name: road, type: street, polygon: [[-20, -4], [20, -4], [20, 4], [-20, 4]]}
    - {name: cw, type: crosswalk, signal: s, polygon: [[-2, -4], [2, -4], [2, 4], [-2, 4]]}
  locations:
    spot: [15, 10]
behaviors:
  stand:
    nodes:
      spot: {type: location_sensor, target: spot}
      go: {type: attract, input: spot}
      walk: {type: walk, inputs: [go]}
agents:
  - {name: bystander, behavior: stand, position: [15, 10]}
)";
  Simulation sim = make_sim(parse_scenario(yaml, "head.yaml"), motion_library());
  const render::SignalLayout layout = render::signal_layout(sim.world());
  const render::SignalHead* head = nullptr;
  for (const render::SignalHead& h : layout.heads)
    if (h.kind == render::HeadKind::Pedestrian) head = &h;
  REQUIRE(head);
  const Eigen::Vector3d facing(std::cos(head->facing), std::sin(head->facing), 0);
  const Eigen::Vector3d at = head->position, eye = at + 3.0 * facing;
  const Eigen::Vector3d dont_walk_lamp = at + 0.01 * facing + Eigen::Vector3d(0, 0, 0.15);
  const Eigen::Vector3d walk_lamp = at + 0.01 * facing - Eigen::Vector3d(0, 0, 0.15);

  // The colour around a lamp's centre: the median of a 5 x 5 patch, channel by channel.
  const auto lamp = [&](const Shot& shot, const Eigen::Vector3d& p) {
    int x = 0, y = 0;
    REQUIRE(project(eye, at, p, x, y));
    std::vector<int> r, g, b;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const Rgb c = pixel(*shot.image, x + dx, y + dy);
        r.push_back(c.r), g.push_back(c.g), b.push_back(c.b);
      }
    for (auto* v : {&r, &g, &b}) std::nth_element(v->begin(), v->begin() + 12, v->end());
    return Rgb{r[12], g[12], b[12]};
  };
  const auto is_walk = [](const Rgb& c) { return c.r > 200 && c.g > 215 && c.b > 230; };        // lunar white
  const auto is_dont_walk = [](const Rgb& c) { return c.r > 225 && c.g > 60 && c.g < 150 && c.b < 50; };  // orange
  const auto dark = [](const Rgb& c) { return c.brightness() < 70; };

  SUBCASE("WALK") {
    const Shot shot = shoot(sim, offscreen(eye, at), 30, "head_walk.png");  // t = 1 s
    REQUIRE(shot.image);
    REQUIRE(sim.signals()[0].head == patnet::Head::Walk);
    const Rgb w = lamp(shot, walk_lamp), d = lamp(shot, dont_walk_lamp);
    INFO("walk lamp " << w.r << " " << w.g << " " << w.b << ", don't walk lamp " << d.r << " " << d.g << " " << d.b);
    CHECK(is_walk(w));
    CHECK(dark(d));
  }
  SUBCASE("DON'T WALK") {
    for (int f = 0; f < 1200; ++f) sim.step();  // t = 40 s: red
    const Shot shot = shoot(sim, offscreen(eye, at), 1, "head_dont_walk.png");
    REQUIRE(shot.image);
    REQUIRE(sim.signals()[0].head == patnet::Head::DontWalk);
    const Rgb w = lamp(shot, walk_lamp), d = lamp(shot, dont_walk_lamp);
    INFO("walk lamp " << w.r << " " << w.g << " " << w.b << ", don't walk lamp " << d.r << " " << d.g << " " << d.b);
    CHECK(is_dont_walk(d));
    CHECK(dark(w));
  }
  SUBCASE("flashing DON'T WALK, in its lit half-second") {
    for (int f = 0; f < 599; ++f) sim.step();
    const Shot shot = shoot(sim, offscreen(eye, at), 1, "head_flashing.png");  // t = 20 s
    REQUIRE(shot.image);
    REQUIRE(sim.signals()[0].head == patnet::Head::FlashingDontWalk);
    const Rgb w = lamp(shot, walk_lamp), d = lamp(shot, dont_walk_lamp);
    INFO("walk lamp " << w.r << " " << w.g << " " << w.b << ", don't walk lamp " << d.r << " " << d.g << " " << d.b);
    CHECK(is_dont_walk(d));
    CHECK(dark(w));
  }
}

TEST_CASE("render: every level of detail draws when forced") {
  const Eigen::Vector3d eye(0, -17, 6), at(0, -6, 0.8);
  render::ViewerOptions bare_options = offscreen(eye, at);
  bare_options.figures = false;
  Simulation bare_sim = make_sim(intersection_with(60), motion_library());
  const Shot bare = shoot(bare_sim, bare_options, 12, "lod_none.png");
  REQUIRE(bare.image);
  std::array<osg::ref_ptr<osg::Image>, motion::kLodCount> images;
  for (int l = 0; l < motion::kLodCount; ++l) {
    const auto lod = static_cast<motion::Lod>(l);
    CAPTURE(motion::lod_name(lod));
    render::ViewerOptions o = offscreen(eye, at);
    o.forced_lod = lod;
    Simulation sim = make_sim(intersection_with(60), motion_library());
    const Shot shot = shoot(sim, o, 12, std::string("lod_") + motion::lod_name(lod) + ".png");
    REQUIRE(shot.image);
    images[static_cast<std::size_t>(l)] = shot.image;
    // Every figure in view is drawn at the forced level (from the frame after it was asked for).
    const render::FrameRecord& last = shot.report.frames.back();
    for (int other = 0; other < motion::kLodCount; ++other)
      CHECK((last.figures[static_cast<std::size_t>(other)] > 0) == (other == l));
    CHECK(count(difference(*shot.image, *bare.image)) > 200);
  }
  // The levels are different meshes.
  CHECK(count(difference(*images[0], *images[2])) > 20);
}

TEST_CASE("render: a broken shader file stops start-up with its file name in the message") {
  const fs::path dir = render_out("broken_shaders");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(source_path("shaders/figure.frag"), dir / "figure.frag");
  {
    std::ofstream vert(dir / "figure.vert");
    vert << "#version 330 compatibility\nvoid main() { gl_Position = undefined_thing; }\n";
  }
  const std::string vert = (dir / "figure.vert").string();

  SUBCASE("through the library: a ShaderError before any frame") {
    Simulation sim = make_sim(intersection_with(5), motion_library());
    render::ViewerOptions o = offscreen({0, -30, 30}, {0, 0, 0});
    o.shader_dir = dir.string();
    o.frames = 3;
    try {
      render::run_viewer(sim, o);
      FAIL("no error");
    } catch (const render::ShaderError& e) {
      const std::string what = e.what();
      CAPTURE(what);
      CHECK(what.find(vert) != std::string::npos);
      CHECK(what.find("does not compile") != std::string::npos);
    }
    CHECK(sim.frame() == 0);
  }
  SUBCASE("through footfall run: a non-zero exit and the file named") {
    const Command c = run(footfall_run("--headless --frames 3 --size 64x48 --screenshot " +
                                       render_out("never.png") + " --shaders " + dir.string()));
    CAPTURE(c.output);
    CHECK(c.status != 0);
    CHECK(c.output.find(vert) != std::string::npos);
    CHECK_FALSE(fs::exists(render_out("never.png")));
  }
  SUBCASE("a missing shader file is named too") {
    fs::remove(dir / "figure.frag");
    const Command c = run(footfall_run("--headless --frames 3 --size 64x48 --screenshot " +
                                       render_out("never.png") + " --shaders " + dir.string()));
    CAPTURE(c.output);
    CHECK(c.status != 0);
    CHECK(c.output.find((dir / "figure.frag").string()) != std::string::npos);
  }
}

TEST_CASE("render: footfall run --headless --screenshot and --record write PNGs and leave the trajectory unchanged") {
  const std::string plain = render_out("plain.json"), drawn = render_out("drawn.json");
  const std::string shot = render_out("run_screenshot.png"), dir = render_out("record");
  fs::remove_all(dir);
  const Command a = run(footfall_run("--headless --frames 20 -q --summary " + plain));
  const Command b = run(footfall_run("--headless --frames 20 -q --size 160x120 --summary " + drawn + " --screenshot " +
                                     shot + " --record " + dir));
  CAPTURE(a.output);
  CAPTURE(b.output);
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  CHECK(hash_of(plain) == hash_of(drawn));
  const osg::ref_ptr<osg::Image> image = osgDB::readRefImageFile(shot);
  REQUIRE(image);
  CHECK(image->s() == 160);
  CHECK(image->t() == 120);
  // One image per frame drawn: the first state and the twenty after it.
  for (int f = 0; f <= 20; ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", f);
    CHECK(fs::exists(fs::path(dir) / name));
  }
  CHECK_FALSE(fs::exists(fs::path(dir) / "frame_000021.png"));
  std::ifstream in(drawn);
  const nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j.at("stage_ms").at("draw").get<double>() > 0);
  CHECK(j.at("stage_ms").at("cull").get<double>() > 0);
}

TEST_CASE("render: --screenshot alone simulates without drawing and draws exactly one frame, the last") {
  const std::string plain = render_out("shot_plain.json"), drawn = render_out("shot_drawn.json");
  const std::string shot = render_out("only_last.png");
  fs::remove(shot);
  const Command a = run(footfall_run("--headless --frames 90 -q --summary " + plain));
  const Command b = run(footfall_run("--headless --frames 90 -v --size 160x120 --summary " + drawn +
                                     " --screenshot " + shot));
  CAPTURE(b.output);
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  CHECK(hash_of(plain) == hash_of(drawn));  // the same simulation
  CHECK(b.output.find("frames drawn: 1\n") != std::string::npos);
  std::ifstream in(drawn);
  const nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j.at("render").at("frames_drawn") == 1);
  CHECK(j.at("frames") == 90);
  const osg::ref_ptr<osg::Image> image = osgDB::readRefImageFile(shot);
  REQUIRE(image);
  CHECK(image->s() == 160);
}

TEST_CASE("render: footfall bench --render fills the renderer's columns") {
  const fs::path dir = render_out("bench_render");
  fs::remove_all(dir);
  const Command c = run(std::string(FOOTFALL_BINARY) + " bench " + source_path("data/scenarios/intersection.yaml") +
                        " --agents 60 --frames 6 --warmup 2 --render --size 160x120 --no-plot -q --out " + dir.string());
  CAPTURE(c.output);
  REQUIRE(c.status == 0);
  std::ifstream in(dir / "bench.csv");
  std::string header, row;
  REQUIRE(std::getline(in, header));
  REQUIRE(std::getline(in, row));
  const auto split = [](const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) out.push_back(cell);
    return out;
  };
  const std::vector<std::string> columns = split(header), values = split(row);
  REQUIRE(columns.size() == values.size());
  const auto value = [&](const std::string& name) {
    const auto it = std::find(columns.begin(), columns.end(), name);
    REQUIRE(it != columns.end());
    return std::stod(values[static_cast<std::size_t>(it - columns.begin())]);
  };
  CHECK(value("frames") == 6);
  CHECK(value("cull_ms") > 0);
  CHECK(value("draw_ms") > 0);
  CHECK(value("draw_calls") > 0);
  CHECK(value("figures_high") + value("figures_medium") + value("figures_low") > 0);
  CHECK(value("control_ms") > 0);
  CHECK(value("sim_fps") > 0);
}

TEST_CASE("render: bad image options fail clearly") {
  const Command size = run(footfall_run("--headless --frames 1 --size 12x9000 --screenshot " + render_out("x.png")));
  CHECK(size.status == 2);
  CHECK(size.output.find("--size") != std::string::npos);
  const Command dir = run(footfall_run("--headless --frames 1 --screenshot /nonexistent/dir/x.png"));
  CHECK(dir.status != 0);
  CHECK(dir.output.find("/nonexistent/dir/x.png") != std::string::npos);
}

TEST_CASE("render: draw calls per frame do not grow with the number of agents") {
  // The same view of 10 and of 300 pedestrians, every figure at one level: the same draw calls.
  std::array<std::uint32_t, 2> calls{};
  std::array<std::uint32_t, 2> drawn{};
  const std::array<std::uint32_t, 2> populations{10, 300};
  for (std::size_t k = 0; k < 2; ++k) {
    Simulation sim = make_sim(intersection_with(populations[k]), motion_library());
    render::ViewerOptions o = offscreen({-12, -38, 40}, {0, 0, 0});
    o.forced_lod = motion::Lod::Medium;
    o.hud = true;
    const Shot shot = shoot(sim, o, 3, "draw_calls_" + std::to_string(populations[k]) + ".png");
    calls[k] = shot.report.frames.back().draw_calls;
    drawn[k] = shot.report.frames.back().figures[1];
  }
  CAPTURE(drawn[0]);
  CAPTURE(drawn[1]);
  CHECK(drawn[1] > 10 * drawn[0] / 2);
  CHECK(calls[0] > 0);
  CHECK(calls[0] == calls[1]);
}

TEST_CASE("render: a window where a display exists, and the private Xvfb backend") {
  if (std::system("command -v Xvfb > /dev/null") != 0) {
    MESSAGE("Xvfb is not installed (tools/setup.sh installs it): skipped");
    return;
  }
  // Through GLX, Mesa unloads its driver when the X display closes without freeing all of the
  // driver's memory; in sanitizer builds LeakSanitizer would report that (in no module it can name)
  // as this run's. The EGL runs of the other tests keep leak detection.
  const std::string no_driver_leaks = "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" ";
  SUBCASE("a window on an X display") {
    // An X server of the test's own; footfall opens a window on it (no --headless).
    const std::string script =
        "d=$(mktemp); Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>\"$d\" 2>/dev/null & x=$!; "
        "for i in $(seq 100); do [ -s \"$d\" ] && break; sleep 0.1; done; "
        "DISPLAY=:$(cat \"$d\") " + no_driver_leaks + footfall_run("--frames 5 --size 160x120 --screenshot " + render_out("window.png")) +
        "; rc=$?; kill $x; rm -f \"$d\"; exit $rc";
    const Command c = run("sh -c '" + [&] {
      std::string s;
      for (const char ch : script) s += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
      return s;
    }() + "'");
    CAPTURE(c.output);
    CHECK(c.status == 0);
    CHECK(c.output.find("(window,") != std::string::npos);
    CHECK(fs::exists(render_out("window.png")));
  }
  SUBCASE("offscreen through a private Xvfb and a GLX pbuffer") {
    const Command c = run("env -u DISPLAY " + no_driver_leaks + footfall_run("--headless --offscreen xvfb --frames 3 --size 160x120 --screenshot " +
                                                            render_out("xvfb.png")));
    CAPTURE(c.output);
    CHECK(c.status == 0);
    CHECK(c.output.find("(xvfb,") != std::string::npos);
    const osg::ref_ptr<osg::Image> image = osgDB::readRefImageFile(render_out("xvfb.png"));
    REQUIRE(image);
    CHECK(image->s() == 160);
  }
}

namespace {
// A sidewalk world with one square of street north-east of the centre, a measurement area to the
// west and one seated figure in the south-west corner.
Scenario map_scene() {
  return parse_scenario(R"(world:
  regions: [{name: road, type: street, polygon: [[8, 3], [12, 3], [12, 7], [8, 7]]}]
behaviors:
  sit: {nodes: {walk: {type: walk}}}
agents: [{name: s, behavior: sit, position: [-15, -8]}]
measurement:
  areas: [{name: west, box: [[-8, -4], [-2, 4]]}]
)",
                        "map.yaml");
}

int count_near(const osg::Image& image, const Rgb& colour, int tolerance) {
  int n = 0;
  for (int y = 0; y < image.t(); ++y)
    for (int x = 0; x < image.s(); ++x) n += pixel(image, x, y).distance(colour) <= tolerance;
  return n;
}
}  // namespace

TEST_CASE("render: the top-down view is a map, north up, of the walkable area") {
  Scenario scenario = map_scene();
  const std::vector<Vec2> starts{Vec2(-15, -8)};
  const render::TopDown td = render::top_down_view(render::walkable_area(scenario.world, starts), double(kWidth) / kHeight);
  Simulation sim = make_sim(std::move(scenario), motion_library());
  render::ViewerOptions o = offscreen({0, -30, 30}, {0, 0, 0});  // top_down overrides the camera
  o.top_down = true;
  const Shot shot = shoot(sim, o, 2, "top_down.png");
  REQUIRE(shot.image);
  const auto at = [&](const Vec2& p) {
    const Vec2 px = render::top_down_pixel(td, p, kWidth, kHeight);
    return pixel(*shot.image, static_cast<int>(px.x()), static_cast<int>(px.y()));
  };
  const Rgb street = at({10, 5}), south = at({10, -5}), west = at({-10, 5});
  CAPTURE(street.brightness());
  CAPTURE(south.brightness());
  // The street is grey asphalt where the map puts it; mirrored north-south or east-west, the
  // open ground (drawn green).
  CHECK(street.grey_spread() <= 15);
  CHECK(street.brightness() < 80);
  CHECK(south.grey_spread() > 30);
  CHECK(west.grey_spread() > 30);
  CHECK(south.distance(west) < 30);
}

TEST_CASE("render: markers draw the measurement areas, and only when on") {
  int drawn[2] = {0, 0};
  for (const bool markers : {false, true}) {
    Simulation sim = make_sim(map_scene(), motion_library());
    render::ViewerOptions o = offscreen({0, -30, 30}, {0, 0, 0});
    o.top_down = true;
    o.markers = markers;
    o.measurement = map_scene().measurement;
    const Shot shot = shoot(sim, o, 2, markers ? "markers_on.png" : "markers_off.png");
    REQUIRE(shot.image);
    drawn[markers] = count_near(*shot.image, {255, 140, 0}, 60);
  }
  CAPTURE(drawn[0]);
  CAPTURE(drawn[1]);
  CHECK(drawn[0] < 5);
  CHECK(drawn[1] > 60);  // the area's two outlines, 6 m × 8 m at about 5 pixels a metre
}

TEST_CASE("render: vehicles are boxes at every level of detail, beside the walkers' figures") {
  // vehicles.yaml from above: three orange boxes (two cyclists, a robot) among sixteen figures.
  const Eigen::Vector3d eye(0, -8, 38), at(0, 0, 0);
  const auto orange = [](const osg::Image& image) {
    std::size_t n = 0;
    for (int y = 0; y < image.t(); ++y)
      for (int x = 0; x < image.s(); ++x) {
        const Rgb p = pixel(image, x, y);
        n += p.r > 150 && p.g > 50 && p.g < 150 && p.b < 70 && p.r - p.g > 60;
      }
    return n;
  };
  for (const std::optional<motion::Lod> lod : {std::optional<motion::Lod>{}, std::optional<motion::Lod>{motion::Lod::High},
                                               std::optional<motion::Lod>{motion::Lod::Medium},
                                               std::optional<motion::Lod>{motion::Lod::Low}}) {
    CAPTURE(lod ? motion::lod_name(*lod) : "by distance");
    Simulation sim = make_sim(load_scenario(source_path("data/scenarios/vehicles.yaml")), motion_library());
    render::ViewerOptions o = offscreen(eye, at);
    o.forced_lod = lod;
    const Shot shot = shoot(sim, o, 30, std::string("vehicles_") + (lod ? motion::lod_name(*lod) : "auto") + ".png");
    REQUIRE(shot.image);
    const render::FrameRecord& last = shot.report.frames.back();
    CHECK(last.vehicles == 3);
    CHECK(last.figures[0] + last.figures[1] + last.figures[2] == 16);
    CHECK(orange(*shot.image) > 30);
  }
  // With figures hidden (key f), vehicles are hidden too, and nothing orange is left.
  Simulation sim = make_sim(load_scenario(source_path("data/scenarios/vehicles.yaml")), motion_library());
  render::ViewerOptions o = offscreen(eye, at);
  o.figures = false;
  const Shot bare = shoot(sim, o, 30, "vehicles_hidden.png");
  REQUIRE(bare.image);
  CHECK(orange(*bare.image) < 5);
}

TEST_CASE("render: the fan overlay draws a steering node's desired velocity as an arrow pointing its way") {
  // One walker at the origin, facing east, seeking a point east or north of it (a `seek` steering
  // node; docs/steering.md): with fans on, a cyan arrow of one second's travel at 1.32 m/s from
  // where its step in progress ends, pointing at the target; with the node unbound, none. Figures
  // hidden, so that only the ground and the overlay are drawn.
  const auto scene = [](const std::string& target, int bound) {
    return parse_scenario("world: {default_ground: sidewalk}\n"
                          "behaviors:\n"
                          "  seeker:\n"
                          "    nodes:\n"
                          "      goal: {type: location_sensor, target: " + target + "}\n"
                          "      toward: {type: seek, input: goal, bound: " + std::to_string(bound) + "}\n"
                          "      walk: {type: walk, inputs: [toward]}\n"
                          "agents: [{name: w, behavior: seeker, position: [0, 0], heading: 0}]\n",
                          "desire.yaml");
  };
  const Eigen::Vector3d eye(0, -3, 12), at(0, 0, 0);
  const Rgb cyan{25, 255, 255};  // the overlay's desire colour (render/overlays.cpp)
  struct Arrow {
    int pixels = 0;
    double dx = 0, dy = 0;  // the cyan pixels' mean offset from the walker, image x right, y up
  };
  const auto shoot_arrow = [&](const std::string& target, int bound, const std::string& name) {
    Simulation sim = make_sim(scene(target, bound), motion_library());
    render::ViewerOptions o = offscreen(eye, at);
    o.figures = false;
    o.overlays.fans = true;
    const Shot shot = shoot(sim, o, 3, name);
    REQUIRE(shot.image);
    int x0 = 0, y0 = 0;
    const Vec2 here = sim.snapshot().location[0];
    REQUIRE(project(eye, at, {here.x(), here.y(), 0}, x0, y0));
    Arrow a;
    for (int y = 0; y < shot.image->t(); ++y)
      for (int x = 0; x < shot.image->s(); ++x)
        if (pixel(*shot.image, x, y).distance(cyan) <= 60) ++a.pixels, a.dx += x - x0, a.dy += y - y0;
    if (a.pixels > 0) a.dx /= a.pixels, a.dy /= a.pixels;
    return a;
  };
  const Arrow east = shoot_arrow("[8, 0]", 1, "desire_east.png");
  const Arrow north = shoot_arrow("[0, 8]", 1, "desire_north.png");
  const Arrow none = shoot_arrow("[8, 0]", 0, "desire_unbound.png");
  MESSAGE("cyan pixels: east " << east.pixels << " (mean offset " << east.dx << ", " << east.dy << "), north "
                               << north.pixels << " (" << north.dx << ", " << north.dy << "), unbound " << none.pixels);
  // About 30 pixels of arrow at some 22 pixels a metre.
  CHECK(east.pixels > 15);
  CHECK(north.pixels > 15);
  CHECK(none.pixels < 3);
  // Each arrow lies on its target's side of the walker: east to the right, north up the image.
  CHECK(east.dx > 8);
  CHECK(std::abs(east.dy) < east.dx / 2);
  CHECK(north.dy > 8);
  CHECK(std::abs(north.dx) < north.dy / 2);
}

// The signalised intersection (Granieri et al. 1995 §3): the default scenario and its city tiling.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "helpers.hpp"

using namespace footfall;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Scenario intersection(const std::string& extra = "") {
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  return parse_scenario(read(path) + extra, path);
}

}  // namespace

TEST_CASE("intersection: two minutes keep pedestrians off the street and off red crosswalks") {
  Simulation sim = test::make_sim(intersection());
  REQUIRE(sim.active_count() == 201);  // the north-net pedestrian and a population of 200
  const auto frames = static_cast<int>(120 / sim.config().dt);
  std::size_t fewest = sim.active_count();
  for (int f = 0; f < frames; ++f) {
    sim.step();
    // Those placed near the end of their trip leave at once; after that warm-up the count holds.
    if (sim.time() >= 15) fewest = std::min(fewest, sim.active_count());
  }
  const Metrics& m = sim.metrics();
  CHECK(m.jaywalk_events == 0);
  CHECK(m.red_crossings == 0);
  CHECK(m.collisions == 0);
  CHECK(m.crossings > 50);      // people do cross, and only on WALK
  CHECK(m.trips > 100);         // and finish their trips
  CHECK(m.spawned == m.trips);  // every one who left was replaced ...
  CHECK(fewest >= 195);         // ... promptly: the scene stays populated
}

TEST_CASE("intersection: ten minutes of 200 pedestrians flow without jams, each with its own id for life") {
  // The ten-minute run (Granieri et al. 1995 §3 at crowd density): nobody steps on the
  // street outside a crosswalk or onto a crosswalk under DON'T WALK, nobody overlaps anybody,
  // nobody goes 60 s without progress toward their goal, and everyone who entered more than three
  // minutes before the end has left (no trip still under way is older than 180 s; here the oldest
  // is 118 s). With 4 m sidewalks and 4 m crosswalks the queues at the kerbs reached back into the
  // corners, across each other's way, and this was 239 s; before pedestrians chose their crossing
  // by the signals and kept going when moving up as WALK ended, seeds 15, 19 and 22 of 1-36 missed
  // it. Now 134 of seeds 1-136 pass this check (docs/scenario.md, "How long trips take"). The trip count
  // guards the throughput (1,726 trips here; 1,667 before bodies got their depth and pedestrians
  // the validation walker's crowd reflexes; before the crossing and courtesy behaviors about 260).
  Simulation sim = test::make_sim(intersection());
  const auto frames = static_cast<int>(600 / sim.config().dt);
  // Identity (issue 18): every pedestrian who ever entered has its own id, which never jumps (a
  // step is under a metre a frame) and, once gone, never comes back.
  struct Seen {
    Vec2 at;
    std::uint64_t frame;
  };
  std::unordered_map<std::uint64_t, Seen> seen;
  std::size_t initial = 0, jumps = 0, returns = 0;
  const auto track = [&](const Snapshot& s) {
    for (std::size_t a = 0; a < s.agents; ++a) {
      if (!s.active[a]) continue;
      const auto [it, first] = seen.try_emplace(s.id[a], Seen{s.location[a], s.frame});
      if (!first) {
        if (it->second.frame + 1 != s.frame) ++returns;
        else if ((s.location[a] - it->second.at).norm() > 1.0) ++jumps;
        it->second = {s.location[a], s.frame};
      }
    }
  };
  track(sim.snapshot());
  initial = seen.size();
  for (int f = 0; f < frames; ++f) {
    sim.step();
    track(sim.snapshot());
  }
  const Metrics& m = sim.metrics();
  CHECK(initial == 201);
  CHECK(seen.size() == m.spawned + initial);
  CHECK(m.spawned > 1400);
  CHECK(jumps == 0);
  CHECK(returns == 0);
  CHECK(m.jaywalk_events == 0);
  CHECK(m.red_crossings == 0);
  CHECK(m.collisions == 0);
  CHECK(m.stuck == 0);
  CHECK(m.trips > 1400);
  // Stays on a crosswalk more than 5 s into steady DON'T WALK: none here (the longest 1.4 s; 2.6 s
  // before those hurrying off a crosswalk went through the crowd at the kerb, and over seeds 1-50
  // one failing run either way, seed 45 before and seed 50 now: docs/scenario.md). Over
  // seeds 1-200, one stay in each of 7 runs since crossers also judge the time left by the pace of
  // the crowd ahead (docs/scenario.md, "The crowd's pace"), 10 before; over seeds 1-100, 3 runs
  // since crossers keep their own offsets in a band (docs/scenario.md, "Lanes as bands") and 5
  // now: which runs fail comes and goes with the draws. 20 in 12 runs when each held a line of its own, 0-4 a
  // run since those arriving late in WALK wait for the next unless the countdown lets them cross
  // at their pace, and 1-18 a run before whoever is not crossing kept off crosswalk ends, nobody
  // started in the flashing and those on a crosswalk then hurried. The issue asks for none.
  CHECK(m.red_stays_over_5s == 0);
  CHECK(m.red_stay_max < 5);
  CHECK(sim.active_count() >= 195);
  CHECK(sim.longest_trip() < 180);
  // And the finished trips' tail: 99% within 170 s (122 s here, 116-136 s over seeds 1-200; 116-132
  // s with a line each, 110-118 s before pedestrians arriving late in WALK waited for the next).
  std::vector<double> trips = sim.trip_times();
  REQUIRE(trips.size() == m.trips);
  std::sort(trips.begin(), trips.end());
  CHECK(trips[trips.size() * 99 / 100] < 170);
}

TEST_CASE("intersection --variant dense: twice the density keeps flowing for ten minutes") {
  // 400 pedestrians a tile. Before the crowd way (`crowd_way` node, docs/scenario.md, "The crowd on
  // one's way") the corners locked within minutes: seed 1 ended with 333 of 400 stuck and 1,183
  // trips. Now, crossers keeping their own offsets in a band (docs/scenario.md, "Lanes as bands"),
  // seeds 1-8: 2,422-2,794 trips, no collision, red crossing or jaywalk, 0-1 stuck except seed 4
  // (its south-west corner locks at about 380 s: 11 stuck), the oldest trip under way 198-400 s
  // (seed 1: 2,794 trips, 0 stuck, 63 stays, 272 s). Since crossers judge the time left by the
  // pace of the crowd ahead on the crosswalk too (`pace`, docs/scenario.md, "The crowd's pace"),
  // the back of a queue one WALK cannot carry waits for the next: seeds 1-8, 11-43 stays a run
  // instead of 52-90, 0-3 stuck, 2,406-2,522 trips, the oldest trip 210-450 s (seed 1: 2,464
  // trips, 0 stuck, 29 stays, 268 s). Since a crosser still on the crosswalk once WALK is over
  // makes for the kerb through the crowd there rather than round it (the crowd on its way counts
  // 0.3: docs/scenario.md, "Through the crowd at the kerb"), seeds 1-16: 3-33 stays a run, 193 in
  // all against 349, 7 stuck against 6, 2,387-2,552 trips (seed 1: 2,526 trips, 0 stuck, 3 stays,
  // the longest 6.4 s). What the issue still asks and this does not meet: no stay over 5 s into
  // steady DON'T WALK (107-138 a run when each crosser held a line of its own, 101-169 before the
  // countdown); the bounds guard what there is.
  ScenarioOverrides o;
  o.variants = {"dense"};
  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/intersection.yaml"), o));
  const auto frames = static_cast<int>(600 / sim.config().dt);
  for (int f = 0; f < frames; ++f) sim.step();
  const Metrics& m = sim.metrics();
  CAPTURE(m.trips);
  CAPTURE(m.stuck);
  CAPTURE(m.red_stays_over_5s);
  CAPTURE(sim.longest_trip());
  CHECK(sim.active_count() >= 390);
  CHECK(m.trips > 2300);
  CHECK(m.stuck <= 1);
  CHECK(m.collisions == 0);
  CHECK(m.red_crossings == 0);
  CHECK(m.jaywalk_events == 0);
  CHECK(m.red_stays_over_5s < 50);
  CHECK(sim.longest_trip() < 400);
}

TEST_CASE("intersection: those waiting at a kerb keep the other crosswalks' ends clear") {
  // clear_landings (docs/scenario.md, "Landings kept clear"): a waiter stands 0.8 m from its own
  // crosswalk and 1.5 m or more from any other, so a platoon landing there can step off. Measured
  // per waiting pedestrian and frame over two minutes: the distance to the second-nearest
  // crosswalk (the nearest is its own). Seed 1: under 1 m in 0.01% of them with the rule, 1.7%
  // without it (the same file with the avoid's weight 0).
  const auto under_a_metre = [](Scenario s) {
    Simulation sim = test::make_sim(std::move(s));
    std::vector<Aabb> crosswalks;
    for (const GroundRegion& r : sim.world().regions)
      if (sim.world().ground_types[r.type].name == "crosswalk") {
        Aabb box;
        for (const Vec2& p : r.polygon) box.add(p);
        crosswalks.push_back(box);
      }
    REQUIRE(crosswalks.size() == 4);
    std::size_t waiting = 0, close = 0;
    for (int f = 0; f < 3600; ++f) {
      sim.step();
      const Snapshot& snap = sim.snapshot();
      for (std::size_t a = 0; a < snap.agents; ++a) {
        if (!snap.active[a] || sim.behavior_of(snap, a).find("cross:wait") == std::string::npos) continue;
        std::vector<double> d;
        for (const Aabb& b : crosswalks)
          d.push_back(Vec2(std::max({b.lo.x() - snap.location[a].x(), 0.0, snap.location[a].x() - b.hi.x()}),
                           std::max({b.lo.y() - snap.location[a].y(), 0.0, snap.location[a].y() - b.hi.y()}))
                          .norm());
        std::sort(d.begin(), d.end());
        ++waiting;
        close += d[1] < 1.0;
      }
    }
    REQUIRE(waiting > 50000);
    return static_cast<double>(close) / static_cast<double>(waiting);
  };
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  std::string text = read(path);
  CHECK(under_a_metre(parse_scenario(text, path)) < 0.001);
  const std::string rule = "clear_landings: {type: avoid, input: landings, k_d: 4, t_d: 1.5, weight: 3,";
  const auto at = text.find(rule);
  REQUIRE(at != std::string::npos);
  text.replace(at, rule.size(), "clear_landings: {type: avoid, input: landings, k_d: 4, t_d: 1.5, weight: 0,");
  CHECK(under_a_metre(parse_scenario(text, path)) > 0.005);
}

TEST_CASE("intersection: route legs walk in lanes and leave the walk to the kerb to the crossing") {
  Simulation sim = test::make_sim(intersection());
  const auto& routes = sim.scripts().routes;
  const World& w = sim.world();
  std::vector<bool> kerb(w.locations.size(), false);  // where a crossing starts
  for (const WalkEdge& e : w.walkways.edges)
    if (e.crosswalk >= 0) kerb[e.a] = kerb[e.b] = true;
  int legs = 0;
  for (int f = 0; f < 900; ++f) {
    sim.step();
    for (std::size_t a = 0; a < sim.agents().size(); ++a)
      for (const patnet::Instance& i : sim.agent_nets().agents[a].running) {
        if (!i.alive || static_cast<int>(i.program) != routes.walk) continue;
        const auto to = static_cast<std::uint32_t>(i.values[routes.walk_to]);
        const auto from = static_cast<std::uint32_t>(i.values[static_cast<std::size_t>(routes.walk_from)]);
        CHECK_FALSE(kerb[to]);  // the crossing net walks up to its own kerb
        CHECK(w.walkways.edge_between(from, to) != nullptr);  // the lane runs along a real edge
        ++legs;
      }
  }
  CHECK(routes.walk_from >= 0);
  CHECK(legs > 1000);
}

TEST_CASE("intersection: the route net calls the next leg in the tick the last one ends") {
  // Between legs a pedestrian has nothing to walk to; a step taken then, by its avoidances alone,
  // took people just off a crosswalk back onto it in the crowd at the kerb.
  Simulation sim = test::make_sim(intersection());
  const std::uint32_t route = sim.scripts().population->route_program;
  int between = 0, legs_ended = 0;
  std::vector<std::uint32_t> leg_id(sim.agents().size(), 0);
  for (int f = 0; f < 900; ++f) {
    sim.step();
    for (std::size_t a = 0; a < sim.agents().size(); ++a) {
      const patnet::AgentNets& nets = sim.agent_nets().agents[a];
      if (!sim.agents().active[a] || nets.left) continue;
      bool routed = false;
      std::uint32_t leg = 0;
      for (const patnet::Instance& i : nets.running) {
        if (!i.alive) continue;
        if (i.program == route) routed = true;
        else leg = i.id;
      }
      if (!routed) continue;
      between += leg == 0;
      legs_ended += leg != 0 && leg_id[a] != 0 && leg != leg_id[a];
      leg_id[a] = leg;
    }
  }
  CHECK(legs_ended > 300);
  CHECK(between == 0);
}

TEST_CASE("intersection: light-nets show the configured cycle") {
  Simulation sim = test::make_sim(intersection());
  const World& w = sim.world();
  const int ns = w.find_signal("ns"), ew = w.find_signal("ew");
  REQUIRE(ns >= 0);
  REQUIRE(ew >= 0);
  const auto& timings = sim.scripts().timings;
  const double dt = sim.config().dt;
  int walk_frames[2] = {0, 0}, both_walk = 0;
  const auto frames = static_cast<int>(3 * timings[ns].cycle() / dt);
  for (int f = 1; f <= frames; ++f) {
    sim.step();
    const auto& s = sim.signals();
    for (const int k : {ns, ew}) {
      // A vehicle green never coexists with a cross-street green, and WALK only shows on green.
      if (s[k].head == patnet::Head::Walk) {
        ++walk_frames[k == ns ? 0 : 1];
        CHECK(s[k].lamp == patnet::Lamp::Green);
      }
      const auto expected = patnet::signal_at(timings[k], sim.time());
      const double u = std::fmod(sim.time() - timings[k].offset + 10 * timings[k].cycle(),
                                 timings[k].cycle());
      const bool near_boundary = std::min({std::abs(u), std::abs(u - timings[k].walk),
                                           std::abs(u - timings[k].green),
                                           std::abs(u - timings[k].green - timings[k].yellow)}) < 1e-6;
      if (!near_boundary) {
        CHECK(s[k].head == expected.head);
        CHECK(s[k].lamp == expected.lamp);
        // The countdown runs through WALK and the flashing, to steady DON'T WALK.
        CHECK((patnet::dont_walk_in(timings[k], sim.time()) > 0) == (expected.head != patnet::Head::DontWalk));
      }
    }
    both_walk += s[ns].head == patnet::Head::Walk && s[ew].head == patnet::Head::Walk;
    CHECK_FALSE((s[ns].lamp != patnet::Lamp::Red && s[ew].lamp != patnet::Lamp::Red));
  }
  CHECK(both_walk == 0);
  // Three cycles of WALK for each, to within a frame per phase.
  CHECK(std::abs(walk_frames[0] * dt - 3 * timings[ns].walk) <= 3 * dt + 1e-9);
  CHECK(std::abs(walk_frames[1] * dt - 3 * timings[ew].walk) <= 3 * dt + 1e-9);
}

TEST_CASE("intersection: same seed gives the same trajectory for 1 and 2 threads") {
  std::uint64_t hashes[2];
  for (const int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    Simulation sim = test::make_sim(intersection());
    for (int f = 0; f < 600; ++f) sim.step();
    hashes[threads - 1] = sim.trajectory_hash();
  }
  CHECK(hashes[0] == hashes[1]);
}

TEST_CASE("city: a 3 x 3 tiling loads and runs and its pedestrians cross between intersections") {
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  std::string text = read(path);
  const auto at = text.find("city: {nx: 1, ny: 1,");
  REQUIRE(at != std::string::npos);
  text.replace(at, 20, "city: {nx: 3, ny: 3,");
  Simulation sim = test::make_sim(parse_scenario(text, path));
  CHECK(sim.world().signals.size() == 18);
  CHECK(sim.agents().size() == 1 + 9 * 200);
  const auto tile_of = [](const Vec2& p) {
    return std::make_pair(std::lround(p.x() / 100.0), std::lround(p.y() / 100.0));
  };
  std::vector<Vec2> before(sim.snapshot().location);
  std::vector<std::uint8_t> was_active(sim.snapshot().active);
  int seam_crossings = 0;
  for (int f = 0; f < static_cast<int>(90 / sim.config().dt); ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t a = 0; a < s.size(); ++a) {
      // Walking (not respawned elsewhere) from one intersection's tile into the next.
      if (s.active[a] && was_active[a] && (s.location[a] - before[a]).norm() < 0.5 &&
          tile_of(s.location[a]) != tile_of(before[a]))
        ++seam_crossings;
      before[a] = s.location[a];
      was_active[a] = s.active[a];
    }
  }
  CHECK(seam_crossings > 5);
  CHECK(sim.metrics().collisions == 0);
  CHECK(sim.metrics().jaywalk_events == 0);
  CHECK(sim.metrics().red_crossings == 0);
}

TEST_CASE("intersection: population walk_detour is read, defaults to 10 m, and is checked") {
  const std::string path = test::source_path("data/scenarios/intersection.yaml");
  const std::string text = read(path);
  const std::string key = "  max_trip: 150";
  REQUIRE(text.find(key) != std::string::npos);
  const auto with = [&](const std::string& line) {
    std::string t = text;
    t.insert(t.find(key), line + "\n");
    return t;
  };
  CHECK(parse_scenario(text, path).scripts.routes.way.detour == 10);
  CHECK(parse_scenario(with("  walk_detour: 0"), path).scripts.routes.way.detour == 0);
  CHECK(parse_scenario(with("  walk_detour: 25"), path).scripts.routes.way.detour == 25);
  try {
    parse_scenario(with("  walk_detour: -1"), path);
    FAIL("a negative walk_detour loaded");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find("walk_detour") != std::string::npos);
    CHECK(e.line() == static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find(key)), '\n')) + 1);
  }
}

TEST_CASE("intersection: a walker pushed past a building's corner takes a planned way round it") {
  // A crowd at the south-east corner pushed a walker east along the south-east building's north
  // face, past its corner: its leg's point ahead lay behind the building, and facade avoidance
  // (t_d 0.5 m) priced every step round the corner above standing (dense seed 8: stuck from 82 s to
  // the end). walk_to's `detour` (Reich 1997 §6.3.2): six seconds without progress with the leg's
  // end out of sight, a path planned round the corner, facades weighing 0.1 while it is followed.
  // Alone here, the old net got round only when giving way happened to turn it (15.5-19.2 s).
  std::string scene = read(test::source_path("data/scenarios/intersection.yaml"));
  const std::string population = "  target: 200";
  REQUIRE(scene.find(population) != std::string::npos);
  scene.replace(scene.find(population), population.size(), "  target: 0");  // nobody else
  for (const double x : {14.3, 15.0})
    for (const std::uint64_t seed : {1, 2, 3}) {
      CAPTURE(x);
      CAPTURE(seed);
      std::string text = scene;
      const std::string agents = "agents:\n";
      text.insert(text.find(agents) + agents.size(),
                  "  - {name: pushed, behavior: pedestrian, position: [" + std::to_string(x) +
                      ", -11.75], heading: 3.1416, radius: 0.22, depth: 0.14,\n"
                      "     nets: [{net: walk_to, args: {from: se_corner, to: se_front_x, next: se_end_s}}]}\n");
      Scenario s = parse_scenario(text, "intersection.yaml");
      s.config.seed = seed;
      Simulation sim = test::make_sim(std::move(s));
      REQUIRE(sim.agents().name[0] == "pushed");
      bool detoured = false;
      double round = -1;
      for (int f = 0; f < 40 * 30; ++f) {
        sim.step();
        const std::string state = sim.behavior_of(sim.snapshot(), 0);
        if (state.find("walk_to:detour/follow_path") != std::string::npos) {
          detoured = true;
          CHECK(sim.param("pushed.avoid_facades.weight") == 0.1);
        }
        const Vec2 p = sim.agents().location(0);
        if (round < 0 && p.x() < 11.6 && p.y() < -12.4) round = sim.time();
      }
      CHECK(detoured);
      CHECK(round > 0);
      CHECK(round < 15.0);
      CHECK(sim.param("pushed.avoid_facades.weight") == 1.0);  // restored once round the corner
      CHECK(sim.metrics().collisions == 0);
    }
}

TEST_CASE("red stay: someone standing on a crosswalk through steady DON'T WALK is measured") {
  // The intersection with one more pedestrian who has nothing to do, standing on the east
  // crosswalk: every steady DON'T WALK of its head is a stay, the first of them past 5 s counted.
  std::ifstream in(test::source_path("data/scenarios/intersection.yaml"));
  std::ostringstream text;
  text << in.rdbuf();
  std::string scene = text.str();
  const std::string agents = "agents:\n";
  REQUIRE(scene.find(agents) != std::string::npos);
  scene.insert(scene.find(agents) + agents.size(),
               "  - {name: loiterer, behavior: pedestrian, position: [9.5, 0], heading: 0}\n");
  Simulation sim = test::make_sim(parse_scenario(scene, "intersection.yaml"));
  for (int f = 0; f < 90 * 30; ++f) sim.step();
  CHECK(sim.metrics().red_stay_max > 5.0);
  CHECK(sim.metrics().red_stays_over_5s >= 1);
}

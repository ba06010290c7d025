// tour_group.yaml (issue 20; Reynolds 1999, "Leader Following"): a guide and twelve tourists
// cross the signalised intersection with its crowd of 200, only on WALK.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "helpers.hpp"

using namespace footfall;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What happened to the group in one run.
struct Tour {
  int reached = 0;            // of the 13: the guide within 1.5 m of the door, a tourist within 5 m
  double last_arrival = -1;   // s, the last of them to get there
  int red_crossings = 0;      // the group's footsteps onto a crosswalk showing steady DON'T WALK
  double longest_ahead = 0;   // s, the longest spell of a following tourist > 0.5 m ahead of the walking guide
  std::uint64_t collisions = 0, all_red_crossings = 0;  // everyone's, the summary's counts
};

bool on_signalled_crosswalk(const Simulation& sim, const Vec2& p, patnet::Head* head) {
  const int r = sim.world().region_at(p);
  if (r < 0 || sim.world().regions[r].signal < 0) return false;
  *head = sim.signals()[sim.world().regions[r].signal].head;
  return true;
}

Tour run_tour(std::uint64_t seed) {
  Scenario sc = load_scenario(test::source_path("data/scenarios/tour_group.yaml"));
  sc.config.seed = seed;
  const double duration = sc.duration;
  Simulation sim = test::make_sim(std::move(sc));
  const Agents& ag = sim.agents();
  const int guide = ag.find("guide");
  REQUIRE(guide >= 0);
  std::vector<std::uint32_t> group{static_cast<std::uint32_t>(guide)};
  for (int k = 1; k <= 12; ++k) {
    const int t = ag.find("tourist" + std::to_string(k));
    REQUIRE(t >= 0);
    group.push_back(static_cast<std::uint32_t>(t));
  }
  const Vec2 door = sim.world().locations[sim.world().find_location("ne_front_x")].position;
  const auto frames = static_cast<int>(duration / sim.config().dt);
  const int per_second = static_cast<int>(std::lround(1 / sim.config().dt));

  Tour tour;
  std::vector<double> arrived(group.size(), -1), ahead_since(group.size(), -1);
  std::vector<std::array<Vec2, 2>> feet(group.size());
  auto feet_of = [&](std::uint32_t a) { return std::array<Vec2, 2>{ag.foot[0][a], ag.foot[1][a]}; };
  for (std::size_t i = 0; i < group.size(); ++i) feet[i] = feet_of(group[i]);
  std::deque<Vec2> guide_track;  // her last second of locations: walking, or standing at a kerb
  for (int f = 0; f < frames; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    // A footstep onto a crosswalk from off it, as the summary counts them (motion_stage.cpp,
    // count_crossing), for the group alone: the crowd's are the summary's.
    for (std::size_t i = 0; i < group.size(); ++i) {
      const auto now = feet_of(group[i]);
      patnet::Head head{};
      for (int k = 0; k < 2; ++k) {
        if (now[k] == feet[i][k] || !on_signalled_crosswalk(sim, now[k], &head)) continue;
        patnet::Head before{};
        const bool was_on = on_signalled_crosswalk(sim, feet[i][0], &before) ||
                            on_signalled_crosswalk(sim, feet[i][1], &before);
        if (!was_on && head == patnet::Head::DontWalk) {
          ++tour.red_crossings;
          MESSAGE(ag.name[group[i]] << " stepped onto a crosswalk on DON'T WALK at " << s.time << " s");
        }
      }
      feet[i] = now;
      const double reach = i == 0 ? 1.5 : 5.0;
      if (arrived[i] < 0 && (s.location[group[i]] - door).norm() < reach) arrived[i] = s.time;
    }
    // Leader following (the criterion) while she walks: she moved 0.3 m in the last
    // second, and is not yet at the door (standing at a kerb, her group gathers round her); for
    // the tourists following her (one left behind at a kerb unbinds `follow` and crosses alone,
    // maybe beside her across the street, which a heading a few degrees off reads as ahead).
    guide_track.push_back(s.location[guide]);
    if (static_cast<int>(guide_track.size()) > per_second) guide_track.pop_front();
    const bool walking = (guide_track.back() - guide_track.front()).norm() > 0.3 &&
                         (s.location[guide] - door).norm() > 1.5;
    const Vec2 fwd = unit_from_heading(s.heading[guide]);
    for (std::size_t i = 1; i < group.size(); ++i) {
      const bool following = sim.param(ag.name[group[i]] + ".follow.bound") > 0;
      const bool ahead =
          walking && following && (s.location[group[i]] - s.location[guide]).dot(fwd) > 0.5;
      if (!ahead) ahead_since[i] = -1;
      else if (ahead_since[i] < 0) ahead_since[i] = s.time;
      else tour.longest_ahead = std::max(tour.longest_ahead, s.time - ahead_since[i]);
    }
  }
  for (const double t : arrived)
    if (t >= 0) ++tour.reached, tour.last_arrival = std::max(tour.last_arrival, t);
  tour.collisions = sim.metrics().collisions;
  tour.all_red_crossings = sim.metrics().red_crossings;
  return tour;
}

}  // namespace

TEST_CASE("tour group: the guide leads 12 tourists over two crosswalks through the crowd, only on WALK") {
  for (const std::uint64_t seed : {1, 2, 3}) {
    CAPTURE(seed);
    const Tour t = run_tour(seed);
    MESSAGE("seed " << seed << ": " << t.reached << " of 13 at the door, the last at "
                    << t.last_arrival << " s; group red crossings " << t.red_crossings
                    << " (everyone's " << t.all_red_crossings << "); collisions " << t.collisions
                    << "; longest spell of a tourist ahead of the walking guide " << t.longest_ahead
                    << " s");
    CHECK(t.reached == 13);
    CHECK(t.red_crossings == 0);
    CHECK(t.collisions == 0);
    // Seeds 1-10: 0-2.7 s (seed 3, whose tour then ends at 201 s) since the crowd hurrying off a
    // crosswalk goes through the crowd at the kerb (docs/scenario.md, "Through the crowd at the
    // kerb"); 0-3.3 s (seed 10, likewise 201 s) the day before, 0-2.2 s when the crowd first kept
    // off crosswalk ends and hurried in the clearance interval. A tourist still on the first
    // crosswalk when she turns onto the second can read as ahead of her.
    CHECK(t.longest_ahead <= 3.0);
  }
}

TEST_CASE("tour group: tour_group.yaml is what tools/make_tour_group.py makes of intersection.yaml") {
  const std::string out = std::string(FOOTFALL_BINARY_DIR) + "/tour_group_made.yaml";
  const std::string cmd = "python3 " + test::source_path("tools/make_tour_group.py") + " " +
                          test::source_path("data/scenarios/intersection.yaml") + " " + out;
  REQUIRE(std::system(cmd.c_str()) == 0);
  // Differs after intersection.yaml changed: run tools/make_tour_group.py again.
  CHECK(read(out) == read(test::source_path("data/scenarios/tour_group.yaml")));
}

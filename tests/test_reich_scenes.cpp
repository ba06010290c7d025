// Reich 1997's reference scenes (data/scenarios/): the radiator (S12), pursuit (S14), the
// three-agent crossing (S16), the rushed six-agent swap (S17), the full system (S18), Homer and
// Marge (S21); and what inertia and inebriation do to a path.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <map>

#include "footfall/behavior/controls.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

Scenario scene(const char* file) { return load_scenario(test::source_path(std::string("data/scenarios/") + file)); }

// Locations of every agent at every frame.
struct Track {
  std::vector<std::vector<Vec2>> at;        // [agent][frame]
  std::vector<std::vector<double>> heading;  // [agent][frame]
  double closest = kInf;                    // smallest clearance between two agents, any frame
};

Track run(Simulation& sim, int frames) {
  const std::size_t n = sim.agents().size();
  Track t;
  t.at.resize(n);
  t.heading.resize(n);
  const auto record = [&] {
    const Snapshot& s = sim.snapshot();
    for (std::size_t a = 0; a < n; ++a) {
      t.at[a].push_back(s.location[a]);
      t.heading[a].push_back(s.heading[a]);
      for (std::size_t b = a + 1; b < n; ++b)
        t.closest = std::min(t.closest, (s.location[a] - s.location[b]).norm() - s.radius[a] - s.radius[b]);
    }
  };
  record();
  for (int f = 0; f < frames; ++f) {
    sim.step();
    record();
  }
  return t;
}

double length(const std::vector<Vec2>& p) {
  double l = 0;
  for (std::size_t i = 1; i < p.size(); ++i) l += (p[i] - p[i - 1]).norm();
  return l;
}

double total_turn(const std::vector<double>& h) {
  double sum = 0;
  for (std::size_t i = 1; i < h.size(); ++i) sum += std::abs(wrap_angle(h[i] - h[i - 1]));
  return sum;
}

// Largest distance of the path from the straight line between its ends.
double max_deviation(const std::vector<Vec2>& p) {
  const Vec2 a = p.front(), d = (p.back() - a).normalized();
  double worst = 0;
  for (const Vec2& q : p) worst = std::max(worst, std::abs(cross(d, q - a)));
  return worst;
}

int agent(const Simulation& sim, const char* name) { return sim.agents().find(name); }

// The state names of an agent's running nets, "net:state" each.
std::vector<std::string> states_of(const Simulation& sim, int a) {
  std::vector<std::string> out;
  for (const auto& i : sim.agent_nets().agents[a].running) {
    const auto& p = sim.scripts().programs[i.program];
    out.push_back(p.name + ":" + (i.state >= 0 ? p.states[i.state].name : std::string("?")));
  }
  return out;
}

}  // namespace

TEST_CASE("S12 radiator: candidate-state stepping crosses the avoid threshold at most twice, blending four times") {
  Scenario s = scene("radiator.yaml");
  const Segment radiator = std::get<Segment>(s.world.obstacles[s.world.find_obstacle("radiator")].shape);
  const Vec2 goal = s.world.locations[s.world.find_location("goal")].position;
  const NetTemplate& net = s.nets[0];
  const auto param = [&](const char* node, const char* p) { return s.agents.params.get(0, static_cast<std::uint32_t>(net.find_param(node, p))); };
  const double radius = s.agents.radius[0];
  const double threshold = param("avoid_heat", "t_d") + radius;
  const auto crossings = [&](const std::vector<Vec2>& path) {
    int n = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
      n += (point_segment_distance(path[i - 1], radiator.a, radiator.b) < threshold) !=
           (point_segment_distance(path[i], radiator.a, radiator.b) < threshold);
    return n;
  };
  // Blending (Fig. 8.2a): at each step turn by the sum of the recommendations at the current
  // location and step straight on.
  const AttractParams ap{param("seek_goal", "k_theta"), param("seek_goal", "k_d"),
                         param("seek_goal", "t_theta"), param("seek_goal", "t_d")};
  const AvoidParams vp{param("avoid_heat", "k_theta"), param("avoid_heat", "k_d"), param("avoid_heat", "t_d")};
  Vec2 p = s.agents.foot[0][0];
  double heading = s.agents.foot_heading[0][0];
  std::vector<Vec2> blended{p};
  for (int i = 0; i < 60 && (p - goal).norm() > 0.7; ++i) {
    double turn = attract((goal - p).norm(), relative_angle(p, heading, goal), ap).dtheta;
    const Vec2 q = closest_on_segment(p, radiator.a, radiator.b);
    const double theta = relative_angle(p, heading, q);
    if (std::abs(theta) <= param("heat", "fov")) {
      const ControlOut v = avoid((q - p).norm() - radius, theta, vp);
      turn -= (theta >= 0 ? 1.0 : -1.0) * std::abs(v.dtheta);
    }
    heading = wrap_angle(heading + std::clamp(turn, -param("walk", "max_turn"), param("walk", "max_turn")));
    p += 0.7 * unit_from_heading(heading);
    blended.push_back(p);
  }
  Simulation sim = test::make_sim(std::move(s));
  std::vector<Vec2> stepped{sim.agents().location(0)};
  std::uint32_t steps = 0;
  for (int f = 0; f < 30 * 25; ++f) {
    sim.step();
    if (sim.agents().steps[0] != steps) {
      steps = sim.agents().steps[0];
      stepped.push_back(sim.agents().plan[0].to);
    }
  }
  MESSAGE("candidate states: " << crossings(stepped) << " crossings; blended: " << crossings(blended));
  CHECK(sim.progress()[0].arrived);
  CHECK(crossings(stepped) <= 2);
  CHECK(crossings(blended) >= 4);
}

TEST_CASE("S14 pursuit: the intercept chaser runs straight and catches its target before the naive one") {
  Simulation sim = test::make_sim(scene("pursuit.yaml"));
  const Track t = run(sim, 30 * 20);
  const double threshold = 0.3;  // predictive_attract.threshold: caught at this clearance
  struct Result {
    double caught = kInf, deviation = 0, length = 0;
  };
  std::map<std::string, Result> r;
  for (const char* mode : {"naive", "predicted", "intercept"}) {
    const int c = agent(sim, mode);
    const int q = agent(sim, (std::string("target_") + mode).c_str());
    std::vector<Vec2> path;
    for (std::size_t f = 0; f < t.at[c].size(); ++f) {
      path.push_back(t.at[c][f]);
      if ((t.at[c][f] - t.at[q][f]).norm() - 2 * 0.25 <= threshold) {
        r[mode].caught = f / 30.0;
        break;
      }
    }
    r[mode].length = length(path);
    r[mode].deviation = max_deviation(path);
    MESSAGE(std::string(mode) << ": caught at " << r[mode].caught << " s, path " << r[mode].length
                 << " m, off its chord by " << r[mode].deviation << " m ("
                 << 100 * r[mode].deviation / r[mode].length << "%)");
  }
  CHECK(r["intercept"].caught < kInf);
  CHECK(r["intercept"].deviation < 0.05 * r["intercept"].length);
  CHECK(r["intercept"].caught < r["naive"].caught);
  CHECK(r["intercept"].caught < r["predicted"].caught);
  CHECK(r["naive"].deviation > 0.05 * r["naive"].length);  // the curved pursuit of Fig. 8.5
}

TEST_CASE("S16 crossing: the predictive avoider walks straight on and its path is the shorter") {
  Simulation sim = test::make_sim(scene("crossing3.yaml"));
  const Track t = run(sim, 30 * 15);
  const int trad = agent(sim, "traditional"), pred = agent(sim, "anticipating");
  const double turn = total_turn(t.heading[pred]);
  MESSAGE("traditional: path " << length(t.at[trad]) << " m, turned " << total_turn(t.heading[trad]) * 180 / kPi
                               << " deg, off course by " << max_deviation(t.at[trad]) << " m");
  MESSAGE("predictive: path " << length(t.at[pred]) << " m, turned " << turn * 180 / kPi << " deg");
  CHECK(length(t.at[pred]) < length(t.at[trad]));
  CHECK(turn < 5.0 * kPi / 180);
  CHECK(max_deviation(t.at[pred]) < max_deviation(t.at[trad]));
  CHECK(sim.progress()[trad].arrived);
  CHECK(sim.progress()[pred].arrived);
  CHECK(sim.metrics().collisions == 0);
}

TEST_CASE("S16 crossing: on a collision course the predictive avoider does give way") {
  // The same encounter with the crosser a second later: now a collision is predicted.
  Scenario s = scene("crossing3.yaml");
  const int crosser = s.agents.find("crosser_b");
  for (int f = 0; f < 2; ++f) s.agents.foot[f][crosser] = {45.5, 6.0};
  Simulation sim = test::make_sim(std::move(s));
  const Track t = run(sim, 30 * 15);
  const int pred = agent(sim, "anticipating");
  MESSAGE("predictive on a collision course: turned " << total_turn(t.heading[pred]) * 180 / kPi
                                                      << " deg; closest clearance " << t.closest << " m");
  CHECK(total_turn(t.heading[pred]) > 5.0 * kPi / 180);
  CHECK(sim.metrics().collisions == 0);
  CHECK(sim.progress()[pred].arrived);
}

TEST_CASE("S17 six-agent swap, rushed 60-85 with predictive avoidance: all arrive, no interpenetration") {
  Simulation sim = test::make_sim(scene("swap6_rushed.yaml"));
  REQUIRE(sim.agents().size() == 6);
  // The agent model gave each its own speed.
  std::vector<double> speed;
  for (std::size_t a = 0; a < 6; ++a) speed.push_back(sim.agents().model_of(a)[model_p::Speed]);
  std::sort(speed.begin(), speed.end());
  CHECK(std::adjacent_find(speed.begin(), speed.end()) == speed.end());
  const Track t = run(sim, 30 * 40);
  MESSAGE("closest clearance " << t.closest << " m");
  CHECK(t.closest >= -1e-9);
  CHECK(sim.metrics().collisions == 0);
  for (std::size_t a = 0; a < 6; ++a) {
    CAPTURE(sim.agents().name[a]);
    CHECK(sim.progress()[a].arrived);
  }
}

TEST_CASE("S18 full system: all three arrive, no interpenetration, agent 2 faces west — agent 1 loses and regains agent 3") {
  Simulation sim = test::make_sim(scene("full_system.yaml"));
  const int a1 = agent(sim, "agent1"), a2 = agent(sim, "agent2"), a3 = agent(sim, "agent3");
  std::vector<std::string> chase_states;  // agent1's chase machine, as it changes
  std::vector<std::string> a3_machines;
  double closest = kInf;
  for (int f = 0; f < 30 * 40; ++f) {
    sim.step();
    for (const std::string& s : states_of(sim, a1))
      if (s.rfind("chase:", 0) == 0 && (chase_states.empty() || chase_states.back() != s)) chase_states.push_back(s);
    for (const std::string& s : states_of(sim, a3))
      if (a3_machines.empty() || a3_machines.back() != s) a3_machines.push_back(s);
    const Snapshot& sn = sim.snapshot();
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b)
        closest = std::min(closest, (sn.location[a] - sn.location[b]).norm() - sn.radius[a] - sn.radius[b]);
  }
  const World& w = sim.world();
  const Snapshot& sn = sim.snapshot();
  const Vec2 post = w.locations[w.find_location("post")].position;
  const Vec2 flag = w.locations[w.find_location("flag")].position;
  std::string trail;
  for (const auto& s : chase_states) trail += s + " ";
  MESSAGE("agent1's chase: " << trail);
  MESSAGE("agent2 ends " << (sn.location[a2] - post).norm() << " m from its post facing "
                         << sn.heading[a2] * 180 / kPi << " deg; agent1 ends "
                         << (sn.location[a1] - sn.location[a3]).norm() - 0.5 << " m from agent3; closest "
                         << closest << " m");
  // Every machine ended with success: nothing left running, each where it was going.
  for (int a : {a1, a2, a3}) CHECK(sim.agent_nets().agents[a].running.empty());
  CHECK((sn.location[a2] - post).norm() < 0.1);
  CHECK((sn.location[a3] - flag).norm() < 0.1);
  CHECK((sn.location[a1] - sn.location[a3]).norm() - sn.radius[a1] - sn.radius[a3] <= 0.4 + 1e-9);
  CHECK(std::abs(wrap_angle(sn.heading[a2] - kPi)) < 5.0 * kPi / 180);
  CHECK(closest >= -1e-9);
  CHECK(sim.metrics().collisions == 0);
  // agent3 planned a path (its flag hidden behind a box).
  CHECK(std::find(a3_machines.begin(), a3_machines.end(), "follow_path:monitor") != a3_machines.end());
  // agent1: object attraction, then the last seen location on losing sight, then object
  // attraction again on seeing agent3 again.
  const auto at = [&](const char* s, std::size_t from) {
    return std::find(chase_states.begin() + static_cast<std::ptrdiff_t>(from), chase_states.end(), s) - chase_states.begin();
  };
  const std::size_t watch = at("chase:watch", 0), lost = at("chase:search", watch), again = at("chase:watch", lost);
  CHECK(watch < chase_states.size());
  CHECK(lost < chase_states.size());
  CHECK(again < chase_states.size());
}

TEST_CASE("S21 Homer and Marge: he walks slowly, unsteadily and does not notice the woman — she meets him — both get home") {
  Simulation sim = test::make_sim(scene("homer_marge.yaml"));
  const int homer = agent(sim, "homer"), marge = agent(sim, "marge"), woman = agent(sim, "woman");
  std::vector<double> pace[2];  // m/s over each walking step: Homer's, Marge's
  std::uint32_t steps[2] = {0, 0};
  bool was_walking[2] = {false, false};  // a step from a stride, not from standing
  bool marge_met = false, homer_flirted = false;
  double closest = kInf;
  for (int f = 0; f < 30 * 45; ++f) {
    sim.step();
    const Snapshot& sn = sim.snapshot();
    const World& w = sim.world();
    for (int k = 0; k < 2; ++k) {
      const int a = k == 0 ? homer : marge;
      if (sim.agents().steps[a] == steps[k]) continue;
      steps[k] = sim.agents().steps[a];
      // The pace of walking steps on the way home, away from where the walk starts and ends.
      const Plan& p = sim.agents().plan[a];
      const Vec2 home = w.locations[w.find_location(k == 0 ? "home_homer" : "home_marge")].position;
      bool homeward = false;
      for (const std::string& s : states_of(sim, a)) homeward |= s == "attract_to:monitor";
      homeward &= k == 0 || marge_met;
      const bool walking = sim.agents().gait[a] == Gait::Walk;
      if (homeward && walking && was_walking[k] && (p.to - home).norm() > 2.0)
        pace[k].push_back((p.to - p.from).norm() / (p.t1 - p.t0));
      was_walking[k] = walking;
    }
    for (const std::string& s : states_of(sim, marge)) marge_met |= s == "marge_errand:meet";
    for (const std::string& s : states_of(sim, homer)) homer_flirted |= s == "homer_home:flirt";
    if (marge_met) closest = std::min(closest, (sn.location[homer] - sn.location[marge]).norm() - 0.5);
  }
  const auto mean = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s / static_cast<double>(v.size());
  };
  const auto spread = [&](const std::vector<double>& v) {  // coefficient of variation
    const double m = mean(v);
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return std::sqrt(s / static_cast<double>(v.size())) / m;
  };
  MESSAGE("Homer: " << mean(pace[0]) << " m/s, pace varies " << 100 * spread(pace[0])
                    << "%; Marge: " << mean(pace[1]) << " m/s, varies " << 100 * spread(pace[1])
                    << "%; closest after she saw him " << closest << " m");
  CHECK(mean(pace[0]) < mean(pace[1]));
  CHECK(spread(pace[0]) > 2 * spread(pace[1]));
  CHECK_FALSE(homer_flirted);  // with this seed, his one chance (p ≈ 0.4) of noticing her fails
  CHECK(marge_met);            // her errand was interrupted when he came into view
  CHECK(closest <= 0.5 + 1e-9);  // they met
  const World& w = sim.world();
  CHECK((sim.snapshot().location[homer] - w.locations[w.find_location("home_homer")].position).norm() < 0.1);
  CHECK((sim.snapshot().location[marge] - w.locations[w.find_location("home_marge")].position).norm() < 0.1);
  CHECK(sim.agent_nets().agents[homer].running.empty());
  CHECK(sim.agent_nets().agents[marge].running.empty());
  CHECK((sim.snapshot().location[woman] - Vec2(-4, -2.2)).norm() == 0.0);
  CHECK(sim.metrics().collisions == 0);
}

TEST_CASE("inertia straightens a wandering path — an inebriated agent strays further than a sober one") {
  // A coarse fan (three rays, as a realtime fan might be) makes an agent zig-zag toward a goal
  // that lies between its rays; inertia, attracting it to the forward direction, straightens the
  // path (Reich §7.5.1). The same scene with and without it, for goals in four directions.
  for (const char* goal : {"[20, 4.8]", "[20, 7.3]", "[20, -3.9]", "[15, 9]"}) {
    double turned[2];
    for (const int with : {0, 1}) {
      Simulation sim = test::make_sim(parse_scenario(std::string(R"(
world: {locations: {goal: )") + goal + R"(}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, power: 0.5, t_theta: 0}
      inertia: {type: inertia, weight: 0.3, bound: )" + std::to_string(with) + R"(}
      walk: {type: walk, inputs: [seek, inertia], arcs: 3, rays: 3, max_turn: 0.6}
agents: [{name: a, behavior: w, position: [0, 0], heading: 0}]
)", "inertia.yaml"));
      const Track t = run(sim, 30 * 20);
      turned[with] = total_turn(t.heading[0]);
      CHECK(sim.progress()[0].arrived);
    }
    MESSAGE("goal " << std::string(goal) << ": total heading change " << turned[0] * 180 / kPi << " deg without inertia, "
                    << turned[1] * 180 / kPi << " with");
    CHECK(turned[1] < turned[0]);
  }

  // Two walkers on parallel courses 10 m apart, sober and inebriated (Reich Figs 7.39–7.40).
  Simulation sim = test::make_sim(parse_scenario(R"(
world: {locations: {a: [20, 0], b: [20, 10]}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, power: 0.5}
      inertia: {type: inertia, weight: 0.5}
      walk: {type: walk, inputs: [seek, inertia], arcs: 5, rays: 11}
agents:
  - {name: sober, behavior: w, position: [0, 0], heading: 0, set: {goal.target: a}}
  - {name: drunk, behavior: w, position: [0, 10], heading: 0, attributes: {inebriated: 60}, set: {goal.target: b}}
)", "inebriated.yaml"));
  const Track t = run(sim, 30 * 40);
  double lateral[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    const int a = k == 0 ? sim.agents().find("sober") : sim.agents().find("drunk");
    const double y0 = t.at[a].front().y();
    for (const Vec2& p : t.at[a]) lateral[k] += std::abs(p.y() - y0);
    lateral[k] /= static_cast<double>(t.at[a].size());
    CHECK(sim.progress()[a].arrived);
  }
  MESSAGE("mean lateral deviation: sober " << lateral[0] << " m, inebriated " << lateral[1] << " m");
  CHECK(lateral[1] > lateral[0]);
  CHECK(lateral[1] > 0.05);
}

TEST_CASE("Reich scenes: the same seed gives the same trajectory hash for any thread count") {
  for (const char* file : {"full_system.yaml", "homer_marge.yaml", "swap6_rushed.yaml"}) {
    std::uint64_t hashes[3] = {};
    const int threads[3] = {1, 2, 4};
    for (int k = 0; k < 3; ++k) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads[k]);
      Simulation sim = test::make_sim(scene(file));
      for (int f = 0; f < 30 * 12; ++f) sim.step();
      hashes[k] = sim.trajectory_hash();
    }
    CAPTURE(file);
    CHECK(hashes[0] == hashes[1]);
    CHECK(hashes[0] == hashes[2]);
  }
}

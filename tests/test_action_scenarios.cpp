// Action selection in the simulation (docs/action_selection.md): street_life.yaml's pedestrians
// with motivations, determinism over thread counts, external control from the scenario and the
// C++ API, and the motor system holding the legs.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <map>

#include "footfall/api/simulator.hpp"
#include "footfall/render/inspect.hpp"
#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using footfall::test::make_sim;
using footfall::test::source_path;
using namespace footfall;

namespace {

// The activity agent a is in now, by name ("" for none).
std::string activity(const Simulation& sim, std::uint32_t a) {
  const AgentAction* x = sim.action_of(a);
  const action::System* s = sim.action_system(a);
  if (!x || !s || x->activity == action::kNone) return {};
  return s->behaviors[s->groups[0].members[x->activity]].name;
}

}  // namespace

TEST_CASE("street_life: pedestrians leave or are in an activity they chose, without collisions or dithering") {
  Scenario scenario = load_scenario(source_path("data/scenarios/street_life.yaml"));
  const double duration = scenario.duration;
  const int frames = static_cast<int>(duration * 30);
  Simulation sim = make_sim(std::move(scenario));
  std::map<std::uint64_t, double> entered;  // pedestrian id → when first seen
  for (int f = 0; f < frames; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t a = 0; a < s.agents; ++a)
      if (s.active[a]) entered.emplace(s.id[a], s.time);
  }
  const Snapshot& s = sim.snapshot();
  int checked = 0;
  for (std::uint32_t a = 0; a < s.agents; ++a) {
    if (!s.active[a] || entered[s.id[a]] > duration - 300) continue;
    ++checked;
    CAPTURE(sim.name_of(s.id[a]));
    const std::string now = activity(sim, a);
    CHECK(!now.empty());
    CHECK(now != "walk_on");  // still here after five minutes: busy with something it chose
  }
  MESSAGE(entered.size() << " pedestrians, " << checked << " of those in the scene at the end entered over 5 minutes before it");
  CHECK(entered.size() > 40);
  CHECK(sim.metrics().collisions == 0);
  const ActionTotals totals = sim.action_totals();
  CHECK(totals.most_switches_per_minute <= 6);
  // Every activity was chosen by someone, and walking on still takes most of the time.
  const action::System& system = sim.scripts().action.systems[0].system;
  for (std::size_t m = 0; m < system.groups[0].members.size(); ++m) {
    CAPTURE(system.behaviors[system.groups[0].members[m]].name);
    CHECK(totals.activity_seconds[0][m] > 0);
  }
  CHECK(totals.activity_seconds[0][0] > 0.3 * totals.agent_seconds[0]);
}

TEST_CASE("street_life: the same trajectories for 1, 2 and 4 threads") {
  std::uint64_t first = 0;
  for (const int threads : {1, 2, 4}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    Simulation sim = make_sim(load_scenario(source_path("data/scenarios/street_life.yaml")));
    for (int f = 0; f < 90 * 30; ++f) sim.step();
    CAPTURE(threads);
    if (first == 0) first = sim.trajectory_hash();
    CHECK(sim.trajectory_hash() == first);
  }
}

namespace {

// One pedestrian on a pavement with a shop window ahead: it walks on unless curious enough.
const std::string kWindow = R"(name: window
frame_rate: 30
world:
  locations: {east: [40, 0]}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: east}
      seek: {type: attract, input: goal, power: 0.5}
      it: {type: location_sensor}
      approach: {type: attract, input: it, power: 0.5, bound: 0}
      walk: {type: walk, inputs: [seek, approach]}
agents:
  - {name: ann, behavior: w, position: [0, 0], heading: 0}
action_selection:
  objects:
    - {name: window, kind: shop_window, at: [8, 2]}
  systems:
    s:
      net: w
      object_of_interest: it
      travel: walk_on
      variables:
        going: {initial: 1}
        curiosity: {initial: 0.1}
      releasing:
        see_window: {find: shop_window, range: [0, 0, 15], max_value: 4}
        at_window: {find: it, range: [0, 0, 1.2], max_value: 10, weighting: flat}
        to_window: {find: it, range: [0.8, 3, 15], max_value: 5}
      groups:
        top:
          behaviors:
            walk_on: {variables: [going], action: [{bind: seek}, {unbind: approach}, {motor: walk}]}
            browse: {variables: [curiosity], releasing: [see_window], combine: multiply, child: window,
                     action: [{unbind: seek}, {aim: it}]}
        window:
          behaviors:
            look: {releasing: [at_window], action: [{unbind: approach}, {motor: stand}, {motor: look_at}]}
            to_window: {releasing: [to_window], action: [{bind: approach}, {motor: walk}]}
)";

Simulation window_scene(const std::string& extra = "") {
  return make_sim(parse_scenario(kWindow + extra, "window.yaml"));
}

}  // namespace

TEST_CASE("action selection: the object of interest draws a curious pedestrian, who then stands and looks (D-MOT-02 in the simulation)") {
  Simulation sim = window_scene();
  sim.set_variable(0, "curiosity", 3.0);  // motivational level, from the C++ API
  bool stood = false;
  for (int f = 0; f < 30 * 30 && !stood; ++f) {
    sim.step();
    const AgentAction* x = sim.action_of(0);
    REQUIRE(x != nullptr);
    if (x->legs_held) {
      stood = true;
      CHECK(x->looking);  // looking at the window while standing: legs and head together
      CHECK((x->look - Vec2(8, 2)).norm() < 1e-9);
      CHECK((sim.agents().location(0) - Vec2(8, 2)).norm() < 1.3);
    }
  }
  CHECK(stood);
  // The inspector shows the active path, values and levels of interest, the variables.
  const std::vector<std::string> lines = render::inspect_agent(sim, 0);
  const auto has = [&](const std::string& text) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
  };
  CHECK(has("action selection 's': browse/look"));
  CHECK(has("curiosity"));
  CHECK(has("legs held"));
  // Standing: the feet do not move.
  const Vec2 at = sim.agents().location(0);
  for (int f = 0; f < 30; ++f) sim.step();
  CHECK((sim.agents().location(0) - at).norm() < 1e-9);
}

TEST_CASE("action selection: an incurious pedestrian walks past, and external control forces the branch") {
  Simulation sim = window_scene();
  for (int f = 0; f < 6 * 30; ++f) sim.step();
  CHECK(activity(sim, 0) == "walk_on");
  sim.force_branch(0, "look");  // task level: the branch wins whatever the values
  for (int f = 0; f < 3; ++f) sim.step();  // at least one action tick (20 Hz in 30 Hz frames)
  CHECK(activity(sim, 0) == "browse");
  CHECK(sim.action_of(0)->state.path.size() == 2);
  sim.force_branch(0, "");
  CHECK_THROWS_AS(sim.force_branch(0, "dance"), std::out_of_range);
  CHECK_THROWS_AS(sim.set_variable(0, "thirst", 1), std::out_of_range);
}

TEST_CASE("action selection: external control from the scenario sets a variable and adds a private object") {
  Simulation sim = window_scene(R"(  control:
    - agent: ann
      set: {curiosity: 3}
      private_objects: [{name: biscuit, kind: shop_window, at: [3, -2]}]
)");
  CHECK(sim.action_of(0)->state.variables[1] == 3);
  bool saw_private = false;
  for (int f = 0; f < 10 * 30; ++f) {
    sim.step();
    saw_private = saw_private || sim.action_of(0)->state.pronome.x == 3;
  }
  CHECK(saw_private);  // the nearer, private window drew it first
}

TEST_CASE("action selection: a scenario without it runs exactly as before") {
  Scenario s = parse_scenario(kWindow.substr(0, kWindow.find("action_selection:")), "plain.yaml");
  Simulation plain = make_sim(std::move(s));
  for (int f = 0; f < 60; ++f) plain.step();
  CHECK(plain.action_of(0) == nullptr);
  CHECK(plain.scripts().action.empty());
}

TEST_CASE("action selection: the stable C++ API sets a variable, forces a branch, adds a private object") {
  api::Simulator sim = api::Simulator::parse(kWindow, "window.yaml");
  sim.run(3);
  CHECK(sim.action_path("ann") == "walk_on");
  sim.force_branch("ann", "look");
  sim.run(3);
  CHECK(sim.action_path("ann") == "browse/look");
  sim.force_branch("ann", "");
  sim.set_variable("ann", "curiosity", 0.0);
  sim.add_private_object("ann", "shop_window", 1, 1);
  CHECK_THROWS_AS(sim.set_variable("ann", "thirst", 1), api::ParameterError);
  CHECK_THROWS_AS(sim.force_branch("bob", "look"), api::ParameterError);
  CHECK_THROWS_AS(sim.add_private_object("ann", "unicorn", 0, 0), api::ParameterError);
}

TEST_CASE("action selection: a pedestrian looking at a window turns its head, at every level of detail, and only its head and trunk") {
  // Walking on past the window (seek stays bound, approach is never bound), once looking at it and
  // once not: the same steps, and the neck joints turned toward the window.
  auto variant = [](bool look) {
    std::string text = kWindow;
    const auto swap = [&](const std::string& from, const std::string& to) { text.replace(text.find(from), from.size(), to); };
    swap("action: [{unbind: seek}, {aim: it}]", "action: [{aim: it}]");
    swap("to_window: {releasing: [to_window], action: [{bind: approach}, {motor: walk}]}",
         look ? "to_window: {releasing: [to_window], action: [{motor: walk}, {motor: look_at}]}"
              : "to_window: {releasing: [to_window], action: [{motor: walk}]}");
    return text;
  };
  const auto motion = footfall::test::motion_library();
  Simulation looking = make_sim(parse_scenario(variant(true), "looking.yaml"), motion);
  Simulation plain = make_sim(parse_scenario(variant(false), "plain.yaml"), motion);
  for (Simulation* sim : {&looking, &plain}) sim->set_variable(0, "curiosity", 3.0);
  while (looking.agents().location(0).x() < 8.5 && looking.time() < 30) {
    looking.step();
    plain.step();
  }
  REQUIRE(looking.action_of(0)->looking);
  REQUIRE(looking.trajectory_hash() == plain.trajectory_hash());
  for (const motion::Lod lod : {motion::Lod::High, motion::Lod::Medium, motion::Lod::Low}) {
    CAPTURE(static_cast<int>(lod));
    const motion::Pose a = looking.full_pose(0, lod), b = plain.full_pose(0, lod);
    const auto neck = motion::neck_chain(motion->skeletons[static_cast<std::size_t>(lod)]);
    const auto trunk = motion::trunk_chain(motion->skeletons[static_cast<std::size_t>(lod)]);
    REQUIRE(!neck.empty());
    const auto in = [](const std::vector<motion::ChainShare>& chain, std::size_t j) {
      return std::any_of(chain.begin(), chain.end(), [&](const motion::ChainShare& c) {
        return static_cast<std::size_t>(c.joint) == j && c.share > 0;
      });
    };
    for (std::size_t j = 0; j < a.joints.size(); ++j) {
      const double angle = a.joints[j].angularDistance(b.joints[j]);
      if (in(neck, j)) CHECK(angle > 0.05);
      // The window is behind the shoulder by now, beyond the neck's 75°: the trunk turns too.
      else if (in(trunk, j)) CHECK(angle > 1e-3);
      else CHECK(angle < 1e-6);
    }
  }
}

TEST_CASE("action selection: an RM's kind and maxValue changed at run time change the next tick's values (D-EXT-02)") {
  // A bench (not a window) ahead: the window-seeking RM finds nothing until it is retargeted.
  std::string text = kWindow;
  const std::string window = "    - {name: window, kind: shop_window, at: [8, 2]}\n";
  text.replace(text.find(window), window.size(), window + "    - {name: bench, kind: bench, at: [6, -2]}\n");
  Simulation sim = make_sim(parse_scenario(text, "window.yaml"));
  sim.set_variable(0, "curiosity", 3.0);
  for (int f = 0; f < 3; ++f) sim.step();  // at least one tick of 1/20 s
  const AgentAction* x = sim.action_of(0);
  REQUIRE(x != nullptr);
  REQUIRE(activity(sim, 0) == "browse");  // the window draws it
  // maxValue 0: the RM releases nothing any more, and walking on wins at once.
  sim.set_releasing("s", "see_window", std::nullopt, 0.0);
  for (int f = 0; f < 3; ++f) sim.step();  // at least one tick of 1/20 s
  CHECK(activity(sim, 0) == "walk_on");
  // Retargeted at benches (maxValue back to 4): the bench becomes the object of interest.
  sim.set_releasing("s", "see_window", "bench", 4.0);
  for (int f = 0; f < 3; ++f) sim.step();  // at least one tick of 1/20 s
  CHECK(activity(sim, 0) == "browse");
  CHECK(x->state.pronome.x == doctest::Approx(6));
  CHECK(x->state.pronome.y == doctest::Approx(-2));
  CHECK_THROWS_WITH_AS(sim.set_releasing("s", "see_window", "kiosk"), doctest::Contains("no kind of object 'kiosk'"),
                       std::out_of_range);
  CHECK_THROWS_WITH_AS(sim.set_releasing("s", "see_wndow", std::nullopt, 1.0),
                       doctest::Contains("no releasing mechanism 'see_wndow'"), std::out_of_range);
  CHECK_THROWS_AS(sim.set_releasing("s", "see_window", std::nullopt, -1.0), std::invalid_argument);
}

TEST_CASE("action selection: a gaze retargeted in the simulation moves the eyes before the head, at finite speed (D-MOT-12)") {
  // Walking on, then forced to look at the window 8 m ahead and 2 m aside: the eyes turn at once,
  // the head a frame or two later and gradually, and the drawn neck follows the head's angle.
  const auto motion = footfall::test::motion_library();
  Simulation sim = make_sim(parse_scenario(kWindow, "window.yaml"), motion);
  for (int f = 0; f < 30; ++f) sim.step();
  REQUIRE(sim.action_of(0)->gaze.at_rest());
  sim.force_branch(0, "look");
  int looking_from = -1, eye_on = -1, head_on = -1;
  double last_head = 0;
  for (int f = 0; f < 60; ++f) {
    sim.step();
    const AgentAction& x = *sim.action_of(0);
    if (looking_from < 0 && x.looking) looking_from = f;
    if (eye_on < 0 && x.gaze.eye != 0) eye_on = f;
    if (head_on < 0 && x.gaze.head != 0) head_on = f;
    // Never faster than 150 °/s: at most 5° a frame.
    CHECK(std::abs(x.gaze.head - last_head) <= 5 * action::kDegree + 1e-9);
    last_head = x.gaze.head;
  }
  REQUIRE(looking_from >= 0);
  CHECK(eye_on == looking_from);
  CHECK(head_on > eye_on);
  const AgentAction& x = *sim.action_of(0);
  const Vec2 to = x.look - sim.snapshot().location[0];
  CHECK(x.gaze.where() == doctest::Approx(wrap_angle(std::atan2(to.y(), to.x()) - sim.snapshot().heading[0])).epsilon(0.05));
  CHECK(std::abs(x.gaze.head) > 5 * action::kDegree);
  // Released, the head comes back ahead over some frames, not at once.
  sim.force_branch(0, "");
  sim.set_variable(0, "curiosity", 0.0);
  sim.step();
  sim.step();
  CHECK(std::abs(sim.action_of(0)->gaze.head) > 0);
}

TEST_CASE("street_life: the kiosk's queue is an ordered line along the kerb, served first come first served") {
  Simulation sim = make_sim(load_scenario(source_path("data/scenarios/street_life.yaml")));
  const action::System& system = sim.scripts().action.systems[0].system;
  const std::uint32_t snack = system.find_behavior("snack");
  const std::uint32_t queue = system.find_behavior("queue");
  const std::uint32_t buy = system.find_behavior("buy");
  struct Visit {
    bool snacking = false, queued = false, served = false;
    std::uint64_t joined = 0;  // when it first stood in the queue this visit (a counter)
  };
  std::map<std::uint64_t, Visit> visits;
  std::uint64_t joins = 0;
  int longest = 0, served = 0, queued_then_served = 0;
  for (int f = 0; f < 480 * 30; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    std::vector<std::pair<double, std::uint64_t>> line;  // (x, id) of those standing in the queue
    std::vector<Vec2> at;                                // where each of them stands
    std::string where;
    std::vector<std::uint64_t> buying;
    for (std::uint32_t a = 0; a < s.agents; ++a) {
      const AgentAction* x = sim.action_of(a);
      if (!s.active[a] || !x) continue;
      const auto& path = x->state.path;
      Visit& v = visits[s.id[a]];
      const bool snacking = !path.empty() && path[0] == snack;
      if (!snacking) v = Visit{};
      v.snacking = snacking;
      if (path.size() == 2 && path[1] == queue) {
        line.emplace_back(s.location[a].x(), s.id[a]);
        at.push_back(s.location[a]);
        where += " " + std::to_string(s.id[a]) + "@(" + std::to_string(s.location[a].x()) + "," +
                 std::to_string(s.location[a].y()) + ")";
        if (!v.queued) v.queued = true, v.joined = ++joins;
      }
      if (path.size() == 2 && path[1] == buy && !v.served) {
        v.served = true;
        buying.push_back(s.id[a]);
      }
    }
    std::sort(line.begin(), line.end());
    longest = std::max(longest, static_cast<int>(line.size()));
    CAPTURE(s.time);
    CAPTURE(where);
    for (std::size_t k = 0; k < at.size(); ++k) {
      // At the counter (waiting while it is taken) or east of it, along the kerb: a line.
      CHECK(at[k].x() > 40.0);
      CHECK(std::abs(at[k].y() - 1.3) < 1.0);
      for (std::size_t j = 0; j < k; ++j) CHECK((at[k] - at[j]).norm() > 0.45);  // spaced, not a crowd
    }
    // First come, first served: whoever starts buying joined the queue before everyone still in it.
    for (const std::uint64_t id : buying) {
      ++served;
      const Visit& me = visits[id];
      if (!me.queued) continue;
      ++queued_then_served;
      for (const auto& [other, v] : visits)
        if (other != id && v.snacking && v.queued && !v.served) CHECK(v.joined > me.joined);
    }
  }
  MESSAGE(joins << " joined the queue, at most " << longest << " standing in it at once; " << served
                << " served, " << queued_then_served << " of them after queueing");
  CHECK(joins >= 3);
  CHECK(longest >= 2);
  CHECK(queued_then_served >= 10);
}

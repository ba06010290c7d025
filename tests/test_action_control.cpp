// Direct motor control (D-EXT-05) and the template's generic motor commands (D-MOT-10), through the
// stable C++ API and the scenario file (docs/action_selection.md, "External control").
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "footfall/api/simulator.hpp"
#include "footfall/render/inspect.hpp"
#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

// Two walkers heading east past a shop window; walk_to binds the attract on the `it` sensor.
const std::string kStreet = R"(name: street
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
  - {name: bob, behavior: w, position: [0, 3], heading: 0}
action_selection:
  objects:
    - {name: window, kind: shop_window, at: [8, 2]}
  systems:
    s:
      net: w
      object_of_interest: it
      travel: walk_on
      motor_commands:
        walk_to: {skill: walk, act: [{unbind: seek}, {bind: approach}, {aim: it}]}
      variables:
        going: {initial: 1}
        curiosity: {initial: 0}
      releasing:
        see_window: {find: shop_window, range: [0, 0, 15], max_value: 4}
      groups:
        top:
          behaviors:
            walk_on: {variables: [going], action: [{bind: seek}, {unbind: approach}, {motor: walk}]}
            browse: {variables: [curiosity], releasing: [see_window], combine: multiply,
                     action: [{unbind: seek}, {aim: it}, {motor: stand}]}
)";

double x_of(const api::Simulator& sim, int slot) { return sim.positions()[2 * slot]; }
double y_of(const api::Simulator& sim, int slot) { return sim.positions()[2 * slot + 1]; }
double distance(const api::Simulator& sim, int slot, double x, double y) {
  return std::hypot(x_of(sim, slot) - x, y_of(sim, slot) - y);
}

}  // namespace

TEST_CASE("direct control: a suspended agent walks to a point in character, is placed out of character, and resumes (D-EXT-05)") {
  api::Simulator sim = api::Simulator::parse(kStreet, "street.yaml");
  sim.run(60);  // two seconds of walking east
  REQUIRE(sim.action_path("ann") == "walk_on");
  CHECK_THROWS_AS(sim.walk_to("ann", 5, -4), api::Error);  // not suspended: its behaviors rule
  sim.suspend("ann");
  CHECK_THROWS_AS(sim.command("ann", "dance"), api::ParameterError);
  CHECK_THROWS_AS(sim.suspend("cid"), api::ParameterError);
  sim.walk_to("ann", 5, -4, 0.6);
  // In character: it walks there step by step by its own walk node (no jumps), and stops.
  double most = 0;
  double x0 = x_of(sim, 0), y0 = y_of(sim, 0);
  int frames = 0;
  for (; frames < 30 * 30 && distance(sim, 0, 5, -4) > 0.6; ++frames) {
    sim.step();
    most = std::max(most, std::hypot(x_of(sim, 0) - x0, y_of(sim, 0) - y0));
    x0 = x_of(sim, 0), y0 = y_of(sim, 0);
    CHECK(sim.action_path("ann") == "walk_on");  // its behaviors' state waits as it was
  }
  CAPTURE(frames);
  CHECK(distance(sim, 0, 5, -4) <= 0.6);
  CHECK(most < 0.15);  // metres a frame: walking, not placed
  sim.run(60);
  const double x1 = x_of(sim, 0), y1 = y_of(sim, 0);
  sim.run(60);
  CHECK(std::hypot(x_of(sim, 0) - x1, y_of(sim, 0) - y1) < 0.05);  // arrived, it stands
  CHECK(distance(sim, 0, 5, -4) <= 0.8);
  // bob, never suspended, walked on east meanwhile.
  CHECK(x_of(sim, 1) > 10);
  // Out of character: placed at once, and its state says so.
  sim.place("ann", 20, -3);
  sim.step();
  CHECK(distance(sim, 0, 20, -3) < 0.3);
  CHECK(sim.states()[0] == api::State::Placed);
  CHECK(std::string(api::state_name(api::State::Placed)) == "placed");
  // Resumed: its behaviors take over again and it walks on east toward its goal.
  sim.suspend("ann", false);
  const double x2 = x_of(sim, 0);
  sim.run(90);
  CHECK(sim.action_path("ann") == "walk_on");
  CHECK(x_of(sim, 0) > x2 + 1.5);
  CHECK(sim.states()[0] != api::State::Placed);
}

TEST_CASE("direct control: generic commands while suspended use the template's table, and stop by default (D-EXT-05, D-MOT-10)") {
  api::Simulator sim = api::Simulator::parse(kStreet, "street.yaml");
  sim.run(30);
  sim.suspend("ann");  // no command: it stands
  sim.run(30);
  const double x1 = x_of(sim, 0);
  sim.run(30);
  CHECK(std::abs(x_of(sim, 0) - x1) < 0.05);
  sim.command("ann", "move_forward");  // generic → walk: the walk skill, its nets' seek still bound
  sim.run(60);
  CHECK(x_of(sim, 0) > x1 + 1.0);
}

TEST_CASE("direct control from the scenario: suspended, timed walk_to, place and resume, the same for 1 and 2 threads") {
  const std::string text = kStreet + R"(  control:
    - agent: ann
      suspend: true
      commands:
        - {at: 0.5, walk_to: [4, -3], tolerance: 0.6}
        - {at: 12, place: [20, -3]}
        - {at: 13, resume: true}
)";
  std::uint64_t first = 0;
  for (const int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    api::Simulator sim = api::Simulator::parse(text, "street.yaml");
    sim.run(10);
    CHECK(std::abs(x_of(sim, 0)) < 0.05);  // suspended with no command yet: standing
    sim.run(11 * 30);
    CHECK(distance(sim, 0, 4, -3) <= 0.8);
    sim.run(30);  // t = 12 s and a frame: placed
    CHECK(distance(sim, 0, 20, -3) < 0.5);
    sim.run(60);
    CHECK(sim.action_path("ann") == "walk_on");
    CHECK(x_of(sim, 0) > 20.5);
    if (first == 0) first = sim.trajectory_hash();
    CHECK(sim.trajectory_hash() == first);
  }
}

TEST_CASE("motor commands: a generic command maps per template to a skill, form and arguments (D-MOT-10)") {
  // Two templates: for `tired`, rest is to sit; for `brisk`, rest is to stand with its nets' seek
  // unbound. The same behavior text issues {motor: rest}.
  const std::string text = R"(name: rest
frame_rate: 30
world: {locations: {east: [40, 0]}}
behaviors:
  tired:
    nodes:
      goal: {type: location_sensor, target: east}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
  brisk:
    nodes:
      goal: {type: location_sensor, target: east}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
agents:
  - {name: ann, behavior: tired, position: [0, 0], heading: 0}
  - {name: bob, behavior: brisk, position: [0, 3], heading: 0}
action_selection:
  systems:
    t:
      net: tired
      motor_commands: {rest: sit, hurry: {skill: walk, form: meta, args: [1.2, 1.25]}}
      variables: {x: {initial: 1}}
      groups: {top: {behaviors: {b: {variables: [x], action: [{motor: rest}]}}}}
    k:
      net: brisk
      motor_commands: {rest: {skill: stand, act: [{unbind: seek}]}}
      variables: {x: {initial: 1}}
      groups: {top: {behaviors: {b: {variables: [x], action: [{motor: rest}]}}}}
)";
  Scenario scenario = parse_scenario(text, "rest.yaml");
  const auto& systems = scenario.scripts.action.systems;
  REQUIRE(systems.size() == 2);
  const auto& t = systems[0];
  const auto& k = systems[1];
  const std::uint32_t rest_t = t.find_command("rest"), rest_k = k.find_command("rest");
  REQUIRE(rest_t != action::kNone);
  REQUIRE(rest_k != action::kNone);
  CHECK(t.skills[t.commands[rest_t].command.skill].name == "sit");
  CHECK(k.skills[k.commands[rest_k].command.skill].name == "stand");
  CHECK(k.commands[rest_k].acts.size() == 1);
  const GenericCommand& hurry = t.commands[t.find_command("hurry")];
  CHECK(hurry.command.form == action::Form::Meta);
  CHECK(hurry.command.arg0 == 1.2);
  // Defaults: every skill by its own name, and the generic names.
  for (const char* name : {"walk", "look_at", "sit", "stand", "gesture", "move_forward", "turn", "look", "stop", "walk_to"})
    CHECK(k.find_command(name) != action::kNone);
  CHECK(k.find_command("hurry") == action::kNone);  // per template
  Simulation sim = footfall::test::make_sim(std::move(scenario));
  for (int f = 0; f < 90; ++f) sim.step();
  CHECK(sim.action_of(0)->seated);
  CHECK(!sim.action_of(1)->seated);
  CHECK(sim.action_of(1)->legs_held);
}

TEST_CASE("direct control: the inspector says the behavior system is suspended, and a placement shows in the trajectory's state") {
  Simulation sim = footfall::test::make_sim(parse_scenario(kStreet, "street.yaml"));
  sim.step();
  const auto says = [&](const std::string& text) {
    const std::vector<std::string> lines = render::inspect_agent(sim, 0);
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
  };
  CHECK_FALSE(says("suspended"));
  sim.suspend(0, true);
  CHECK(sim.suspended(0));
  CHECK(says("suspended"));
  sim.place(0, Vec2(10, -2));
  sim.step();
  CHECK(sim.snapshot().gait[0] == Gait::Placed);
  CHECK(std::string(gait_name(Gait::Placed)) == "placed");
  CHECK((sim.snapshot().location[0] - Vec2(10, -2)).norm() < 0.3);
  CHECK_THROWS_AS(sim.place(7, Vec2(0, 0)), std::out_of_range);
}

TEST_CASE("motor commands: the default table keeps files bit-identical, and generic names run the same skills (D-MOT-10)") {
  std::ifstream in(footfall::test::source_path("data/scenarios/street_life.yaml"));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string generic = text;
  int replaced = 0;
  for (std::size_t at = generic.find("{motor: walk}"); at != std::string::npos; at = generic.find("{motor: walk}", at)) {
    generic.replace(at, 13, "{motor: move_forward}");
    ++replaced;
  }
  REQUIRE(replaced > 3);
  // The same table written out: every skill by its own name.
  const std::string spelled = std::string(text).replace(text.find("      travel: walk_on"), 21,
                                                         "      travel: walk_on\n      motor_commands: {walk: walk, stand: {skill: stand, form: primary}, sit: sit}");
  std::uint64_t hashes[3];
  int k = 0;
  for (const std::string* t : std::vector<const std::string*>{&text, &generic, &spelled}) {
    Simulation sim = footfall::test::make_sim(parse_scenario(*t, "street_life.yaml"));
    for (int f = 0; f < 60 * 30; ++f) sim.step();
    hashes[k++] = sim.trajectory_hash();
  }
  CHECK(hashes[1] == hashes[0]);
  CHECK(hashes[2] == hashes[0]);
}

// The agent model (Reich 1997 §6.4, §7.7): eqs 6.5–6.6, the combination rules, the worked example
// of Figs 6.8–6.9, what the values do to an agent's net, and the scenario keys.
#include <doctest/doctest.h>

#include <cmath>

#include "footfall/agents/agent_model.hpp"
#include "footfall/behavior/model_effects.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

ModelEntry entry(const char* text) {
  ModelEntry e;
  REQUIRE_FALSE(parse_model_entry(text, e).has_value());
  return e;
}

// Figs 6.8–6.9: three attributes × three parameters. The figure gives the recommended values
// (61, 72, 68 / 14, 90, 35) and the types; the ranges of a1 and a2 for p1 are in eqs 6.7–6.8. The
// other ranges are lost in both transcriptions: these reproduce the printed recommended values.
AgentModel worked_example() {
  AgentModel m;
  for (const char* p : {"p1", "p2", "p3"}) m.add_parameter(p, 50);
  for (const char* a : {"a1", "a2", "a3"}) m.add_attribute(a);
  m.entry(0, 0) = entry("50 85 I C");    // eq. 6.7: r11 = 61
  m.entry(0, 1) = entry("40 86 P C");    // 72
  m.entry(0, 2) = entry("40 80 P D2");   // 68
  m.entry(1, 0) = entry("0 100 P C");    // eq. 6.8: r21 = 14
  m.entry(1, 1) = entry("83 91 I D3");   // 90
  m.entry(1, 2) = entry("33 47 P D5");   // 35
  m.entry(2, 2) = entry("0 100 P D7");   // a3 is inactive: only v3 would feel it
  return m;
}

}  // namespace

TEST_CASE("agent model: the worked example (degrees 70, 15, 0) gives 37, 90, 35") {
  const AgentModel m = worked_example();
  const double degrees[] = {70, 15, 0};
  CHECK(std::lround(recommended_value(m.entry(0, 0), 70)) == 61);  // eq. 6.7
  CHECK(std::lround(recommended_value(m.entry(1, 0), 15)) == 14);  // eq. 6.8
  CHECK(std::lround(recommended_value(m.entry(0, 1), 70)) == 72);
  CHECK(std::lround(recommended_value(m.entry(0, 2), 70)) == 68);
  const std::vector<double> v = evaluate_model(m, degrees);
  REQUIRE(v.size() == 3);
  CHECK(v[0] == doctest::Approx((60.60606 + 14.14141) / 2).epsilon(1e-5));  // eq. 6.9, unrounded
  CHECK(std::lround(v[0]) == 37);
  CHECK(std::lround(v[1]) == 90);  // a2 is the active dominant of highest priority for p2 and p3
  CHECK(std::lround(v[2]) == 35);
  // "activating attribute a3 would only affect parameter value v3"
  const double with_a3[] = {70, 15, 50};
  const std::vector<double> w = evaluate_model(m, with_a3);
  CHECK(w[0] == v[0]);
  CHECK(w[1] == v[1]);
  CHECK(w[2] == doctest::Approx(recommended_value(m.entry(2, 2), 50)));
}

TEST_CASE("agent model: eqs 6.5 and 6.6 at the ends of the degree scale") {
  const ModelEntry p = entry("10 40 P C"), i = entry("10 40 I C");
  CHECK(recommended_value(p, 1) == doctest::Approx(10));
  CHECK(recommended_value(p, 100) == doctest::Approx(40));
  CHECK(recommended_value(i, 1) == doctest::Approx(40));
  CHECK(recommended_value(i, 100) == doctest::Approx(10));
}

TEST_CASE("agent model: defaults, inactive rows and dominance") {
  AgentModel m;
  m.add_parameter("x", 50);
  m.add_parameter("y", 30);
  m.add_attribute("a");
  m.add_attribute("b");
  m.entry(0, 0) = entry("0 100 P C");
  m.entry(1, 0) = entry("20 20 P D1");
  m.entry(1, 1) = entry("N");
  // Every row inactive: defaults.
  const double none[] = {0, 0};
  CHECK(evaluate_model(m, none) == std::vector<double>{50, 30});
  // An all-N column keeps its default whatever the degrees.
  const double both[] = {100, 100};
  const auto v = evaluate_model(m, both);
  CHECK(v[1] == 30);
  // Any active dominant entry overrides every combinatorial one.
  CHECK(v[0] == doctest::Approx(20));
  const double only_a[] = {100, 0};
  CHECK(evaluate_model(m, only_a)[0] == doctest::Approx(100));
  // On equal priority the first row wins; a higher priority wins whatever the order.
  m.entry(0, 0) = entry("70 70 P D1");
  CHECK(evaluate_model(m, both)[0] == doctest::Approx(70));
  m.entry(1, 0) = entry("20 20 P D4");
  CHECK(evaluate_model(m, both)[0] == doctest::Approx(20));
}

TEST_CASE("agent model: entries parse as the thesis prints them, and bad ones are explained") {
  const ModelEntry e = entry("50 85 I D5");
  CHECK(e.low == 50);
  CHECK(e.high == 85);
  CHECK(e.mapping == ModelMapping::Inverse);
  CHECK(e.combine == ModelCombine::Dominant);
  CHECK(e.priority == 5);
  CHECK(entry("N").combine == ModelCombine::None);
  ModelEntry bad;
  CHECK(parse_model_entry("50 85 X C", bad).has_value());
  CHECK(parse_model_entry("90 50 P C", bad).has_value());
  CHECK(parse_model_entry("0 120 P C", bad).has_value());
  CHECK(parse_model_entry("0 100 P Dx", bad).has_value());
  CHECK(parse_model_entry("0 100", bad).has_value());
}

TEST_CASE("agent model: Reich's attributes move the parameters the way §7.7 says") {
  const AgentModel m = AgentModel::reich();
  const auto value = [&](const char* attribute, double degree, int parameter) {
    std::vector<double> d(m.attribute_count(), 0.0);
    d[m.find_attribute(attribute)] = degree;
    return evaluate_model(m, d)[parameter];
  };
  using namespace model_p;
  REQUIRE(m.find_parameter("speed") == Speed);
  REQUIRE(m.find_parameter("probability") == Probability);
  for (const char* a : {"fatigued", "laden", "rushed", "inebriated", "aware", "alert", "curious", "distracted"})
    CHECK(m.find_attribute(a) >= 0);
  CHECK(value("rushed", 90, Speed) > value("rushed", 60, Speed));
  CHECK(value("rushed", 60, Speed) > 50);
  CHECK(value("fatigued", 80, Speed) < value("fatigued", 20, Speed));
  CHECK(value("fatigued", 20, Speed) < 50);
  CHECK(value("laden", 50, Speed) < 50);
  CHECK(value("inebriated", 60, Speed) < 50);
  CHECK(value("inebriated", 60, Inertia) < 50);
  CHECK(value("inebriated", 60, Anticipation) < 50);
  CHECK(value("inebriated", 60, Probability) < 50);
  CHECK(value("inebriated", 80, Variability) > value("inebriated", 40, Variability));
  CHECK(value("aware", 60, Anticipation) > 50);
  CHECK(value("aware", 60, Probability) > 50);
  CHECK(value("curious", 60, Probability) > 50);
  CHECK(value("curious", 60, Condition) > 50);
  CHECK(value("distracted", 60, Probability) < 50);
  CHECK(value("rushed", 60, Probability) < 50);
  // §6.4.3: "slightly fatigued 35; extreme 10"; "slightly rushed 60; a big rush 85-90".
  CHECK(value("fatigued", 100, Speed) == doctest::Approx(10));
  CHECK(value("rushed", 100, Speed) == doctest::Approx(90));
}

TEST_CASE("agent model: values reach the walk node and the behaviors — defaults change nothing") {
  const Scenario s = parse_scenario(R"(
world: {locations: {g: [10, 0]}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: g}
      seek: {type: attract, input: goal}
      inertia: {type: inertia}
      others: {type: predictive_avoid}
      walk: {type: walk, inputs: [seek, inertia, others]}
agents:
  - {name: plain, behavior: w, position: [0, 0]}
  - {name: rushed, behavior: w, position: [0, 2], attributes: {rushed: 90}}
  - {name: drunk, behavior: w, position: [0, 4], attributes: {inebriated: 60, aware: 15}}
)", "model.yaml");
  const NetTemplate& net = s.nets[0];
  const auto param = [&](int agent, const char* node, const char* p) {
    return s.agents.params_of(agent)[net.find_param(node, p)];
  };
  // Agent 0 has no attributes: its net is exactly as written.
  CHECK(param(0, "walk", "step_length") == 0.7);
  CHECK(param(0, "walk", "step_time") == 0.53);
  CHECK(param(0, "walk", "variation") == 0.0);
  CHECK(param(0, "inertia", "weight") == 1.0);
  CHECK(param(0, "inertia", "stagger") == 0.0);
  CHECK(s.agents.model_stride == s.model.parameter_count());
  const double speed0 = param(0, "walk", "step_length") / param(0, "walk", "step_time");
  const double speed1 = param(1, "walk", "step_length") / param(1, "walk", "step_time");
  const double f = 0.5 + s.agents.model_of(1)[model_p::Speed] / 100.0;
  CHECK(speed1 / speed0 == doctest::Approx(f));
  CHECK(f > 1.3);
  CHECK(param(2, "walk", "step_length") < param(0, "walk", "step_length"));
  CHECK(param(2, "walk", "variation") > 0);
  CHECK(param(2, "inertia", "weight") < param(0, "inertia", "weight"));
  CHECK(param(2, "inertia", "stagger") > 0);
  CHECK(param(2, "others", "anticipation") < 1.0);
  CHECK(param(0, "others", "anticipation") == 1.0);
}

TEST_CASE("agent model: a scenario adds attributes and parameters — unknown names are located") {
  const Scenario s = parse_scenario(R"(
world: {locations: {g: [10, 0]}}
agent_model:
  parameters: {nerve: 40}
  attributes:
    flirtatious: {nerve: "50 100 P D1", probability: {range: [60, 90], map: I}}
behaviors:
  w: {nodes: {goal: {type: location_sensor, target: g}, seek: {type: attract, input: goal},
              walk: {type: walk, inputs: [seek]}}}
agents:
  - {name: homer, behavior: w, position: [0, 0], attributes: {flirtatious: 100, aware: 15}}
)", "model.yaml");
  const int nerve = s.model.find_parameter("nerve");
  REQUIRE(nerve >= 0);
  CHECK(s.agents.model_of(0)[nerve] == doctest::Approx(100));
  // Probability: flirtatious (I, degree 100 → 60) averaged with aware.
  const double aware = recommended_value(s.model.entry(s.model.find_attribute("aware"), model_p::Probability), 15);
  CHECK(s.agents.model_of(0)[model_p::Probability] == doctest::Approx((60 + aware) / 2));
  try {
    parse_scenario(R"(
world: {locations: {g: [10, 0]}}
behaviors:
  w: {nodes: {goal: {type: location_sensor, target: g}, seek: {type: attract, input: goal},
              walk: {type: walk, inputs: [seek]}}}
agents:
  - {name: homer, behavior: w, position: [0, 0], attributes: {inebriatd: 60}}
)", "bad.yaml");
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(e.line() == 7);
    CHECK(std::string(e.what()).find("did you mean 'inebriated'") != std::string::npos);
  }
}

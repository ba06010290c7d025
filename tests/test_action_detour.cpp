// A U-shaped detour with Blumberg's "move to goal" group (D-LOI-07; §5.7.5, Figs 34–35):
// data/scenarios/detour.yaml. Reverse's level of interest falls while it is active and recovers
// only on a free path or in open space, so the walker follows the wall out of the cup and round
// it to the goal instead of circling; with reverse's level of interest off, it circles.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using footfall::test::make_sim;
using footfall::test::source_path;
using namespace footfall;

namespace {

struct Outcome {
  bool arrived = false;
  double seconds = 0;
  double loops = 0;     // the walker's whole turning, in turns
  int reversals = 0;    // times reverse became active
  std::string trace;    // every 2 s: where, which behavior, reverse's level of interest
};

Outcome detour(bool level_of_interest, double limit = 120) {
  Scenario scenario = load_scenario(source_path("data/scenarios/detour.yaml"));
  if (!level_of_interest) {
    action::System& s = scenario.scripts.action.systems[0].system;
    s.behaviors[s.find_behavior("reverse")].loi = {};  // mode off: always 1
  }
  Simulation sim = make_sim(std::move(scenario));
  const action::System& s = *sim.action_system(0);
  const std::uint32_t reverse = s.find_behavior("reverse");
  Outcome o;
  double heading = sim.snapshot().heading[0], turned = 0;
  bool was_reversing = false;
  std::string& trace = o.trace;
  for (int f = 0; f < limit * 30; ++f) {
    sim.step();
    const double h = sim.snapshot().heading[0];
    turned += wrap_angle(h - heading);
    heading = h;
    const AgentAction& x = *sim.action_of(0);
    const bool reversing = !x.state.path.empty() && x.state.path[0] == reverse;
    if (reversing && !was_reversing) ++o.reversals;
    was_reversing = reversing;
    if (f % 60 == 0) {
      const Vec2 p = sim.snapshot().location[0];
      trace += std::to_string(f / 30) + "s (" + std::to_string(p.x()).substr(0, 5) + ", " +
               std::to_string(p.y()).substr(0, 5) + ") " + (x.state.path.empty() ? "-" : s.behaviors[x.state.path[0]].name) +
               " loi " + std::to_string(x.state.loi[reverse]).substr(0, 4) + "\n";
    }
    if ((sim.snapshot().location[0] - Vec2(12, 0)).norm() < 0.6) {
      o.arrived = true;
      o.seconds = sim.time();
      break;
    }
  }
  o.loops = std::abs(turned) / (2 * kPi);
  return o;
}

}  // namespace

TEST_CASE("detour: reverse's level of interest lets a walker round a cup-shaped wall to its goal without circling (D-LOI-07)") {
  const Outcome with = detour(true);
  INFO("with level of interest:\n" << with.trace);
  CAPTURE(with.seconds);
  CAPTURE(with.loops);
  CAPTURE(with.reversals);
  CHECK(with.arrived);
  CHECK(with.seconds < 60);
  CHECK(with.loops <= 2.0);  // a U-shaped detour is about one turn; circling is many
  CHECK(with.reversals >= 1);  // reverse did try to turn it back toward the goal
  // Without it, reverse turns the walker back into the cup whenever the goal lies behind.
  const Outcome without = detour(false);
  INFO("without:\n" << without.trace);
  CAPTURE(without.loops);
  CHECK(!without.arrived);
}

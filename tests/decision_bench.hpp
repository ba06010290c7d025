#pragma once
// One agent's footstep decision with a hand-made world and snapshot: the scenario's agent 0
// decides, the others stand where the scenario puts them.
#include <string>
#include <vector>

#include "footfall/behavior/net.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::test {

struct DecisionBench {
  Scenario s;
  Snapshot snap;
  std::vector<std::uint32_t> neighbours, obstacles;
  SelfState self;
  std::vector<double> params;  // agent 0's block, as the tests edit it

  explicit DecisionBench(const std::string& yaml) : s(parse_scenario(yaml, "bench.yaml")) {
    snap.resize(s.agents.size());
    for (std::size_t a = 0; a < s.agents.size(); ++a) {
      const Vec2 p = s.agents.location(a);
      snap.location[a] = p;
      snap.heading[a] = s.agents.heading(a);
      snap.plan[a] = {p, p, 0, 0};
      snap.radius[a] = s.agents.radius[a];
      snap.active[a] = 1;
      if (a > 0) neighbours.push_back(static_cast<std::uint32_t>(a));
    }
    for (std::uint32_t o = 0; o < s.world.obstacles.size(); ++o) obstacles.push_back(o);
    params = s.agents.params.block(0);
    self.location = s.agents.location(0);
    self.heading = s.agents.heading(0);
    self.planted = s.agents.foot[0][0];
  }
  double& param(const char* node, const char* p) {
    return params[static_cast<std::size_t>(s.nets[0].find_param(node, p))];
  }
  // With `with_self` false, behaviors that compare a candidate with the present contribute nothing.
  SenseContext ctx(bool with_self = true) const {
    return {s.world, snap, neighbours, obstacles, 0, s.agents.radius[0], with_self ? &self : nullptr};
  }
  Decision decide(bool with_self = true) {
    const SenseContext c = ctx(with_self);
    NetEvaluator eval(s.nets[0]);
    std::vector<Footstep> scratch;
    const Feet feet{s.agents.foot[0][0], s.agents.foot_heading[0][0], s.agents.foot[1][0],
                    s.agents.foot_heading[1][0]};
    return decide_step(s.nets[0], params.data(), feet, self.t0, c, eval, scratch);
  }
};

}  // namespace footfall::test

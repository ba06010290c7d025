#pragma once
// One action-selection tick of one agent, in the order of Blumberg 1996 Fig. 19 (§5.4):
//   phase 1, sensing, is the caller's: it passes what the agent perceives;
//   phase 2, stage 1: every internal variable updates (growth, damping, and the ModifyVariable
//     effects of the behaviors active on the previous tick), then every level of interest;
//   phase 2, stage 2: from the top group down, each traversed group's RMs are evaluated, each member
//     valued LOI × Combine(RMs, IVs), arbitrated by mutual inhibition; the losers' suggestions are
//     issued, then the winner's action, and the winner's child group (if any) is traversed next
//     (the thesis's "repeated starting at step (3)" read as step (1): a child group competes first);
//   phase 3, the motor skills, is the caller's (select/motor.hpp) with the acts issued here.
// The winner's object becomes the object of interest; a top-level winner without one clears it.
// Only traversed groups evaluate their RMs (attention, §5.1.1); a group left has its values reset,
// so entering it again is a cold start. Pure: the result depends only on the arguments.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/select/state.hpp"
#include "footfall/select/system.hpp"

namespace footfall::action {

struct Issued {
  Act act;
  std::uint32_t behavior = 0;
  bool winner = false;  // the winner's action (else a loser's suggestion)
  double pre = 0;       // the issuing behavior's pre-inhibition value: the motor queues' order
  Stimulus object;      // the issuing behavior's object, else the object of interest
};

struct TickResult {
  std::vector<Issued> acts;  // in issue order: per traversed group, losers first, then the winner
  bool switched = false;     // the winning leaf differs from the previous tick's
  std::uint32_t iterations = 0;  // arbitration iterations summed over the traversed groups
};

struct TickScratch {
  std::vector<double> pre, values, arbitration, effects;
  std::vector<std::uint8_t> traversed, evaluated;
  std::vector<std::uint32_t> forced_chain;
  std::vector<Stimulus> objects;
};

void tick(const System& system, AgentState& state, std::span<const Stimulus> perceived,
          TickResult& result, TickScratch& scratch);

}  // namespace footfall::action

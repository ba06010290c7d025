#pragma once
// Mutual inhibition inside one behavior group (Blumberg 1996 §5.2, Fig. 16, Table 1).
//
// Each iteration computes, for every member i at once (a Jacobi update),
//   V_i ← max(pre_i − Σ_{m≠i} I_mi · V_m, 0)
// from the previous iteration's V (on the first, the previous tick's post-inhibition values), and
// stops when at most one V is non-zero. Blumberg's fix for a group that does not converge (§5.2:
// "if there is no change and more than one behavior has a non-zero value ... pick the behavior with
// the greatest value") is extended to the stalls the literal rule also has: every value driven to
// 0 while some pre-value is > 0 (a cold start [2, 1] → [2, 1] → [0, 0]), a cycle of period two, and
// the iteration cap. Then the member with the greatest pre-inhibition value (the lowest index on a
// tie) is picked, every other member's inhibition source is set to 0, and the iteration restarts;
// it converges in one more iteration since every gain is > 1.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/select/system.hpp"

namespace footfall::action {

struct Arbitration {
  std::uint32_t winner = kNone;  // the index among the members; kNone when every pre-value is ≤ 0
  std::uint32_t iterations = 0;
  bool fallback = false;         // a stall was broken by picking the greatest pre-inhibition value
};

// `values`: in, the inhibition sources of the first iteration (the previous tick's post-inhibition
// values, 0 for a group not traversed then); out, the post-inhibition values. `gains` is the
// group's members² matrix (Group::gains). With `trace`, each iteration's values are appended.
Arbitration arbitrate(std::span<const double> pre, std::span<double> values,
                      std::span<const double> gains, std::uint32_t max_iterations,
                      std::vector<double>& scratch, std::vector<std::vector<double>>* trace = nullptr);

}  // namespace footfall::action

// One action-selection tick (Blumberg 1996 Fig. 19): see select/tick.hpp.
#include "footfall/select/tick.hpp"

#include <algorithm>

#include "footfall/select/arbitration.hpp"
#include "footfall/select/releasing.hpp"
#include "footfall/select/variables.hpp"

namespace footfall::action {
namespace {

// Phase 2, stage 1: IVs, then levels of interest (a level of interest is an IV clamped to [0, 1]).
void update_variables(const System& system, AgentState& s, TickScratch& scratch) {
  scratch.effects.assign(system.variables.size(), 0.0);
  std::vector<double>& effects = scratch.effects;
  for (std::uint32_t b = 0; b < system.behaviors.size(); ++b) {
    if (!s.active[b]) continue;
    for (const ModifyVariable& m : system.behaviors[b].modifies) {
      if (m.mode == ModifyMode::Set) s.variables[m.variable] = m.gain;
      else effects[m.variable] += effect(m, s.post[b]);
    }
  }
  for (std::uint32_t v = 0; v < system.variables.size(); ++v)
    s.variables[v] = next_variable(system.variables[v], s.variables[v], effects[v]);
  for (std::uint32_t b = 0; b < system.behaviors.size(); ++b) {
    s.active_run[b] = s.active[b] ? s.active_run[b] + 1 : 0;
    const LevelOfInterest& loi = system.behaviors[b].loi;
    // D-LOI-07: recovery only on a sign of progress, the previous tick's values of those RMs.
    const bool signal = loi.recover_on.empty() ||
                        std::any_of(loi.recover_on.begin(), loi.recover_on.end(),
                                    [&](std::uint32_t r) { return s.rms[r].value > 0; });
    s.loi[b] = s.loi_hold[b] >= 0 ? std::min(s.loi_hold[b], 1.0)
                                  : next_loi(loi, s.loi[b], s.active[b], s.progressed[b], s.active_run[b], signal);
  }
}

// LOI × Combine(RMs, IVs) (Fig. 16); evaluates the behavior's RMs once this tick and tracks its
// distance to its object for progress-based level of interest.
double pre_value(const System& system, std::uint32_t b, AgentState& s,
                 std::span<const Stimulus> perceived, TickScratch& scratch, Stimulus& object) {
  const Behavior& behavior = system.behaviors[b];
  double rms = 0, best = 0;
  object = Stimulus{};
  for (const std::uint32_t r : behavior.rms) {
    RmState& rs = s.rms[r];
    if (!scratch.evaluated[r]) {
      scratch.evaluated[r] = 1;
      const ReleasingMechanism& rm = system.rms[r];
      if (evaluate(rm, rs, perceived, s.private_objects, s.pronome, s.memory) > 0)
        for (const ModifyVariable& m : rm.modifies) {  // an RM's side effect on an IV (§5.1.2)
          const InternalVariable& iv = system.variables[m.variable];
          const double v = m.mode == ModifyMode::Set ? m.gain : s.variables[m.variable] + effect(m, rs.value);
          s.variables[m.variable] = std::clamp(v, iv.min, iv.max);
        }
    }
    rms += rs.value;
    if (rs.value > best && rs.object.id != kNoObject) {
      best = rs.value;
      object = rs.object;
    }
  }
  double ivs = behavior.combine == Combine::Add ? 0.0 : 1.0;
  for (const std::uint32_t v : behavior.variables)
    ivs = behavior.combine == Combine::Add ? ivs + s.variables[v] : ivs * s.variables[v];
  double combined = 0;
  if (behavior.combine == Combine::Add) combined = rms + ivs;
  else if (!behavior.rms.empty() || !behavior.variables.empty())
    combined = (behavior.rms.empty() ? 1.0 : rms) * ivs;
  const double d = object.id == kNoObject ? kUnbounded : object.distance;
  s.progressed[b] = d < kUnbounded && s.distance[b] < kUnbounded && s.distance[b] - d >= behavior.loi.progress;
  s.distance[b] = d;
  return s.loi[b] * combined;
}

template <class T>
void push_memory(std::vector<T>& fifo, T item, std::uint32_t n) {
  if (n == 0 || (!fifo.empty() && fifo.front() == item)) return;
  fifo.insert(fifo.begin(), item);
  if (fifo.size() > n) fifo.pop_back();
}

}  // namespace

void tick(const System& system, AgentState& s, std::span<const Stimulus> perceived,
          TickResult& result, TickScratch& scratch) {
  result.acts.clear();
  result.iterations = 0;
  const std::uint32_t previous_leaf = leaf(s);
  update_variables(system, s, scratch);

  // The forced branch (§5.6): the forced behavior and its ancestors win their groups.
  scratch.forced_chain.clear();
  for (std::uint32_t b = s.forced; b != kNone && b < system.behaviors.size();) {
    scratch.forced_chain.push_back(b);
    const std::uint32_t g = system.behaviors[b].parent;
    b = kNone;
    if (g != 0)
      for (std::uint32_t p = 0; p < system.behaviors.size(); ++p)
        if (system.behaviors[p].child == g) b = p;
  }

  scratch.traversed.assign(system.groups.size(), 0);
  scratch.evaluated.assign(system.rms.size(), 0);
  std::fill(s.active.begin(), s.active.end(), 0);
  s.path.clear();
  std::vector<Stimulus>& objects = scratch.objects;
  // A group is traversed at most once a tick, so a hierarchy that loops cannot hang.
  for (std::uint32_t g = 0; g != kNone && !scratch.traversed[g];) {
    scratch.traversed[g] = 1;
    const Group& group = system.groups[g];
    const std::size_t n = group.members.size();
    scratch.pre.resize(n);
    scratch.values.resize(n);
    objects.resize(n);
    std::uint32_t forced = kNone;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t b = group.members[k];
      scratch.pre[k] = pre_value(system, b, s, perceived, scratch, objects[k]);
      scratch.values[k] = s.post[b];
      if (std::find(scratch.forced_chain.begin(), scratch.forced_chain.end(), b) != scratch.forced_chain.end())
        forced = static_cast<std::uint32_t>(k);
    }
    Arbitration arb;
    if (forced != kNone) {
      std::fill(scratch.values.begin(), scratch.values.end(), 0.0);
      scratch.values[forced] = std::max(scratch.pre[forced], 0.0);
      arb.winner = forced;
    } else {
      arb = arbitrate(scratch.pre, scratch.values, group.gains, group.max_iterations, scratch.arbitration);
    }
    result.iterations += arb.iterations;
    for (std::size_t k = 0; k < n; ++k) {
      s.pre[group.members[k]] = scratch.pre[k];
      s.post[group.members[k]] = scratch.values[k];
    }
    if (arb.winner == kNone) break;
    // Losers suggest first (§5.3: "the suggestion callbacks associated with the losers are called
    // first, and then the action callback of the winner is invoked").
    for (std::size_t k = 0; k < n; ++k) {
      if (k == arb.winner) continue;
      const std::uint32_t b = group.members[k];
      const Stimulus& about = objects[k].id != kNoObject ? objects[k] : s.pronome;
      for (const Act& act : system.behaviors[b].suggestion)
        result.acts.push_back({act, b, false, scratch.pre[k], about});
    }
    const std::uint32_t w = group.members[arb.winner];
    s.active[w] = 1;
    s.path.push_back(w);
    // The winner's RM makes its object the object of interest (§5.1.1.1); the groups beneath may
    // use it (`it`) or find their own.
    // A top-level winner with no object (going one's way) lets the object of interest go.
    if (objects[arb.winner].id != kNoObject) s.pronome = objects[arb.winner];
    else if (g == 0) s.pronome = Stimulus{};
    for (const Act& act : system.behaviors[w].action)
      result.acts.push_back({act, w, true, scratch.pre[arb.winner], s.pronome});
    g = system.behaviors[w].child;
  }
  // Groups not traversed start cold when entered again.
  for (std::uint32_t g = 0; g < system.groups.size(); ++g)
    if (!scratch.traversed[g])
      for (const std::uint32_t b : system.groups[g].members) s.post[b] = s.pre[b] = 0;

  const std::uint32_t now = leaf(s);
  result.switched = s.ticks > 0 && now != previous_leaf;
  if (result.switched) ++s.switches;
  if (now != kNone) push_memory(s.memory.behaviors, now, system.memory);
  if (s.pronome.id != kNoObject) push_memory(s.memory.objects, s.pronome.id, system.memory);
  ++s.ticks;
}

}  // namespace footfall::action

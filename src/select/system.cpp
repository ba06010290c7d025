// Lookup and load-time checks of an action-selection system: see select/system.hpp.
#include "footfall/select/system.hpp"

#include <algorithm>

namespace footfall::action {
namespace {

template <class T>
std::uint32_t find_named(const std::vector<T>& items, std::string_view name) {
  for (std::uint32_t i = 0; i < items.size(); ++i)
    if (items[i].name == name) return i;
  return kNone;
}

}  // namespace

std::uint32_t System::find_variable(std::string_view n) const { return find_named(variables, n); }
std::uint32_t System::find_behavior(std::string_view n) const { return find_named(behaviors, n); }
std::uint32_t System::find_group(std::string_view n) const { return find_named(groups, n); }
std::uint32_t System::find_rm(std::string_view n) const { return find_named(rms, n); }
std::uint32_t System::find_kind(std::string_view n) const {
  const auto it = std::find(kinds.begin(), kinds.end(), n);
  return it == kinds.end() ? kNone : static_cast<std::uint32_t>(it - kinds.begin());
}

std::string finish(System& s) {
  if (s.groups.empty()) return "an action-selection system needs at least one behavior group";
  if (!(s.tick > 0)) return "the tick must be > 0 seconds";
  for (Behavior& b : s.behaviors) b.parent = kNone;
  for (std::uint32_t g = 0; g < s.groups.size(); ++g) {
    Group& group = s.groups[g];
    const std::size_t n = group.members.size();
    if (n == 0) return "behavior group '" + group.name + "' has no behaviors";
    if (group.gains.empty()) group.gains.assign(n * n, kDefaultGain);
    if (group.gains.size() != n * n) return "behavior group '" + group.name + "': gains must be members²";
    if (group.max_iterations == 0) return "behavior group '" + group.name + "': max_iterations must be ≥ 1";
    for (std::size_t m = 0; m < n; ++m)
      for (std::size_t i = 0; i < n; ++i)
        if (m != i && !(group.gains[m * n + i] > 1.0))
          return "behavior group '" + group.name + "': the inhibitory gain of '" +
                 s.behaviors[group.members[m]].name + "' against '" + s.behaviors[group.members[i]].name +
                 "' must be > 1 (Blumberg 1996 §5.2)";
    for (const std::uint32_t b : group.members) {
      if (b >= s.behaviors.size()) return "behavior group '" + group.name + "': no such behavior";
      if (s.behaviors[b].parent != kNone)
        return "behavior '" + s.behaviors[b].name + "' is in two behavior groups";
      s.behaviors[b].parent = g;
    }
  }
  for (const Behavior& b : s.behaviors) {
    if (b.parent == kNone) return "behavior '" + b.name + "' is in no behavior group";
    if (b.child != kNone && b.child >= s.groups.size()) return "behavior '" + b.name + "': no such child group";
    if (b.child == 0) return "behavior '" + b.name + "': the top group cannot be a child";
    for (const std::uint32_t r : b.rms)
      if (r >= s.rms.size()) return "behavior '" + b.name + "': no such releasing mechanism";
    for (const std::uint32_t v : b.variables)
      if (v >= s.variables.size()) return "behavior '" + b.name + "': no such internal variable";
  }
  // The hierarchy is a tree below groups[0]: walking up from any group reaches the top.
  for (std::uint32_t g = 1; g < s.groups.size(); ++g) {
    std::uint32_t at = g;
    for (std::size_t hops = 0; at != 0; ++hops) {
      std::uint32_t parent = kNone;
      for (const Behavior& b : s.behaviors)
        if (b.child == at) parent = b.parent;
      if (parent == kNone) return "behavior group '" + s.groups[g].name + "' is no behavior's child";
      if (hops > s.groups.size()) return "behavior group '" + s.groups[g].name + "' contains itself";
      at = parent;
    }
  }
  for (const InternalVariable& v : s.variables)
    if (v.min > v.max) return "internal variable '" + v.name + "': min > max";
  for (const ReleasingMechanism& r : s.rms) {
    if (!(r.min <= r.optimal && r.optimal <= r.max))
      return "releasing mechanism '" + r.name + "': active range must be min ≤ optimal ≤ max";
    if (!r.it && r.kind >= s.kinds.size()) return "releasing mechanism '" + r.name + "': no such kind";
  }
  return {};
}

}  // namespace footfall::action

// Releasing mechanisms: see select/releasing.hpp.
#include "footfall/select/releasing.hpp"

#include <algorithm>
#include <cmath>

namespace footfall::action {

double distance_weight(const ReleasingMechanism& rm, double distance) {
  if (!(distance >= rm.min && distance <= rm.max)) return 0.0;
  if (rm.weighting == Weighting::Flat) return 1.0;
  const double span = distance <= rm.optimal ? rm.optimal - rm.min : rm.max - rm.optimal;
  if (!(span > 0) || std::isinf(span)) return 1.0;  // a degenerate side: full weight up to its end
  const double u = std::clamp(std::abs(distance - rm.optimal) / span, 0.0, 1.0);
  if (rm.weighting == Weighting::Linear) return 1.0 - u;
  const double k = rm.steepness;
  return (std::exp(-k * u) - std::exp(-k)) / (1.0 - std::exp(-k));
}

bool passes_filter(const ReleasingMechanism& rm, std::uint32_t fields) {
  if (rm.fields == 0) return true;
  const std::uint32_t on = fields & rm.fields;
  switch (rm.logic) {
    case FieldLogic::Any: return on != 0;
    case FieldLogic::All: return on == rm.fields;
    case FieldLogic::Not: return on == 0;
    case FieldLogic::Nand: return on != rm.fields;
  }
  return false;
}

namespace {

bool remembered(const Memory& memory, std::uint64_t id) {
  return std::find(memory.objects.begin(), memory.objects.end(), id) != memory.objects.end();
}

// The closest object of the RM's kind passing its filter, ties to the lower id (any order in).
Stimulus find(const ReleasingMechanism& rm, std::span<const Stimulus> perceived,
              std::span<const Stimulus> private_objects, const Stimulus& pronome, const Memory& memory) {
  if (rm.it) return passes_filter(rm, pronome.fields) ? pronome : Stimulus{};
  Stimulus best;
  best.distance = kUnbounded;
  auto consider = [&](const Stimulus& s) {
    if (s.kind != rm.kind || !passes_filter(rm, s.fields)) return;
    if (rm.novel && s.id != pronome.id && remembered(memory, s.id)) return;  // not what it does now
    if (s.distance < best.distance || (s.distance == best.distance && s.id < best.id)) best = s;
  };
  for (const Stimulus& s : perceived) consider(s);
  for (const Stimulus& s : private_objects) consider(s);
  return best;
}

}  // namespace

double evaluate(const ReleasingMechanism& rm, RmState& state, std::span<const Stimulus> perceived,
                std::span<const Stimulus> private_objects, const Stimulus& pronome,
                const Memory& memory) {
  const Stimulus found = find(rm, perceived, private_objects, pronome, memory);
  const double weight = found.id == kNoObject ? 0.0 : distance_weight(rm, found.distance);
  state.raw = rm.max_value * weight;
  state.object = weight > 0 ? found : Stimulus{};
  const std::uint32_t w = std::max<std::uint32_t>(rm.window, 1);
  switch (rm.temporal) {
    case Temporal::None:
      state.value = state.raw;
      break;
    case Temporal::Average:
    case Temporal::Sum: {
      if (state.window.size() != w) state.window.assign(w, 0.0);
      state.window[state.head] = state.raw;
      state.head = (state.head + 1) % w;
      double sum = 0;
      for (const double v : state.window) sum += v;
      state.value = rm.temporal == Temporal::Sum ? sum : sum / w;
      break;
    }
    case Temporal::Latch:
      // Active while the stimulus was detected at any time within the last `window` ticks; the value
      // and object are those of that detection.
      if (state.raw > 0) {
        state.since = 0;
        state.latched = state.object;
        state.value = state.raw;
      } else if (state.since != std::numeric_limits<std::uint32_t>::max() && ++state.since < w) {
        state.object = state.latched;
      } else {
        state.value = 0;
        state.since = std::numeric_limits<std::uint32_t>::max();
      }
      break;
  }
  return state.value;
}

}  // namespace footfall::action

#pragma once
// Internal variables and level of interest (Blumberg 1996 §5.1.2, Fig. 10, §5.2).
#include "footfall/select/system.hpp"

namespace footfall::action {

// Fig. 10, as repaired (docs/action_selection.md): IV_i(t) = IV_i(t−1)·(1 − damping_i) + growth_i
// + Σ_k effect_ki, clamped to [min, max]. The OCR reads "(IV_i(t−1) − damping_i) + growth −
// Σ effect"; only the multiplicative damping has the asymptote growth/damping the text states, and
// Fig. 12's ModifyVariable gain is signed (−.01 "reduces"), so effects are added with their sign.
double next_variable(const InternalVariable& v, double value, double effects);

// One tick of a behavior's level of interest in [0, 1] (§5.2): Time falls by `decay` while the
// behavior is active and rises by `recovery` while not; Progress falls while active without
// progress and rises on progress or while inactive; Off stays at 1.
// `run`: ticks the behavior has been active in a row, this one included (for LoiMode::Course).
// `signal`: one of the behavior's `recover_on` RMs released something (true when it has none).
double next_loi(const LevelOfInterest& loi, double value, bool active, bool progressed, std::uint32_t run = 0,
                bool signal = true);

// The effect of a ModifyVariable whose source (behavior or RM) has `value` this tick.
inline double effect(const ModifyVariable& m, double value) {
  return m.mode == ModifyMode::Multiply ? m.gain * value : m.gain;
}

}  // namespace footfall::action

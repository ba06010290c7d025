#include "footfall/behavior/model_effects.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/agents/agent_model.hpp"

namespace footfall {

void apply_model_effects(const NetTemplate& net, std::span<const double> v, double* params) {
  if (v.size() < static_cast<std::size_t>(model_p::Count)) return;
  const double speed = v[model_p::Speed], inertia = v[model_p::Inertia];
  const double anticipation = v[model_p::Anticipation], variability = v[model_p::Variability];
  for (const NetNode& n : net.nodes()) {
    double* p = params + n.param_offset;
    switch (n.kind) {
      case NodeKind::Walk:
        if (speed != 50) {
          const double root = std::sqrt(0.5 + speed / 100.0);
          for (const int k : {walk_p::StepLength, walk_p::MinStep, walk_p::MaxStep})
            p[k] = std::min(3.0, p[k] * root);
          p[walk_p::StepTime] /= root;
        }
        if (variability > 0) p[walk_p::Variation] = std::min(0.9, 0.4 * variability / 100.0);
        break;
      case NodeKind::Inertia:
        if (inertia != 50) {
          p[inertia_p::Weight] *= inertia / 50.0;
          if (inertia < 50)
            p[inertia_p::Stagger] = std::max(p[inertia_p::Stagger], kMaxStagger * (50 - inertia) / 50);
        }
        break;
      case NodeKind::PredictiveAvoid:
        if (anticipation != 50) p[pavoid_p::Anticipation] = anticipation / 50.0;
        break;
      case NodeKind::PredictiveAttract:
        if (anticipation != 50) p[pattract_p::Anticipation] = anticipation / 50.0;
        break;
      default:
        break;
    }
  }
}

}  // namespace footfall

#include "footfall/behavior/anticipation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace footfall {

double terrain_lookahead(const World& world, const Vec2& foot, double heading, int steps,
                         double stride, double decay) {
  const Vec2 dir = unit_from_heading(heading);
  double sum = 0, f = 1;
  for (int k = 0; k < steps; ++k) {
    sum += f * (1.0 - world.navigability_at(foot + (k * stride) * dir));
    f *= decay;
  }
  return sum;
}

Intercept intercept_time(const Vec2& offset, const Vec2& v, double T) {
  const double a = v.squaredNorm();                   // (8.14)
  const double b = 2.0 * offset.dot(v);               // (8.15)
  const double c = offset.squaredNorm() - T * T;      // (8.16)
  Intercept out;
  // c ≤ 0: already within T (one root ≤ 0 ≤ the other, or both 0).
  if (c <= 0) {
    out.kind = InterceptCase::Within;
    return out;
  }
  // Equal velocities: the distance never changes, and it is more than T.
  if (a <= 1e-12) return out;
  const double disc = b * b - 4.0 * a * c;  // (8.17)
  if (disc < 0) {
    // They never come within T. Closest approach at t* = −b / 2a, at distance
    // √(c + T² − b² / 4a) (the threshold with which the thesis solves again, for a double root).
    const double t = -b / (2.0 * a);
    if (t <= 0) return out;  // the closest approach is behind us: diverging
    out.kind = InterceptCase::ClosestApproach;
    out.time = t;
    out.min_distance = std::sqrt(std::max(0.0, c + T * T - b * b / (4.0 * a)));
    return out;
  }
  // c > 0: the roots have the same sign; both negative means they are moving apart.
  const double q = std::sqrt(disc);
  const double t1 = (-b - q) / (2.0 * a);
  if (t1 < 0) return out;
  out.kind = InterceptCase::Roots;
  out.time = t1;
  return out;
}

double intercept_stress(const Intercept& i, const Vec2& offset, double T, double v_ref) {
  switch (i.kind) {
    case InterceptCase::Within: return 0.0;
    case InterceptCase::Roots: return i.time;
    case InterceptCase::ClosestApproach:
      return kNoIntercept + i.time + (i.min_distance - T) / v_ref;
    case InterceptCase::Diverging: break;
  }
  return 2 * kNoIntercept + std::max(0.0, offset.norm() - T) / v_ref;
}

PredictedMover predict_mover(const Plan& other, double radius, const MotionBiases& b) {
  PredictedMover m;
  m.plan = other;
  m.radius = radius;
  m.stride = (other.to - other.from).norm();
  const double total = b.straight + b.faster + b.slower + b.left + b.right;
  if (total <= 0) return m;
  const Vec2 v = other.velocity();
  const auto turned = [&](double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return Vec2(c * v.x() - s * v.y(), s * v.x() + c * v.y());
  };
  m.velocity = {v, (1 + b.speed_change) * v, (1 - b.speed_change) * v, turned(b.turn), turned(-b.turn)};
  m.weight = {b.straight / total, b.faster / total, b.slower / total, b.left / total, b.right / total};
  for (std::size_t c = 0; c < m.velocity.size(); ++c)
    if (m.weight[c] != 0) m.max_speed = std::max(m.max_speed, m.velocity[c].norm());
  return m;
}

double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& own_velocity, double self_radius, const Plan& other,
                             double other_radius, const PredictiveAvoidParams& p) {
  return collision_probability(from, to, t0, duration, own_velocity, self_radius,
                               predict_mover(other, other_radius, p.biases), p);
}

void track_mover(const PredictedMover& m, double t0, double duration, const PredictiveAvoidParams& p,
                 MoverTrack& out) {
  const Plan& other = m.plan;
  out.steps.resize(static_cast<std::size_t>(std::max(0, p.steps)));
  for (int k = 0; k < p.steps; ++k) {
    MoverTrack::Step& step = out.steps[k];
    const double ta = t0 + k * duration, tb = ta + duration;
    // Both motions are linear between these cuts.
    std::array<double, 4> cuts = {ta, tb, std::clamp(other.t0, ta, tb), std::clamp(other.t1, ta, tb)};
    std::sort(cuts.begin(), cuts.end());
    step.on_own_step = step.pieces = 0;
    for (std::size_t i = 0; i < cuts.size(); ++i) {
      const bool own = cuts[i] <= t0 + duration;
      step.along[i] = own ? (cuts[i] - t0) / duration : cuts[i] - t0 - duration;
      step.on_own_step |= static_cast<std::uint8_t>(own << i);
      if (i + 1 < cuts.size() && !(cuts[i + 1] <= cuts[i])) step.pieces |= static_cast<std::uint8_t>(1 << i);
    }
    // Pieces that end by the end of the other's step see its plan, whatever it does next.
    std::size_t first_predicted = 0;
    while (first_predicted + 1 < cuts.size() && cuts[first_predicted + 1] <= other.t1) ++first_predicted;
    step.first_predicted = static_cast<std::uint8_t>(first_predicted);
    step.box = {};
    const auto hold = [&](const Vec2& q) {
      step.box.add(q);
      return q;
    };
    // extrapolate() per prediction, with the plan's part (a division) once per cut.
    std::array<Vec2, 4> on_plan;
    for (std::size_t i = 0; i < cuts.size(); ++i) on_plan[i] = other.at(cuts[i]);
    if (first_predicted > 0)
      for (std::size_t i = 0; i <= first_predicted; ++i) step.plan[i] = hold(on_plan[i]);
    for (std::size_t c = 0; c < m.velocity.size(); ++c) {
      if (m.weight[c] == 0) continue;
      for (std::size_t i = first_predicted; i < cuts.size(); ++i)
        step.predicted[c][i] = hold(cuts[i] <= other.t1 ? on_plan[i]
                                                        : Vec2(other.to + m.velocity[c] * (cuts[i] - other.t1)));
    }
  }
}

namespace {

// What collision_probability asks of the agent's step, whoever the other is.
struct OwnStep {
  Vec2 from, to, velocity;
  double t0, duration, radius;
  double reach;    // how far from `from` it gets by the horizon
  double horizon;  // t0 + s·duration
};

OwnStep own_step(const Vec2& from, const Vec2& to, double t0, double duration, const Vec2& velocity,
                 double radius, const PredictiveAvoidParams& p) {
  return {from, to, velocity, t0, duration, radius,
          (to - from).norm() + velocity.norm() * (p.steps - 1) * duration, t0 + p.steps * duration};
}

// Per step k, the box around where the agent is from the step's start to its end (it moves
// linearly within a step, so the box holds its position at every cut but for rounding).
void own_boxes(const OwnStep& own, int steps, std::vector<Aabb>& out) {
  // Where the agent is at time t, as probability() works it out from a track's `along`.
  const auto at = [&](double t) {
    return t <= own.t0 + own.duration ? Vec2(own.from + (own.to - own.from) * ((t - own.t0) / own.duration))
                                      : Vec2(own.to + own.velocity * (t - own.t0 - own.duration));
  };
  out.resize(static_cast<std::size_t>(std::max(0, steps)));
  for (int k = 0; k < steps; ++k) {
    const double ta = own.t0 + k * own.duration, tb = ta + own.duration;
    out[k] = {};
    out[k].add(at(ta));
    out[k].add(at(tb));
  }
}

// Too far apart to come within the margin before the horizon: every φ is 0, and so is the sum.
// Over the horizon the agent stays within its step plus what it walks on of `from`, the other
// within its step plus its fastest prediction of the end of its step. (The 1 µm keeps rounding in
// the exact distances from ever mattering.) `distance`: from `from` to the end of the other's step.
bool out_of_reach(const OwnStep& own, const PredictedMover& m, double distance,
                  const PredictiveAvoidParams& p) {
  const double contact = own.radius + m.radius;
  const double other_reach = m.stride + m.max_speed * std::max(0.0, own.horizon - m.plan.t1);
  return distance - own.reach - other_reach > contact + p.margin + 1e-6;
}

// Both ends of a piece beyond `r` on the same side along one axis: the whole piece is.
bool beyond(const Vec2& a, const Vec2& b, double r) {
  return (a.x() > r && b.x() > r) || (a.x() < -r && b.x() < -r) || (a.y() > r && b.y() > r) ||
         (a.y() < -r && b.y() < -r);
}

double probability(const OwnStep& own, std::span<const Aabb> boxes, const PredictedMover& m,
                   const MoverTrack& track, const PredictiveAvoidParams& p) {
  const double contact = own.radius + m.radius;
  const auto phi = [&](double d) { return std::clamp((contact + p.margin - d) / p.margin, 0.0, 1.0); };
  // Beyond this squared distance φ is exactly 0 (the root would be at least contact + margin):
  // most predictions end there, and the root and the division are the loop's slowest steps.
  const double clear2 = (contact + p.margin) * (contact + p.margin) * (1 + 1e-12);
  // Farther apart than this (the µm again outweighs any rounding), a piece's closest approach is
  // beyond clear2 and cannot change whether a prediction's minimum is within it: it is skipped.
  const double far = contact + p.margin + 1e-6;
  const Vec2 move = own.to - own.from;
  double sum = 0, f = 1;
  for (std::size_t k = 0; k < track.steps.size(); ++k) {
    const MoverTrack::Step& step = track.steps[k];
    // The agent's box and the other's apart (the agent moves linearly within a step, so its box
    // holds every cut's position but for rounding): every piece is, P_k is 0 and adds nothing.
    if (apart(boxes[k], step.box, far)) {
      f *= p.decay;
      continue;
    }
    std::array<Vec2, 4> self;
    for (std::size_t i = 0; i < self.size(); ++i)
      self[i] = step.on_own_step >> i & 1 ? Vec2(own.from + move * step.along[i])
                                          : Vec2(own.to + own.velocity * step.along[i]);
    // Pieces that end by the end of the other's step are the same for every prediction. Squared
    // distances throughout, one root per prediction.
    double shared = kInf;
    for (std::size_t i = 0; i < step.first_predicted; ++i) {
      if (!(step.pieces >> i & 1)) continue;
      const Vec2 r0 = step.plan[i] - self[i], r1 = step.plan[i + 1] - self[i + 1];
      if (!beyond(r0, r1, far)) shared = std::min(shared, closest_squared_to_origin(r0, r1));
    }
    double pk = 0;
    for (std::size_t c = 0; c < m.velocity.size(); ++c) {
      if (m.weight[c] == 0) continue;
      double d2 = shared;
      for (std::size_t i = step.first_predicted; i + 1 < self.size(); ++i) {
        if (!(step.pieces >> i & 1)) continue;  // duration > 0: some piece is not empty
        const Vec2 r0 = step.predicted[c][i] - self[i], r1 = step.predicted[c][i + 1] - self[i + 1];
        if (!beyond(r0, r1, far)) d2 = std::min(d2, closest_squared_to_origin(r0, r1));
      }
      if (d2 <= clear2) pk += m.weight[c] * phi(std::sqrt(d2));
    }
    sum += f * pk;
    f *= p.decay;
  }
  return sum;
}

}  // namespace

double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& own_velocity, double self_radius, const PredictedMover& m,
                             const PredictiveAvoidParams& p) {
  if (duration <= 0) return 0.0;
  const OwnStep own = own_step(from, to, t0, duration, own_velocity, self_radius, p);
  if (out_of_reach(own, m, (m.plan.to - from).norm(), p)) return 0.0;
  std::vector<Aabb> boxes;
  own_boxes(own, p.steps, boxes);
  MoverTrack track;
  track_mover(m, t0, duration, p, track);
  return probability(own, boxes, m, track, p);
}

void AvoidanceForecast::reset(const Vec2& from, double t0) {
  from_ = from;
  t0_ = t0;
  movers_.clear();
  distance_.clear();
  durations_.clear();
  made_.clear();
}

void AvoidanceForecast::add(const PredictedMover& m) {
  movers_.push_back(m);
  distance_.push_back((m.plan.to - from_).norm());
}

double AvoidanceForecast::max_probability(const Vec2& to, double duration, const Vec2& velocity,
                                          double self_radius, const PredictiveAvoidParams& p) {
  double most = 0;
  if (duration <= 0 || movers_.empty()) return most;
  const OwnStep own = own_step(from_, to, t0_, duration, velocity, self_radius, p);
  bool boxed = false;
  const std::size_t n = movers_.size();
  std::size_t slot = std::find(durations_.begin(), durations_.end(), duration) - durations_.begin();
  if (slot == durations_.size()) {
    durations_.push_back(duration);
    made_.resize(durations_.size() * n, 0);
    if (tracks_.size() < made_.size()) tracks_.resize(made_.size());
  }
  for (std::size_t j = 0; j < n; ++j) {
    if (out_of_reach(own, movers_[j], distance_[j], p)) continue;
    MoverTrack& track = tracks_[slot * n + j];
    if (!made_[slot * n + j]) {
      track_mover(movers_[j], t0_, duration, p, track);
      made_[slot * n + j] = 1;
    }
    if (!boxed) {
      own_boxes(own, p.steps, own_boxes_);
      boxed = true;
    }
    most = std::max(most, probability(own, own_boxes_, movers_[j], track, p));
  }
  return most;
}

}  // namespace footfall

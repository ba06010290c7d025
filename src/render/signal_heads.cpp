#include "footfall/render/signal_heads.hpp"

#include <cmath>

#include "footfall/render/ground_marks.hpp"

namespace footfall::render {
namespace {

struct Mount {
  Vec2 at;       // pole centre
  double radius;
};

// The nearest pole within reach of p; otherwise a new pole at `fallback`.
Mount mount_near(const World& w, const Vec2& p, const Vec2& fallback, SignalLayout& layout) {
  const Cylinder* best = nullptr;
  double best_d = kPoleReach;
  for (const Obstacle& o : w.obstacles)
    if (const auto* c = std::get_if<Cylinder>(&o.shape)) {
      const double d = (c->center - p).norm();
      if (d < best_d) best_d = d, best = c;
    }
  if (best) return {best->center, best->radius};
  for (const Vec2& q : layout.new_poles)
    if ((q - fallback).norm() < 1e-6) return {q, 0.1};
  layout.new_poles.push_back(fallback);
  return {fallback, 0.1};
}

// A head hangs on the side of its pole it faces.
SignalHead head_on(const Mount& m, HeadKind kind, int signal, double facing, double height) {
  const Vec2 out = m.radius * unit_from_heading(facing) + 0.12 * unit_from_heading(facing);
  return {kind, signal, {m.at.x() + out.x(), m.at.y() + out.y(), height}, facing};
}

}  // namespace

SignalLayout signal_layout(const World& w) {
  SignalLayout layout;
  const std::size_t signals = w.signals.size();
  std::vector<Vec2> centre_sum(signals, Vec2::Zero());
  std::vector<int> crosswalks(signals, 0);
  std::vector<Strip> strip_of_signal(signals);
  for (const GroundRegion& r : w.regions) {
    if (r.signal < 0) continue;
    const Strip s = strip_of(r.polygon);
    const auto k = static_cast<std::size_t>(r.signal);
    centre_sum[k] += s.centre;
    strip_of_signal[k] = s;
    ++crosswalks[k];
    // Pedestrian heads: at each end, facing back across the crosswalk.
    for (const double end : {1.0, -1.0}) {
      const Vec2 at = s.centre + end * s.half_length * s.axis;
      const Vec2 toward_middle = (w.bounds().lo + w.bounds().hi) * 0.5 - at;
      const Vec2 side = s.axis.x() * toward_middle.y() - s.axis.y() * toward_middle.x() > 0
                            ? Vec2(-s.axis.y(), s.axis.x()) : Vec2(s.axis.y(), -s.axis.x());
      const Vec2 fallback = at + 0.4 * end * s.axis + (s.half_width + 0.3) * side;
      const Mount m = mount_near(w, at, fallback, layout);
      layout.heads.push_back(head_on(m, HeadKind::Pedestrian, r.signal, heading_of(-end * s.axis),
                                     kPedestrianHeadHeight));
    }
  }
  // Vehicle heads: the signal's traffic runs along its crosswalks, both ways.
  for (std::size_t k = 0; k < signals; ++k) {
    if (crosswalks[k] == 0) continue;
    const Vec2 centre = centre_sum[k] / crosswalks[k];
    const Strip& s = strip_of_signal[k];
    for (const double way : {1.0, -1.0}) {
      const Vec2 travel = way * s.axis;
      const Vec2 right(travel.y(), -travel.x());
      const Vec2 corner = centre + s.half_length * (travel + right);
      const Mount m = mount_near(w, corner, corner + 0.3 * (travel + right), layout);
      layout.heads.push_back(head_on(m, HeadKind::Vehicle, static_cast<int>(k), heading_of(-travel),
                                     kVehicleHeadHeight));
    }
  }
  return layout;
}

LampsOn lamps_on(HeadKind kind, const patnet::SignalState& state, double time) {
  LampsOn on;
  if (kind == HeadKind::Vehicle) {
    on.lamp[0] = state.lamp == patnet::Lamp::Red;
    on.lamp[1] = state.lamp == patnet::Lamp::Yellow;
    on.lamp[2] = state.lamp == patnet::Lamp::Green;
  } else {
    const bool flash_on = time - std::floor(time) < 0.5;
    on.lamp[0] = state.head == patnet::Head::DontWalk ||
                 (state.head == patnet::Head::FlashingDontWalk && flash_on);
    on.lamp[1] = state.head == patnet::Head::Walk;
  }
  return on;
}

}  // namespace footfall::render

#include "footfall/behavior/walk.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "footfall/behavior/headway.hpp"

namespace footfall {

FanParams FanParams::from(const double* w) {
  FanParams f;
  f.arcs = static_cast<int>(w[walk_p::Arcs]);
  f.rays = static_cast<int>(w[walk_p::Rays]);
  f.min_step = w[walk_p::MinStep];
  f.max_step = std::max(w[walk_p::MaxStep], f.min_step);
  f.max_turn = w[walk_p::MaxTurn];
  f.goal_candidate = w[walk_p::GoalCandidate] != 0.0;
  f.stay_candidate = w[walk_p::StayCandidate] != 0.0;
  f.turn_in_place = w[walk_p::TurnInPlace] != 0.0;
  f.side_step = w[walk_p::SideStep];
  f.back_step = w[walk_p::BackStep];
  f.step_length = w[walk_p::StepLength];
  f.step_time = w[walk_p::StepTime];
  f.time_gap = w[walk_p::TimeGap];
  f.shortest_step = w[walk_p::ShortestStep];
  f.sidle = w[walk_p::Sidle];
  return f;
}

FanParams FanParams::reduced() const {
  FanParams f = *this;
  f.arcs = std::max(1, (arcs + 1) / 2);
  f.rays = rays > 1 ? ((rays - 1) / 2) | 1 : 1;
  return f;
}

void generate_candidates(const FanParams& fan, const Feet& feet, std::span<const Vec2> goals,
                         std::vector<Footstep>& out) {
  out.clear();
  const double heading = feet.heading();
  // Each ray once, not once per arc: its turn, the foot's heading and its direction (a cosine and
  // a sine).
  struct Ray {
    double turn, foot_heading;
    Vec2 u;
  };
  std::array<Ray, walk_p::kMaxRays> ray;
  const int rays = std::min(fan.rays, walk_p::kMaxRays);
  for (int j = 0; j < rays; ++j) {
    const double turn = fan.ray_turn(j), h = heading + turn;
    ray[j] = {turn, wrap_angle(h), unit_from_heading(h)};
  }
  for (int i = 0; i < fan.arcs; ++i) {
    const double len = fan.arcs == 1 ? fan.max_step
                                     : fan.min_step + (fan.max_step - fan.min_step) * i / (fan.arcs - 1);
    for (int j = 0; j < rays; ++j)
      out.push_back({StepKind::Fan, feet.planted + len * ray[j].u, ray[j].foot_heading, ray[j].turn, len});
  }
  if (fan.goal_candidate)
    for (const Vec2& g : goals) {
      const Vec2 v = g - feet.planted;
      const double len = v.norm();
      if (len < 1e-6 || len > fan.max_step) continue;
      const double turn = wrap_angle(heading_of(v) - heading);
      if (std::abs(turn) > fan.max_turn + 1e-12) continue;
      out.push_back({StepKind::Goal, g, wrap_angle(heading + turn), turn, len});
    }
  const double closing = (feet.planted - feet.trailing).norm();
  if (fan.stay_candidate) out.push_back({StepKind::Stay, feet.planted, feet.planted_heading, 0.0, closing});
  // A pivot leaves the other foot ahead, so pivots cannot chain: back and forth they would hold the
  // body still for good wherever everything else costs more (a cylinder just ahead, S18).
  const bool trailing_behind = (feet.planted - feet.trailing).dot(unit_from_heading(heading)) > 1e-9;
  if (fan.turn_in_place && fan.rays > 1)
    for (int j = 0; j < fan.rays; ++j) {
      const double turn = fan.ray_turn(j);
      if (turn == 0.0) continue;  // that is Stay
      out.push_back({StepKind::Turn, feet.planted, wrap_angle(heading + turn), turn, closing});
      // Pivoting on the trailing foot without closing up keeps the body where it is, so an
      // agent that has walked up against a wall or a crowd can still turn away from it.
      if (closing > 1e-9 && trailing_behind)
        out.push_back({StepKind::Turn, feet.trailing, wrap_angle(heading + turn), turn, 0.0});
    }
  if (fan.side_step > 0)
    for (const double side : {-1.0, 1.0})
      out.push_back({StepKind::Side, feet.planted + fan.side_step * unit_from_heading(heading + side * kPi / 2),
                     wrap_angle(heading), 0.0, fan.side_step});
  if (fan.back_step > 0) {
    // The stance may end at most half a back step wider than the longest fan step (0.87 m with
    // the default fan and a 0.3 m back step; the authored steps reach 0.95 m): beyond that no leg
    // reaches.
    const Vec2 back = feet.trailing - fan.back_step * unit_from_heading(heading);
    if ((back - feet.planted).norm() <= fan.max_step + 0.5 * fan.back_step + 1e-9)
      out.push_back({StepKind::Back, back, wrap_angle(heading), 0.0, fan.back_step});
  }
}

void apply_walking_speed(double* w, double speed) {
  const double length = std::sqrt(kWalkRatio * speed);
  w[walk_p::StepLength] = w[walk_p::MaxStep] = length;
  w[walk_p::StepTime] = std::sqrt(kWalkRatio / speed);
  w[walk_p::MinStep] = std::min(w[walk_p::MinStep], length);
}

Pose pose_after(const Feet& feet, const Footstep& step) {
  // Either way the moving foot becomes the forward foot; for Stay it closes onto the planted one.
  return {0.5 * (feet.planted + step.foot), mean_heading(feet.planted_heading, step.foot_heading),
          step.foot};
}

double step_duration(const FanParams& fan, const Footstep& step) {
  if ((step.kind == StepKind::Stay || step.kind == StepKind::Turn) && step.length < 1e-9)
    return fan.step_time;
  const double ratio = std::pow(fan.step_length / std::max(step.length, 1e-3), kCadenceExponent);
  return fan.step_time * std::clamp(ratio, kStepTimeRatioMin, kStepTimeRatioMax);
}

Footstep turning_step(const Feet& feet, double heading) {
  const double agent = feet.heading();
  const double closing = (feet.planted - feet.trailing).norm();
  const double mid_cycle = wrap_angle(feet.planted_heading - feet.trailing_heading);
  double foot_heading = feet.planted_heading;  // bring the other foot alongside
  if (std::abs(mid_cycle) < 1e-9) {
    const double rest = wrap_angle(heading - feet.planted_heading);
    foot_heading = wrap_angle(feet.planted_heading + std::clamp(rest, -kPi / 2, kPi / 2));
  }
  const double turn = wrap_angle(foot_heading - agent);
  if (closing < 1e-9 && std::abs(wrap_angle(foot_heading - feet.trailing_heading)) < 1e-12)
    return {StepKind::Stay, feet.planted, feet.planted_heading, 0.0, 0.0};
  return {StepKind::Turn, feet.planted, foot_heading, turn, closing};
}

bool better(double ea, const Footstep& a, double eb, const Footstep& b) {
  if (ea != eb) return ea < eb;
  if (a.kind != b.kind) return a.kind < b.kind;
  const double ta = std::abs(a.turn), tb = std::abs(b.turn);
  if (ta != tb) return ta < tb;
  if ((a.turn < 0) != (b.turn < 0)) return a.turn < 0;
  if (a.length != b.length) return a.length > b.length;
  return a.foot.x() != b.foot.x() ? a.foot.x() < b.foot.x() : a.foot.y() < b.foot.y();
}

double min_distance_to_plan(const Vec2& from, const Vec2& to, double t0, double t1,
                            const Plan& p) {
  const double end = std::max(t1, p.t1);
  double cuts[4] = {t0, t1, p.t0, p.t1};
  std::sort(cuts, cuts + 4);
  const auto mine = [&](double t) {
    if (t >= t1) return to;
    return Vec2(from + (to - from) * ((t - t0) / (t1 - t0)));
  };
  double best = (mine(t0) - p.at(t0)).norm();
  double a = t0;
  for (int k = 0; k <= 4; ++k) {
    const double b = k < 4 ? std::clamp(cuts[k], t0, end) : end;
    if (b <= a) continue;
    // Both motions are linear on [a, b]: minimise |r0 + v s| for s in [0, b − a].
    const Vec2 r0 = mine(a) - p.at(a);
    const Vec2 v = (mine(b) - p.at(b)) - r0;
    const double vv = v.squaredNorm();
    const double s = vv > 0 ? std::clamp(-r0.dot(v) / vv, 0.0, 1.0) : 0.0;
    best = std::min(best, (r0 + s * v).norm());
    a = b;
  }
  return best;
}

bool foot_crosses_solid(const SenseContext& ctx, const Vec2& planted, const Vec2& foot) {
  for (const std::uint32_t o : ctx.obstacles) {
    const Obstacle& ob = ctx.world.obstacles[o];
    if (ob.solid && !segment_beyond(ob.shape, planted, foot, kFootHalfWidth) &&
        segment_distance_to(ob.shape, planted, foot) < kFootHalfWidth)
      return true;
  }
  return false;
}

bool step_collides(const SenseContext& ctx, const Vec2& from, const Vec2& to, double t0,
                   double duration, double heading_from, double heading_to) {
  // Already touching (rounding leaves bodies a hair inside each other's reach), a step that does
  // not come any closer is allowed: otherwise two people in contact would freeze for good.
  constexpr double kSlack = 1e-9;
  const double r = ctx.self_radius;
  for (const std::uint32_t o : ctx.obstacles) {
    const Obstacle& ob = ctx.world.obstacles[o];
    if (!ob.solid || segment_beyond(ob.shape, from, to, r)) continue;  // d ≥ r: clear
    // d < min(r, now − slack), with the costlier distance from `from` only for near misses.
    const double d = segment_distance_to(ob.shape, from, to);
    if (d < r && d < distance_to(ob.shape, from) - kSlack) return true;
  }
  Aabb step_box;  // the body stays on [from, to] while stepping, and at `to` after
  step_box.add(from);
  step_box.add(to);
  const double stride = (to - from).norm();
  for (const std::uint32_t j : ctx.neighbours) {
    if (j == ctx.self) continue;
    const double reach = r + ctx.snapshot.radius[j];
    const Plan& plan = ctx.snapshot.plan[j];
    // Cheap bounds first, either enough to pass the neighbour over. Both boxes more than reach
    // apart (a micrometre to spare for rounding): so are the bodies. Neither can be farther than
    // its whole path from where it starts.
    Aabb other_box;
    other_box.add(plan.from);
    other_box.add(plan.to);
    if (apart(step_box, other_box, reach + 1e-6)) continue;
    const double slack = stride + (plan.to - plan.from).norm() + reach;
    if ((plan.from - from).squaredNorm() > slack * slack) continue;
    const double d = min_distance_to_plan(from, to, t0, t0 + duration, plan);
    if (d >= reach) continue;
    const BodySize mine = ctx.self_body(), theirs = ctx.snapshot.body(j);
    if (mine.disc() && theirs.disc()) {
      if (d < (plan.at(t0) - from).norm() - kSlack) return true;
      continue;
    }
    // The bounding discs come within reach: the capsules decide, where the measure looks.
    const BodyPath path{{from, to, t0, t0 + duration}, heading_from, heading_to};
    const BodyPath other = ctx.snapshot.body_path(j);
    const double gap = min_body_gap(path, mine, other, theirs, t0,
                                    std::max(t0 + duration, plan.t1), ctx.frame_dt);
    if (gap < 0 && gap < body_gap_bound(from, heading_from, mine, plan.at(t0), other.heading_at(t0), theirs) - kSlack)
      return true;
  }
  return false;
}

namespace {

// step_duration with the cadence law's pow once per step length of a decision: the fan's arcs,
// the pivots' closing, the side and back steps and the headway's guesses share a few lengths, but
// the straight-ahead steps are visited first, one of each arc (1.7% of a frame in pow before).
class StepDurations {
 public:
  explicit StepDurations(const FanParams& fan) : fan_(fan) {}
  double operator()(const Footstep& step) {
    const bool in_place = step.kind == StepKind::Stay || step.kind == StepKind::Turn;
    for (std::size_t i = 0; i < used_; ++i)
      if (seen_[i].length == step.length && seen_[i].in_place == in_place) return seen_[i].duration;
    Seen& s = seen_[used_ < seen_.size() ? used_++ : next_++ % seen_.size()];
    s = {step.length, in_place, step_duration(fan_, step)};
    return s.duration;
  }

 private:
  struct Seen {
    double length;
    bool in_place;
    double duration;
  };
  const FanParams& fan_;
  std::array<Seen, 8> seen_;
  std::size_t used_ = 0, next_ = 0;
};

// Does the step carry the body faster than the headway in its direction allows, s / time_gap?
// Closing the feet (with or without a turn) is how one stops, and is never held back.
bool outruns_headway(const FanParams& fan, std::span<const HeadwayObstacle> others,
                     const Vec2& shoulders, const Vec2& here, const Footstep& step,
                     const Vec2& there, double duration) {
  if (step.kind == StepKind::Stay || step.kind == StepKind::Turn) return false;
  const Vec2 move = there - here;
  const double d = move.norm();
  if (d < 1e-9) return false;
  return d > travel_to_contact(others, here, move / d, shoulders) * duration / fan.time_gap + 1e-9;
}

// On each ray of the fan, the longest step the headway allows when it is shorter than the fan's
// longest: the fan's arcs are too coarse to walk at the speed of a dense crowd, and too long to
// shuffle in one (Jelić et al. 2012: step length follows the space ahead).
void add_headway_steps(const FanParams& fan, const Feet& feet, std::span<const HeadwayObstacle> others,
                       const Vec2& shoulders, std::vector<Footstep>& out) {
  const double heading = feet.heading();
  const Vec2 here = feet.location(), stance = feet.planted - feet.trailing;
  StepDurations duration_of(fan);
  for (int j = 0; j < fan.rays; ++j) {
    const double turn = fan.ray_turn(j);
    const Vec2 u = unit_from_heading(heading + turn);
    const double s = travel_to_contact(others, here, u, shoulders);
    if (s == kInf) continue;
    // The body moves half the way from the trailing foot to the new one: |stance + L·u| / 2. Solve
    // for the L that moves it s·τ(L)/T, τ from the cadence law; two rounds settle τ.
    double len = fan.min_step, reach = 0;
    for (int round = 0; round < 2; ++round) {
      const double tau = duration_of({StepKind::Fan, {}, 0, 0, len});
      reach = 2 * s * tau / fan.time_gap;
      const double b = stance.dot(u), c = stance.squaredNorm() - reach * reach;
      len = b * b - c >= 0 ? -b + std::sqrt(b * b - c) : 0.0;
    }
    len *= 0.97;  // inside the bound, not on it
    // A step that would carry the body less than half the shortest step is no step: from a stance
    // whose trailing foot is ahead it would set that foot down where it already is.
    if (reach < fan.shortest_step || len < fan.shortest_step || len >= fan.max_step) continue;
    out.push_back({StepKind::Fan, feet.planted + len * u, wrap_angle(heading + turn), turn, len});
  }
}

// The shoulders' turn off the feet (Decision::twist) with which the candidate step collides with
// nobody: square on first, then, for a body wider than deep (walk `sidle`), kept as it is, then
// turned right, then left; none where none clears. Square on, no sidling: bit for bit the test
// every walker had before shoulders could turn.
std::optional<double> clear_twist(const SenseContext& ctx, const FanParams& fan, const Vec2& here,
                                  const Pose& pose, double t, double duration, double torso,
                                  double twist_now) {
  if (!step_collides(ctx, here, pose.location, t, duration, torso, pose.heading)) return 0.0;
  if (fan.sidle <= 0 || ctx.self_body().disc()) return std::nullopt;
  const double tries[] = {twist_now, -fan.sidle, fan.sidle};
  for (int i = 0; i < 3; ++i) {
    if (tries[i] == 0 || (i > 0 && tries[i] == twist_now)) continue;
    if (!step_collides(ctx, here, pose.location, t, duration, torso, pose.heading + tries[i]))
      return tries[i];
  }
  return std::nullopt;
}

// Ground kept off like a wall, not only avoided (terrain_sensor `kerb`, docs/scenario.md): a kerb.
// An avoid potential is bounded where the ground begins, so a crowd that presses hard enough (a
// queue making way at a street corner) pushed a foot a few centimetres over it. A foot already on
// that ground frees the walker, so that it can always walk off. Gathered once per decision: the
// feet stay where they are while candidates are weighed.
struct KerbGround {
  std::uint64_t mask;
  int except;
};

std::vector<KerbGround> kerbs_to_keep(const NetTemplate& net, const double* params,
                                      const World& world, const Feet& feet) {
  std::vector<KerbGround> out;
  for (const NetNode& n : net.nodes()) {
    if (n.kind != NodeKind::TerrainSensor) continue;
    const double* p = params + n.param_offset;
    if (p[terrain_p::Kerb] == 0.0) continue;
    const int except = static_cast<int>(p[terrain_p::Except]);
    if (!world.on_ground(feet.planted, n.mask, except) && !world.on_ground(feet.trailing, n.mask, except))
      out.push_back({n.mask, except});
  }
  return out;
}

bool steps_over_kerb(std::span<const KerbGround> kerbs, const World& world, const Vec2& foot) {
  for (const KerbGround& k : kerbs)
    if (world.on_ground(foot, k.mask, k.except)) return true;
  return false;
}

}  // namespace

Decision decide_step(const NetTemplate& net, const double* params, const Feet& feet, double t,
                     const SenseContext& ctx, NetEvaluator& eval,
                     std::vector<Footstep>& scratch, bool reduced_fan) {
  const double* walk = params + net.nodes()[net.walk_node()].param_offset;
  const FanParams full = FanParams::from(walk);
  FanParams fan = reduced_fan ? full.reduced() : full;
  std::vector<Vec2> goals;
  if (walk[walk_p::Turning] != 0.0) {
    // A turning state machine holds the feet (Reich §7.6.1): its step, not the fan's.
    scratch.assign(1, turning_step(feet, walk[walk_p::TurnTo]));
  } else {
    if (walk[walk_p::Variation] > 0 && ctx.self_state) {
      // Inconsistent pace (Reich §7.7): this step's arcs scale by 1 ± variation.
      const double scale = 1.0 + walk[walk_p::Variation] * (2.0 * ctx.self_state->pace_draw - 1.0);
      fan.min_step *= scale;
      fan.max_step *= scale;
    }
    for_each_bound_goal(net, params, [&](const Vec2& g, double) { goals.push_back(g); });
    generate_candidates(fan, feet, goals, scratch);
  }
  // The headway law, for walking (a turning state machine's steps are in place).
  std::vector<HeadwayObstacle> others;
  const bool headway = fan.time_gap > 0 && walk[walk_p::Turning] == 0.0;
  // The shoulders as they are now: turned off the feet where the last step sidled.
  const double twist_now = ctx.self_state ? ctx.self_state->twist : 0.0;
  const double torso = feet.heading() + twist_now;
  // The walker's own shoulders as it stands: wider than deep, it needs more room to sidle.
  const Vec2 shoulders = headway_shoulders(torso, ctx.self_body());
  if (headway) {
    headway_obstacles(ctx, t + fan.step_time, others);
    add_headway_steps(fan, feet, others, shoulders, scratch);
  }

  const Vec2 here = feet.location();
  const std::vector<KerbGround> kerbs = kerbs_to_keep(net, params, ctx.world, feet);
  Decision best;
  // The moving candidates that collision prevention or the headway law refused, with their exact
  // energies (energy_within's, not cut short): read only if the agent ends up standing, to publish
  // where it would have gone (Decision::want).
  struct Refused {
    std::uint16_t k;
    double energy;
  };
  std::array<Refused, 128> refused;
  std::size_t n_refused = 0;
  StepDurations duration_of(fan);
  const NetEvaluator::DecisionInputs inputs = eval.decision_inputs(params);
  const auto consider = [&](std::size_t k) {
    const Footstep& step = scratch[k];
    // Feet splayed more than a right angle apart are no stance: their mean heading is ill-defined
    // and flips between steps (pivots that chained that far left a walker stepping in place).
    if (std::abs(wrap_angle(step.foot_heading - feet.planted_heading)) > kPi / 2 + 1e-9) return;
    Pose pose = pose_after(feet, step);
    // A step that carries the body nowhere is no step: from a stance whose other foot is ahead,
    // the fan can set the foot down where it already stood, and a pivot and that step can then
    // alternate for good (seen in a corner of the bottleneck room).
    const bool moving = step.kind != StepKind::Stay && step.kind != StepKind::Turn;
    if (moving && (pose.location - here).squaredNorm() < 1e-8) return;
    const double duration = duration_of(step);
    pose.duration = duration;
    pose.closing = !moving;
    // The energy first, and exactly only where it may beat the best so far (energy_within): the
    // headway law and collision prevention, which walk every neighbour, are asked only of a
    // candidate about to win. The choice is the same as testing every candidate first: one that
    // cannot win is never the best, and never the `want` below either (its energy is above the
    // best's), so it need not be known whether it was refused.
    const double energy = eval.energy_within(inputs, pose, ctx, best.energy);
    ++best.candidates;
    if (!(energy < kInf && (best.energy == kInf || better(energy, step, best.energy, best.step))))
      return;
    double twist = 0;
    bool refused_step = headway && outruns_headway(fan, others, shoulders, here, step, pose.location, duration);
    if (!refused_step) {
      const std::optional<double> clear = clear_twist(ctx, fan, here, pose, t, duration, torso, twist_now);
      refused_step = !clear;
      twist = clear.value_or(0.0);
    }
    if (refused_step) {
      if (moving && n_refused < refused.size()) refused[n_refused++] = {static_cast<std::uint16_t>(k), energy};
      return;
    }
    // The foot's own way and the kerbs likewise: they walk every obstacle nearby and the net's
    // sensors.
    if (!foot_crosses_solid(ctx, feet.planted, step.foot) && !steps_over_kerb(kerbs, ctx.world, step.foot)) {
      best.step = step;
      best.energy = energy;
      best.duration = duration;
      best.twist = twist;
    }
  };
  // The straight-ahead fan steps first: mostly the best or near it, they give energy_within a low
  // bound early. The choice does not depend on the order (better() orders candidates totally, and
  // the foot and kerb checks are the candidate's own); the refused are sorted back into index order
  // below, which only a fan within the refused list's size allows.
  const auto straight = [&](std::size_t k) { return scratch[k].kind == StepKind::Fan && scratch[k].turn == 0.0; };
  if (scratch.size() <= refused.size()) {
    for (std::size_t k = 0; k < scratch.size(); ++k)
      if (straight(k)) consider(k);
    for (std::size_t k = 0; k < scratch.size(); ++k)
      if (!straight(k)) consider(k);
    std::sort(refused.begin(), refused.begin() + n_refused,
              [](const Refused& a, const Refused& b) { return a.k < b.k; });
  } else {
    for (std::size_t k = 0; k < scratch.size(); ++k) consider(k);
  }
  if (best.energy == kInf) {  // boxed in: freeze where we are, feet as they are
    best.blocked = true;
    best.step = {StepKind::Stay, feet.trailing, feet.trailing_heading, 0.0, 0.0};
    best.duration = fan.step_time;
  }
  if (best.step.kind == StepKind::Stay || best.step.kind == StepKind::Turn) {
    double want_energy = best.energy;
    for (std::size_t i = 0; i < n_refused; ++i) {
      if (!(refused[i].energy < want_energy)) continue;
      const Footstep& step = scratch[refused[i].k];
      want_energy = refused[i].energy;
      best.want = (pose_after(feet, step).location - here) / duration_of(step);
    }
  }
  return best;
}

}  // namespace footfall

// Sources (pipeline/sources.hpp): walkers that enter a region at a given flow. Their slots follow
// the population's and are filled the population's way (enter, clear_at); an arrival that finds no
// room waits, first in first out, and enters as soon as there is.
#include <algorithm>
#include <cmath>

#include "footfall/behavior/in_stride.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall {
namespace {

constexpr std::uint32_t kDefaultSlots = 10000;  // a source's walkers in the scene at once
constexpr int kPlaces = 16;                     // places tried per waiting arrival per frame

// Per-walker draws of arrival k of a source: the same whenever and however often it is tried.
double walker_draw(std::uint64_t seed, std::uint64_t source, std::uint64_t k, std::uint64_t which) {
  return counter_uniform(seed, source, k * 8 + which, RngStream::Source);
}
enum Draw : std::uint64_t { Radius, Height, Speed1, Speed2, Phase };

// For a newcomer in stride, whose first step is under way before it decides anything: its body
// along `way` (from time t) keeps `clearance` from everyone following their plans (plus a step's
// reach from those who decide before they can see it, as Simulation::clear_at), from those placed
// this frame, and `radius` from solid obstacles.
bool clear_way(const Plan& way, double t, double clearance, double radius, const Snapshot& s,
               const Agents& agents, const World& world, const PlacedPoints& placed, double dt) {
  constexpr double kNextStepReach = 1.0;  // the longest fan step is 0.95 m (behavior/walk.hpp)
  const Vec2 from = way.at(t);
  Aabb box;
  box.add(from);
  box.add(way.to);
  bool clear = true;
  s.grid.for_each_in(box.inflated(clearance + kNextStepReach + 2.0), [&](std::uint32_t image) {
    const std::uint32_t j = s.agent_of(image);
    if (!clear || !agents.active[j]) return;
    // A ghost across a periodic seam: the agent's plan, shifted by the period.
    const Vec2 shift = image == j ? Vec2::Zero() : Vec2(s.location[image] - s.location[j]);
    const Plan& p = agents.plan[j];  // decided this frame: the snapshot still holds the last one
    const Plan other{p.from + shift, p.to + shift, p.t0, p.t1};
    const double reach = p.t1 <= t + 2 * dt ? kNextStepReach : 0.0;
    if (min_distance_to_plan(from, way.to, t, way.t1, other) < clearance + reach) clear = false;
  });
  if (placed.any_near(way, t, clearance)) clear = false;
  world.for_each_obstacle_near(box.inflated(radius), [&](std::uint32_t o) {
    if (world.obstacles[o].solid && segment_distance_to(world.obstacles[o].shape, from, way.to) < radius)
      clear = false;
  });
  return clear;
}

}  // namespace

void Simulation::add_source_slots() {
  for (std::size_t i = 0; i < scripts_.sources.size(); ++i) {
    const SourceSpec& spec = scripts_.sources[i];
    SourceState src;
    src.arrivals = arrival_times(spec, config_.seed, i);
    src.first_slot = static_cast<std::uint32_t>(agents_.size());
    src.slots = spec.capacity > 0 ? spec.capacity
                                  : static_cast<std::uint32_t>(std::min<std::size_t>(src.arrivals.size(), kDefaultSlots));
    // Each slot starts with the widest body and the longest stride the source may emit, so that
    // navigation fields and periodic ghosts are sized for every walker it will hold.
    std::vector<double> params = spec.params;
    const NetTemplate& net = nets_[spec.behavior];
    if (spec.speed.given())
      apply_walking_speed(params.data() + net.nodes()[net.walk_node()].param_offset, spec.speed.max);
    agents_.reserve(agents_.size() + src.slots);
    for (std::uint32_t k = 0; k < src.slots; ++k)  // each named for its first walker
      add_free_slot(spec.name + "_" + std::to_string(k + 1), spec.region.centre(), spec.radius_max,
                    spec.height_max, spec.behavior, params, spec.model);
    sources_.push_back(std::move(src));
  }
}

void Simulation::source_stage(double t) {
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    SourceState& src = sources_[i];
    while (src.next < src.arrivals.size() && src.arrivals[src.next] <= t + 1e-9) {
      // A slot never used first, so that a source's n-th walker is the first to hold slot n − 1
      // (the slot's name); then the lowest free one.
      std::uint32_t slot = src.first_slot + src.fresh;
      if (src.fresh == src.slots) {
        slot = src.first_slot;
        while (slot < src.first_slot + src.slots && agents_.active[slot]) ++slot;
        if (slot == src.first_slot + src.slots) break;  // every slot taken: the arrival waits
      }
      if (!emit(i, slot, t)) break;  // no room: this one and those after it wait
      if (slot == src.first_slot + src.fresh) ++src.fresh;
      const double delay = t - src.arrivals[src.next];
      if (delay > config_.dt - 1e-6) ++src.delayed;
      src.delay_sum += delay;
      src.delay_max = std::max(src.delay_max, delay);
      src.last_entry = t;
      ++src.next;
      ++metrics_.spawned;
    }
  }
}

// Arrival src.next of source i enters `slot` at one of kPlaces draws in the region that is clear
// of everyone (clear_at, as the population enters) and of solid obstacles.
bool Simulation::emit(std::size_t i, std::uint32_t slot, double t) {
  const SourceSpec& spec = scripts_.sources[i];
  SourceState& src = sources_[i];
  const std::uint64_t k = src.next;
  const std::uint64_t seed = config_.seed;
  const auto draw = [&](Draw which) { return walker_draw(seed, i, k, which); };

  // The walker as it will be wherever it enters: size, stride, and (in stride) its velocity.
  // Shared with the source's other walkers, but for the stride its speed sets.
  agents_.params.rebase(slot, spec.params);
  const NetTemplate& net = nets_[spec.behavior];
  const std::uint32_t walk_at = net.nodes()[net.walk_node()].param_offset;
  if (spec.speed.given()) {
    std::vector<double> params = spec.params;
    apply_walking_speed(params.data() + walk_at, spec.speed.draw(draw(Speed1), draw(Speed2)));
    agents_.params.assign(slot, params);
  }
  const AgentParams own = agents_.params_of(slot);
  const auto walk = [&](int k) { return own[walk_at + k]; };
  Entrant e;
  const double size = draw(Radius);
  e.radius = spec.radius_min + (spec.radius_max - spec.radius_min) * size;
  e.depth = spec.depth_max > 0 ? spec.depth_min + (spec.depth_max - spec.depth_min) * size : e.radius;
  e.height = spec.height_min + (spec.height_max - spec.height_min) * draw(Height);
  e.phase = draw(Phase);
  e.earliest = 2 * config_.dt;  // as a population's newcomer: SENSE has already looked this frame
  // Others may be of any size up to the widest: keep both bodies (and the margin) apart.
  const double clearance = e.radius + widest_body_ + spec.clearance;

  // Places differ from frame to frame, so a waiting arrival keeps looking round the region.
  const std::uint64_t places = counter_hash(seed, i, k, RngStream::Source);
  for (int attempt = 0; attempt < kPlaces; ++attempt) {
    const auto u = [&](int c) { return counter_uniform(places, frame(), 2 * attempt + c, RngStream::Spawn); };
    const Vec2 at = spec.region.point(u(0), u(1));
    double heading = spec.heading;
    if (!spec.heading_given) {  // facing its goal
      bool found = false;
      for_each_bound_goal(net, own, [&](const Vec2& goal, double) {
        if (!found && (goal - at).squaredNorm() > 1e-12) heading = heading_of(goal - at);
        found = true;
      });
    }
    Vec2 velocity = Vec2::Zero();
    if (spec.walking) velocity = walk(walk_p::StepLength) / walk(walk_p::StepTime) * unit_from_heading(heading);
    if (!clear_at(at, t, clearance, e.radius)) continue;
    // In stride, the walker covers up to a step before its first decision: that way must be clear.
    const Plan way = velocity == Vec2::Zero()
                         ? Plan{at, at, t, t}
                         : in_stride(at, velocity, t, e.phase, e.earliest, walk(walk_p::MaxStep)).plan;
    if (velocity != Vec2::Zero() &&
        !clear_way(way, t, clearance, e.radius, snapshot(), agents_, world_, spawned_now_, config_.dt))
      continue;
    e.at = at;
    e.heading = heading;
    e.velocity = velocity;
    agents_.leave_within[slot] = spec.leave_within;
    agent_nets_.agents[slot] = patnet::AgentNets{};
    enter(slot, e, t);
    agents_.id[slot] = src.first_id + k;
    return true;
  }
  return false;
}

std::vector<SourceReport> Simulation::source_reports() const {
  std::vector<SourceReport> out;
  const double now = time();
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    const SourceSpec& spec = scripts_.sources[i];
    const SourceState& src = sources_[i];
    SourceReport r;
    r.name = spec.name;
    r.flow_target = spec.flow;
    r.planned = static_cast<std::uint64_t>(
        std::upper_bound(src.arrivals.begin(), src.arrivals.end(), now + 1e-9) - src.arrivals.begin());
    r.emitted = src.next;
    r.waiting = r.planned - r.emitted;
    r.delayed = src.delayed + r.waiting;
    // Over the source's own time: from its start to its end (a counted source's last arrival), or
    // to now if that is sooner, or to the last entry if arrivals waited past it.
    const double end = spec.count > 0 ? (src.arrivals.empty() ? spec.start : src.arrivals.back()) : spec.end;
    r.window = std::max(std::min(now, end), src.last_entry) - spec.start;
    if (src.next > 0) {
      r.delay_mean = src.delay_sum / static_cast<double>(src.next);
      r.delay_max = src.delay_max;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace footfall

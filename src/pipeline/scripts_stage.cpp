// PaT-Nets and the population: global nets tick once per frame before the agents' nets; an agent's
// nets tick at its own foot-strikes inside CONTROL (so per-agent work is staggered like the walk
// node); pedestrians that finished their route leave, and free slots are refilled at the entries.
#include <algorithm>
#include <cmath>
#include <optional>

#include "footfall/core/parallel.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/patnet/symbols.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall {

patnet::Program route_program(const World& world, const NetTemplate& behavior) {
  using namespace patnet;
  Program p;
  p.name = "route";
  patnet::Scope scope;
  scope.world = &world;
  scope.behavior = &behavior;
  scope.program = &p;
  const Symbols symbols = make_symbols(scope);
  enum { Next, Leave_ };
  p.states = {
      // Entering `next` calls the next leg and waits for it; when it returns, the default
      // transition re-enters `next` for the leg after.
      {"next", {NextLeg{}}, {{compile_condition("legs_left == 0", symbols), false, Leave_}}, Next},
      {"leave", {Leave{}}, {}, kExit},
  };
  p.start = Next;
  return p;
}

patnet::TickContext Simulation::tick_context(double t, std::uint32_t agent) {
  patnet::TickContext ctx;
  ctx.programs = &scripts_.programs;
  ctx.routes = &scripts_.routes;
  ctx.view = {&world_, &agents_, &signals_, &agent_nets_, config_.seed, &scripts_.timings, &snapshot()};
  ctx.time = t;
  ctx.agent = agent;
  if (agent != patnet::kNoAgent) {
    ctx.params = &agents_.params;
    ctx.param_agent = agent;
  }
  return ctx;
}

void Simulation::run_global_nets(double t) {
  if (global_nets_.running.empty()) return;
  patnet::TickContext ctx = tick_context(t);
  ctx.signals = &signals_;
  patnet::tick(global_nets_, ctx);
}

void Simulation::run_agent_nets(std::uint32_t a, double t) {
  patnet::tick(agent_nets_.agents[a], tick_context(t, a));
  if (agent_nets_.agents[a].left) leaving_[a] = 1;
}

namespace {
// One of n items for a uniform draw u in [0, 1).
std::size_t pick(double u, std::size_t n) {
  return std::min(static_cast<std::size_t>(u * static_cast<double>(n)), n - 1);
}
}  // namespace

template <class F>
bool PlacedPoints::any_in(const Vec2& lo, const Vec2& hi, F&& near) const {
  // A plan is filed under where it starts; its way reaches at most kReach from there.
  for (std::int64_t y = cell(lo.y() - kReach); y <= cell(hi.y() + kReach); ++y)
    for (std::int64_t x = cell(lo.x() - kReach); x <= cell(hi.x() + kReach); ++x) {
      const auto it = cells_.find(key(x, y));
      if (it == cells_.end()) continue;
      for (const Plan& q : it->second)
        if (near(q)) return true;
    }
  return false;
}

bool PlacedPoints::any_within(const Vec2& p, double r) const {
  const Vec2 d(r, r);
  return any_in(p - d, p + d, [&](const Plan& q) { return point_segment_distance(p, q.from, q.to) < r; });
}

bool PlacedPoints::any_near(const Plan& way, double t, double r) const {
  const Vec2 from = way.at(t), d(r, r);
  const Vec2 lo = from.cwiseMin(way.to) - d, hi = from.cwiseMax(way.to) + d;
  return any_in(lo, hi, [&](const Plan& q) { return min_distance_to_plan(from, way.to, t, way.t1, q) < r; });
}

bool Simulation::clear_at(const Vec2& p, double t, double clearance, double radius) const {
  // A walker deciding next frame senses the snapshot published before the newcomer appears (one
  // frame of sensing latency): it must not be able to step onto the entry blind. The longest fan
  // step is 0.95 m (behavior/walk.hpp).
  constexpr double kNextStepReach = 1.0;
  bool clear = true;
  const Aabb box = Aabb{p, p}.inflated(clearance + kNextStepReach + 2.0);
  // Against the plans decided this frame (the snapshot still holds the last frame's): a walker
  // stepping toward the entry right now must not find a newcomer standing there.
  snapshot().grid.for_each_in(box, [&](std::uint32_t j) {
    const Plan& plan = agents_.plan[j];
    const double reach = plan.t1 <= t + 2 * config_.dt ? kNextStepReach : 0.0;
    if (agents_.active[j] && point_segment_distance(p, plan.from, plan.to) < clearance + reach) clear = false;
  });
  if (spawned_now_.any_within(p, clearance)) clear = false;
  world_.for_each_obstacle_near(Aabb{p, p}.inflated(clearance), [&](std::uint32_t o) {
    if (world_.obstacles[o].solid && distance_to(world_.obstacles[o].shape, p) < radius)
      clear = false;
  });
  return clear;
}

// Fills `slot` with a new pedestrian on a random route between two walkway endpoints: at the
// route's origin, or (for the initial crowd) anywhere along one of its sidewalk legs. All choices
// are counter-based on (seed, slot, pedestrian, attempt), so they never depend on threads.
bool Simulation::spawn(std::uint32_t slot, std::uint64_t attempt, double t, bool anywhere) {
  std::optional<SpawnDraw> draw = draw_spawn(slot, attempt, t, anywhere);
  if (!draw) return false;
  enter_drawn(slot, attempt, t, anywhere, std::move(*draw));
  return true;
}

// The counter of a slot's spawn attempt: its pedestrian (spawns so far) and the attempt.
std::uint64_t Simulation::spawn_counter(std::uint32_t slot, std::uint64_t attempt) const {
  return (spawns_[slot] << 8) | (attempt & 0xff);
}

double Simulation::spawn_uniform(std::uint32_t slot, std::uint64_t attempt, std::uint64_t k) const {
  return counter_uniform(config_.seed, slot, spawn_counter(slot, attempt) * 32 + k, RngStream::Spawn);
}

std::size_t Simulation::spawn_entry(std::uint32_t slot, std::uint64_t attempt) const {
  return pick(spawn_uniform(slot, attempt, 0), world_.walkways.endpoints.size());
}

std::optional<Simulation::SpawnDraw> Simulation::draw_spawn(std::uint32_t slot, std::uint64_t attempt,
                                                            double t, bool anywhere,
                                                            const std::vector<std::uint8_t>* entry_clear) const {
  const PopulationSpec& pop = *scripts_.population;
  const auto& endpoints = world_.walkways.endpoints;
  if (endpoints.size() < 2) return std::nullopt;
  const auto uniform = [&](std::uint64_t k) { return spawn_uniform(slot, attempt, k); };
  const std::size_t o = spawn_entry(slot, attempt);
  // An entry that is not clear fails below anyway: find out before planning a route to no end.
  const Vec2& origin = world_.locations[endpoints[o]].position;
  if (!anywhere && !(entry_clear ? (*entry_clear)[o] != 0 : clear_at(origin, t, pop.clearance, pop.radius_max)))
    return std::nullopt;
  const std::size_t d = destination(o, uniform(8));
  std::vector<std::uint32_t> route = world_.walkways.route(
      endpoints[o], endpoints[d], pop.route_spread,
      counter_hash(config_.seed, slot, spawn_counter(slot, attempt), RngStream::Route));
  if (route.size() < 2) return std::nullopt;

  const auto& loc = world_.locations;
  std::size_t leg = 0;
  double along = 0;
  if (anywhere) {
    std::vector<std::size_t> sidewalk;
    for (std::size_t k = 0; k + 1 < route.size(); ++k) {
      const WalkEdge* e = world_.walkways.edge_between(route[k], route[k + 1]);
      if (e && e->crosswalk < 0 && e->length > 0) sidewalk.push_back(k);
    }
    if (sidewalk.empty()) return std::nullopt;
    leg = sidewalk[pick(uniform(2), sidewalk.size())];
    along = uniform(3);
  }
  const Vec2 a = loc[route[leg]].position, b = loc[route[leg + 1]].position;
  const Vec2 p = a + along * (b - a);
  // At an entry, p is the origin, checked above.
  if (anywhere && !clear_at(p, t, pop.clearance, pop.radius_max)) return std::nullopt;
  route.erase(route.begin(), route.begin() + static_cast<std::ptrdiff_t>(leg));
  return SpawnDraw{std::move(route), p, heading_of(b - a)};
}

void Simulation::enter_drawn(std::uint32_t slot, std::uint64_t attempt, double t, bool anywhere,
                             SpawnDraw&& draw) {
  const PopulationSpec& pop = *scripts_.population;
  const auto uniform = [&](std::uint64_t k) { return spawn_uniform(slot, attempt, k); };
  const double pace = pop.pace_min + (pop.pace_max - pop.pace_min) * uniform(4);
  // The pedestrian's mix of attributes (agent model), drawn by share; none: the population's own.
  const std::vector<double>* params = &pop.params;
  const std::vector<double>* model = &pop.model;
  if (!pop.mixes.empty()) {
    double u = uniform(9);
    for (const PopulationSpec::Mix& m : pop.mixes) {
      if (u < m.share) {
        params = &m.params;
        model = &m.model;
        break;
      }
      u -= m.share;
    }
    agents_.set_model(slot, *model);
  }
  agents_.params.rebase(slot, *params);  // shared with the population's other walkers
  const NetTemplate& net = nets_[pop.behavior];
  const std::uint32_t walk = net.nodes()[net.walk_node()].param_offset;
  agents_.params.set(slot, walk + walk_p::StepLength, agents_.params.get(slot, walk + walk_p::StepLength) * pace);
  agents_.params.set(slot, walk + walk_p::StepTime, agents_.params.get(slot, walk + walk_p::StepTime) * std::sqrt(pace));
  Entrant e;
  e.at = draw.at;
  e.heading = draw.heading;
  const double size = uniform(5);
  e.radius = pop.radius_min + (pop.radius_max - pop.radius_min) * size;
  e.depth = pop.depth_max > 0 ? pop.depth_min + (pop.depth_max - pop.depth_min) * size : e.radius;
  e.height = pop.height_min + (pop.height_max - pop.height_min) * uniform(7);
  e.phase = uniform(6);
  e.earliest = anywhere ? config_.dt : 2 * config_.dt;
  enter(slot, e, t);
  // The initial population keeps its slots' reserved ids; everyone entering later gets a new one.
  if (!anywhere) agents_.id[slot] = next_id_++;

  patnet::AgentNets& nets = agent_nets_.agents[slot];
  nets = patnet::AgentNets{};
  nets.route = std::move(draw.route);
  nets.route.shrink_to_fit();  // held for the whole trip
  patnet::start(nets, pop.route_program, {}, tick_context(t, slot));
}

void Simulation::index_endpoints() {
  const PopulationSpec& pop = *scripts_.population;
  if (pop.max_trip <= 0) return;
  std::vector<Vec2> at;
  for (const std::uint32_t e : world_.walkways.endpoints) at.push_back(world_.locations[e].position);
  endpoint_grid_ = UniformGrid(world_.bounds(), pop.max_trip);
  endpoint_grid_.build_points(at);
}

// Trips stay local (a pedestrian crosses a few intersections of a city, not the city): the
// destination is drawn uniformly from the endpoints within max_trip of the origin, listed in
// endpoint order so that the draw does not depend on the grid; if none is that close, the nearest.
std::size_t Simulation::destination(std::size_t o, double u) const {
  const auto& endpoints = world_.walkways.endpoints;
  const double max_trip = scripts_.population->max_trip;
  if (max_trip <= 0) {  // anywhere but the origin
    const std::size_t c = pick(u, endpoints.size() - 1);
    return c >= o ? c + 1 : c;
  }
  const Vec2& origin = world_.locations[endpoints[o]].position;
  const auto distance = [&](std::size_t e) {
    return (world_.locations[endpoints[e]].position - origin).norm();
  };
  std::vector<std::uint32_t> near;
  endpoint_grid_.for_each_in(Aabb{origin, origin}.inflated(max_trip), [&](std::uint32_t e) {
    if (e != o && distance(e) <= max_trip) near.push_back(e);
  });
  if (!near.empty()) {
    std::sort(near.begin(), near.end());
    return near[pick(u, near.size())];
  }
  std::size_t best = o == 0 ? 1 : 0;
  for (std::size_t e = 0; e < endpoints.size(); ++e)
    if (e != o && distance(e) < distance(best)) best = e;
  return best;
}

void Simulation::place_initial_population() {
  spawned_now_.clear();
  const std::size_t first = scenario_agents_;
  for (std::size_t s = first; s < first + population_slots_; ++s)
    for (std::uint64_t attempt = 0; attempt < 64; ++attempt)
      if (spawn(static_cast<std::uint32_t>(s), attempt, 0.0, true)) break;
  spawned_now_.clear();
}

void Simulation::population_stage(double t) {
  for (const std::uint32_t a : due_) {
    if (!leaving_[a]) continue;
    leaving_[a] = 0;
    agents_.active[a] = 0;
    agent_nets_.agents[a] = patnet::AgentNets{};
    ++metrics_.trips;
    trip_times_.push_back(t - trip_start_[a]);
  }
  if (!scripts_.population && sources_.empty()) return;
  spawned_now_.clear();
  refill_population(t);
  source_stage(t);
  spawned_now_.clear();
}

// Every free slot draws its entrant in parallel, against the crowd before anyone enters this frame
// (the route search is the cost); then, in slot order, each drawn one enters if its entry is still
// clear. Only the clearance checks depend on who entered before it, and entering only adds to what
// they must keep clear of (a slot left free this frame is no one to clear_at until it is refilled):
// a draw that failed would have failed in one serial loop too, and one that succeeded is checked
// again as that loop would have checked it. So the same pedestrians enter, on the same routes.
void Simulation::refill_population(double t) {
  const PopulationSpec& pop = *scripts_.population;
  std::vector<std::uint32_t> free;
  for (std::size_t s = scenario_agents_; s < scenario_agents_ + population_slots_; ++s)
    if (!agents_.active[s]) free.push_back(static_cast<std::uint32_t>(s));
  // Whether each entry drawn is clear, asked once per entry: a city's free slots outnumber its
  // doors, and most draws find theirs busy (docs/performance.md, "the city's entries").
  const auto& endpoints = world_.walkways.endpoints;
  std::vector<std::uint8_t> entry_clear(endpoints.size(), 0);
  if (endpoints.size() >= 2) {
    std::vector<std::uint8_t> drawn(endpoints.size(), 0);
    std::vector<std::uint32_t> entries;
    for (const std::uint32_t s : free) {
      const std::size_t o = spawn_entry(s, frame());
      if (!drawn[o]) entries.push_back(static_cast<std::uint32_t>(o));
      drawn[o] = 1;
    }
    parallel_chunks(entries.size(), [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k != end; ++k)
        entry_clear[entries[k]] = clear_at(world_.locations[endpoints[entries[k]]].position, t, pop.clearance,
                                           pop.radius_max);
    });
  }
  std::vector<std::optional<SpawnDraw>> draws(free.size());
  parallel_chunks(free.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k != end; ++k) draws[k] = draw_spawn(free[k], frame(), t, false, &entry_clear);
  });
  for (std::size_t k = 0; k < free.size(); ++k) {
    // Drawn at an entry: where it enters is the entry itself.
    if (!draws[k] || !clear_at(draws[k]->at, t, pop.clearance, pop.radius_max)) continue;
    enter_drawn(free[k], frame(), t, false, std::move(*draws[k]));
    ++metrics_.spawned;
  }
}

}  // namespace footfall

#include "footfall/pipeline/simulation.hpp"

#include "footfall/core/parallel.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>

#include "footfall/core/rng.hpp"

namespace footfall {
namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) {
  return (static_cast<std::uint64_t>(a) << 32) | b;
}

constexpr double kOverlapTolerance = 1e-6;  // metres; below this, touching is not a collision

// Calls f(target) for each location sensor of the net that navigates to its target by a field.
template <class F>
void for_each_navigated_target(const NetTemplate& net, const AgentParams& params, const F& f) {
  for (const NetNode& n : net.nodes()) {
    if (n.kind != NodeKind::LocationSensor) continue;
    const std::uint32_t p = n.param_offset;
    if (params[p + location_p::Navigate] != 0.0) f(Vec2(params[p + location_p::X], params[p + location_p::Y]));
  }
}

}  // namespace

Simulation::Simulation(World world, std::vector<NetTemplate> nets, Agents agents, SimConfig config,
                       Scripts scripts, std::shared_ptr<const motion::MotionLibrary> motion)
    : world_(std::move(world)),
      nets_(std::move(nets)),
      agents_(std::move(agents)),
      config_(config),
      scripts_(std::move(scripts)),
      motion_(std::move(motion)) {
  const std::size_t scenario_agents = agents_.size();
  scenario_agents_ = scenario_agents;
  agents_.active.assign(scenario_agents, 1);
  if (agents_.depth.size() != scenario_agents) agents_.depth = agents_.radius;  // discs
  if (scripts_.population) {
    // The population lives in slots after the scenario's agents, all free until spawned.
    const PopulationSpec& pop = *scripts_.population;
    agents_.reserve(scenario_agents + pop.target);
    // Each named for the first pedestrian it holds (name_of): slot s's initial one has id s + 1.
    for (std::uint32_t k = 0; k < pop.target; ++k)
      add_free_slot("ped" + std::to_string(scenario_agents + k + 1), Vec2::Zero(), pop.radius_min,
                    pop.height_min, pop.behavior, pop.params, pop.model);
  }
  population_slots_ = agents_.size() - scenario_agents;
  add_source_slots();
  const std::size_t n = agents_.size();
  if (config_.snapshots < 2)
    throw std::invalid_argument("a simulation keeps at least 2 snapshots (the one being read, the one being written)");
  ring_.resize(static_cast<std::size_t>(config_.snapshots));
  // Only the scenario's own agents may be vehicles; without any, what is kept for vehicles per
  // agent stays empty (Snapshot::kind empty: all walkers).
  const bool vehicles = std::any_of(agents_.kind.begin(), agents_.kind.end(), [](std::uint8_t k) {
    return k == static_cast<std::uint8_t>(AgentKind::Vehicle);
  });
  const std::size_t vehicle_slots = vehicles ? scenario_agents : 0;
  for (Snapshot& s : ring_) {
    s.resize(world_.periodic.on() ? 3 * n : n);
    if (!vehicles) s.kind = {}, s.extent = {};
    s.agents = n;
    s.grid = UniformGrid(world_.bounds().inflated(50.0), 2.0);
  }
  if (world_.periodic.on()) {
    // Ghosts matter as far as anyone looks: the widest sensing or collision query of any agent.
    std::vector<double> block;
    for (std::uint32_t a = 0; a < n; ++a) {
      const NetTemplate& net = nets_[agents_.net[a]];
      const double* params = agents_.params.gather(a, block);
      const double step = params[net.nodes()[net.walk_node()].param_offset + walk_p::MaxStep];
      ghost_band_ = std::max(ghost_band_, 2 * step + std::max(sensor_reach(net, params), 2.0) +
                                              4 * agents_.radius[a] + config_.sense_margin);
    }
  }
  deciding_.assign(n, 0);
  want_.assign(n, Vec2::Zero());
  progress_.resize(n);
  agents_.plan.resize(n);
  agents_.heading_from.resize(n);
  agents_.heading_to.resize(n);
  agents_.gait.assign(n, Gait::Stand);
  agents_.steps.assign(n, 0);
  // Ids for life: slot s's first pedestrian has id s + 1 (reserved even if the initial population
  // leaves a slot empty), pedestrians entering later count on from there.
  // A source's walkers have ids reserved in a block per source (SourceState::first_id), after
  // the population's slots, so that their names follow from their ids alone.
  const std::size_t pedestrian_slots = scenario_agents + population_slots_;
  agents_.id.assign(n, 0);
  for (std::uint32_t a = 0; a < pedestrian_slots; ++a) agents_.id[a] = a + 1;
  next_id_ = pedestrian_slots + 1;
  for (SourceState& src : sources_) {
    src.first_id = next_id_;
    next_id_ += src.arrivals.size();
  }
  agents_.leave_within.resize(n, 0.0);
  agents_.velocity.resize(scenario_agents, Vec2::Zero());  // read at the start, for these only
  // Kinds: slots beyond the scenario's agents (population, sources) are walkers.
  agents_.kind.resize(n, static_cast<std::uint8_t>(AgentKind::Walker));
  const steer::VehicleParams cyclist;
  agents_.vehicle_mass.resize(vehicle_slots, cyclist.mass);
  agents_.vehicle_max_force.resize(vehicle_slots, cyclist.max_force);
  agents_.vehicle_max_speed.resize(vehicle_slots, cyclist.max_speed);
  agents_.vehicle_length.resize(vehicle_slots, 0.0);
  agents_.vehicle_width.resize(vehicle_slots, 0.0);
  agents_.vehicle_velocity.resize(vehicle_slots, Vec2::Zero());
  agents_.vehicle_forward.resize(vehicle_slots, Vec2::UnitX());
  vehicle_next_.resize(vehicle_slots);
  agents_.height.resize(n, motion::kReferenceHeight);
  figure_posture_.resize(n);
  figure_step_.resize(n);
  figure_slip_.resize(measures_slip() ? n : 0);  // tracked only where every figure is posed
  figure_slip_max_.assign(n, 0.0);
  figure_lod_.assign(n, motion::Lod::Medium);
  figure_wanted_.assign(n, 1);
  // Staggered start (DESIGN.md): each agent's first foot-strike falls at a counter-based random
  // phase of its step period, so decisions spread evenly over frames.
  for (std::uint32_t a = 0; a < n; ++a) {
    if (agents_.vehicle(a)) {
      // A vehicle at its position with its initial velocity at t = 0: its plan runs to the first
      // frame, when CONTROL first steers it.
      const Vec2 here = agents_.location(a);
      const Vec2 v = agents_.velocity[a];
      agents_.vehicle_velocity[a] = v;
      agents_.vehicle_forward[a] = v.norm() > 1e-12 ? Vec2(v / v.norm()) : unit_from_heading(agents_.heading(a));
      for (int f = 0; f < 2; ++f) agents_.foot_heading[f][a] = heading_of(agents_.vehicle_forward[a]);
      agents_.plan[a] = {here, here + v * config_.dt, 0.0, config_.dt};
      agents_.heading_from[a] = agents_.heading_to[a] = agents_.heading(a);
      agents_.gait[a] = Gait::Vehicle;
      continue;
    }
    const NetTemplate& net = nets_[agents_.net[a]];
    const double step_time =
        agents_.params_of(a)[net.nodes()[net.walk_node()].param_offset + walk_p::StepTime];
    const double draw = counter_uniform(config_.seed, a, 0, RngStream::StartPhase);
    const Vec2 here = agents_.location(a);
    agents_.plan[a] = {here, here, 0.0, step_time * draw};
    agents_.heading_from[a] = agents_.heading_to[a] = agents_.heading(a);
    if (a < scenario_agents && agents_.velocity[a] != Vec2::Zero())
      start_in_stride(a, agents_.velocity[a], 0.0, draw, 0.0);
    if (motion_ && a < scenario_agents) start_figure(a);
  }
  for (std::uint32_t a = 0; a < n; ++a) widest_body_ = std::max(widest_body_, agents_.radius[a]);
  // Fields keep the widest body clear of walls, so their ways fit everyone who follows them.
  FieldParams field_params;
  field_params.keep_costs = config_.crowd.on();
  for (std::uint32_t a = 0; a < n; ++a)
    field_params.clearance = std::max(field_params.clearance, agents_.radius[a]);
  fields_ = FieldCache(field_params);
  for (std::uint32_t a = 0; a < n; ++a) ensure_fields(a);
  signals_.assign(world_.signals.size(), {});
  agent_nets_.agents.resize(n);
  trip_start_.assign(n, 0.0);
  spawns_.assign(n, 0);
  leaving_.assign(n, 0);
  // Nets start at t = 0 and tick once there, so the light-nets show their first phase at once.
  for (const NetStart& s : scripts_.global) patnet::start(global_nets_, s.program, s.args, tick_context(0));
  run_global_nets(0.0);
  for (std::uint32_t a = 0; a < scripts_.agents.size() && a < scenario_agents; ++a)
    for (const NetStart& s : scripts_.agents[a])
      patnet::start(agent_nets_.agents[a], s.program, s.args, tick_context(0, a));
  if (!scripts_.action.empty()) {
    // Action selection runs on every walker whose behavior-net template has a system.
    const auto& systems = scripts_.action.systems;
    actions_.resize(n);
    for (std::uint32_t a = 0; a < n; ++a)
      for (std::uint32_t k = 0; k < systems.size() && !agents_.vehicle(a); ++k)
        if (systems[k].net == agents_.net[a] && actions_[a].system == action::kNone) actions_[a].system = k;
    action_totals_.switches.assign(systems.size(), 0);
    action_totals_.agent_seconds.assign(systems.size(), 0.0);
    for (const ActionSystemSpec& spec : systems)
      action_totals_.activity_seconds.emplace_back(spec.system.groups[0].members.size(), 0.0);
    std::vector<Vec2> at;
    Aabb box;
    for (const ActionObject& o : scripts_.action.objects) {
      at.push_back(o.at);
      box.add(o.at);
    }
    if (!at.empty()) {
      action_objects_ = UniformGrid(box.inflated(1.0), 4.0);
      action_objects_.build_points(at);
    }
    for (std::uint32_t a = 0; a < scenario_agents; ++a)
      if (actions_[a].system != action::kNone) start_action(a, 0.0);
  }
  publish(0, 0.0);
  if (scripts_.population) {
    index_endpoints();
    place_initial_population();
    publish(0, 0.0);
  }
  // P(0): the percepts the deciders of frame 1 will use, from S(0).
  plan_sense(config_.dt);
  sense_stage();
  std::swap(percepts_prev_, percepts_next_);
  measure();
}

void Simulation::step() {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  FrameStats stats;
  const double t = static_cast<double>(frame() + 1) * config_.dt;

  // Global nets (light-nets) run once per frame, before agents' nets (Granieri et al. 1995 §3).
  run_global_nets(t);
  // External control's timed commands (D-EXT-05), serially before anyone reads the agents: a
  // placement moves feet and plan that SENSE reads beside CONTROL.
  apply_timed_controls(t);

  // Who is at a foot-strike this frame, judged on S(N−1).
  for (const std::uint32_t a : due_) deciding_[a] = 0;
  find_due(t);
  for (const std::uint32_t a : due_) deciding_[a] = 1;
  // Goals a net set since: their fields, before CONTROL reads them in parallel.
  ensure_fields_of(due_);
  ensure_fields_of(driving_);
  update_crowd_fields(t);

  // SENSE(N) and CONTROL(N) both read S(N−1) and write apart (P(N); decisions and net edits), so
  // they run side by side.
  plan_sense(t + config_.dt);
  stats.reduced_fan =
      config_.realtime_budget_ms > 0 && last_frame_.ms.control_ms > config_.realtime_budget_ms;
  parallel_pair(
      [&] {
        const auto t0 = clock::now();
        sense_stage();
        stats.ms.sense_ms = ms_since(t0);
      },
      [&] {
        const auto t0 = clock::now();
        control_stage(stats.reduced_fan);
        stats.ms.control_ms = ms_since(t0);
      });

  const auto t0 = clock::now();
  const std::uint64_t evaluations_before = metrics_.evaluations;
  motion_stage();
  move_vehicles();
  population_stage(t);
  publish(frame() + 1, t);
  measure();
  stats.ms.motion_ms = ms_since(t0);

  std::swap(percepts_prev_, percepts_next_);
  stats.decisions = static_cast<std::uint32_t>(due_.size());
  stats.evaluations = metrics_.evaluations - evaluations_before;
  metrics_.reduced_frames += stats.reduced_fan ? 1 : 0;
  stats.step_ms = ms_since(start);
  last_frame_ = stats;
}

// Counts pairs that begin to overlap this frame and folds the frame into the trajectory hash.
// The hash (FNV-1a, serial by nature) runs beside the collision measure's parallel chunks; both
// only read the published snapshot, and the pairs found are sorted, so neither the count nor the
// hash depends on the thread count.
void Simulation::measure() {
  const Snapshot& s = snapshot();
  const std::size_t n = agents_.size();
  std::vector<std::uint64_t> now;
  std::mutex found_lock;  // taken only for an overlap found: rare
  const auto collisions = [&] {
    // Nobody overlaps anyone farther than the two radii: the grid is asked for that much around
    // each, the largest radius (of any slot, seam images included) standing for the other's.
    double widest = 0;
    for (const double r : s.radius) widest = std::max(widest, r);
    // In the grid's cell order (every active agent is listed once; the ghosts a periodic world
    // lists past its seams are skipped), not by id: at a hundred thousand agents the id order
    // misses the cache on every neighbour. The pairs are sorted below, so the order cannot show.
    const std::span<const std::uint32_t> order = s.grid.items();
    parallel_chunks(order.size(), [&](std::size_t begin, std::size_t end) {
      std::vector<std::uint64_t> found;
      for (std::size_t k = begin; k != end; ++k) {
        const std::uint32_t a = order[k];
        if (a >= n || !s.active[a]) continue;
        const Vec2& p = s.location[a];
        const double r = s.radius[a];
        s.grid.for_each_in(Aabb{p, p}.inflated(r + widest), [&](std::uint32_t image) {
          const std::uint32_t j = s.agent_of(image);  // a pair across a periodic seam counts once
          if (j <= a) return;
          const double reach = r + s.radius[j] - kOverlapTolerance;
          if ((s.location[image] - p).squaredNorm() >= reach * reach) return;
          // Bounding discs overlap: shoulders wider than deep overlap only if the capsules do.
          const BodySize ba = s.body(a), bj = s.body(image);
          if ((ba.disc() && bj.disc()) ||
              body_gap(p, s.heading[a], ba, s.location[image], s.heading[image], bj) < -kOverlapTolerance)
            found.push_back(pair_key(static_cast<std::uint32_t>(a), j));
        });
        world_.for_each_obstacle_near(Aabb{p, p}.inflated(r), [&](std::uint32_t o) {
          const Obstacle& ob = world_.obstacles[o];
          if (ob.solid && distance_to(ob.shape, p) < r - kOverlapTolerance)
            found.push_back(pair_key(static_cast<std::uint32_t>(a), 0x80000000u | o));
        });
      }
      if (found.empty()) return;
      const std::lock_guard<std::mutex> hold(found_lock);
      now.insert(now.end(), found.begin(), found.end());
    });
    std::sort(now.begin(), now.end());
    now.erase(std::unique(now.begin(), now.end()), now.end());
  };
  parallel_pair([&] { hash_snapshot(hash_, s); }, collisions);
  for (const std::uint64_t k : now) {
    if (std::binary_search(overlapping_.begin(), overlapping_.end(), k)) continue;
    ++metrics_.collisions;
    const auto a = static_cast<std::uint32_t>(k >> 32), b = static_cast<std::uint32_t>(k);
    const std::uint64_t other = (b & 0x80000000u) ? 0 : s.id[b];
    metrics_.record({Incident::Kind::Collision, s.time, s.id[a], other, s.location[a]});
  }
  overlapping_ = std::move(now);
  if (!signals_.empty()) measure_red_stays(s);
}

void Simulation::measure_red_stays(const Snapshot& s) {
  // Counted in frames, so that the stay passing 5 s is one exact frame; the region lookups, one per
  // agent, run in parallel (a city has tens of thousands of agents).
  const auto limit = static_cast<std::uint32_t>(std::floor(5.0 / config_.dt)) + 1;
  // Counted in the grid's cell order (the region index then stays in cache; see measure): the grid
  // lists every active agent once; the inactive are reset in the id-order pass that reports.
  red_stay_.resize(agents_.size(), 0);
  const std::span<const std::uint32_t> order = s.grid.items();
  parallel_chunks(order.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = order[k];
      if (a >= agents_.size() || !s.active[a]) continue;
      const int r = world_.signalised_region_at(s.location[a]);
      const bool red = r >= 0 && signals_[world_.regions[r].signal].head == patnet::Head::DontWalk;
      red_stay_[a] = red ? red_stay_[a] + 1 : 0;
    }
  });
  std::uint32_t longest = 0;
  for (std::size_t a = 0; a != red_stay_.size(); ++a) {
    if (!s.active[a]) red_stay_[a] = 0;
    longest = std::max(longest, red_stay_[a]);
    if (red_stay_[a] != limit) continue;
    ++metrics_.red_stays_over_5s;
    metrics_.record({Incident::Kind::RedStay, s.time, s.id[a], 0, s.location[a]});
  }
  metrics_.red_stay_max = std::max(metrics_.red_stay_max, longest * config_.dt);
}

const char* incident_name(Incident::Kind k) {
  switch (k) {
    case Incident::Kind::Collision: return "collision";
    case Incident::Kind::Jaywalk: return "jaywalk";
    case Incident::Kind::RedCrossing: return "red_crossing";
    case Incident::Kind::RedStay: return "red_stay_over_5s";
    case Incident::Kind::Stuck: return "stuck";
  }
  return "?";
}

void hash_snapshot(Fnv1a& h, const Snapshot& s) {
  h.add(s.frame);
  for (std::size_t a = 0; a < s.agents; ++a) {
    h.add(static_cast<std::uint64_t>(s.active[a]));
    if (!s.active[a]) continue;
    h.add(s.location[a].x());
    h.add(s.location[a].y());
    h.add(s.heading[a]);
    h.add(static_cast<std::uint64_t>(s.gait[a]));
  }
}

bool Simulation::track_goal(std::uint32_t a, double t, bool standing) {
  GoalProgress& g = progress_[a];
  // The goal is the first bound location attraction (Reich §4.1: at most one is active).
  bool has = false;
  Vec2 goal = Vec2::Zero();
  double tolerance = 0;
  for_each_bound_goal(nets_[agents_.net[a]], agents_.params_of(a), [&](const Vec2& g, double t_d) {
    if (has) return;
    has = true;
    goal = g;
    tolerance = t_d;
  });
  // Walking a metre anywhere is progress too: following a point that moves ahead (a path, a lane)
  // never brings the goal closer.
  const Vec2 here = agents_.location(a);
  if ((here - g.anchor).norm() >= config_.stuck_range) {
    g.anchor = here;
    g.best_time = std::max(g.best_time, t);
  }
  // A goal unbound once reached (a state machine that ends on arrival) stays reached.
  if (!has && g.has_goal && g.arrived) return false;
  if (has != g.has_goal || (has && goal != g.goal)) {
    // A new goal restarts the distance, not the clock: nets that keep re-targeting an agent caught
    // in a local minimum (go_to's dislodging) are not progress.
    const double since = g.has_goal && has ? g.best_time : t;
    g = GoalProgress{.goal = goal, .anchor = g.anchor, .tolerance = tolerance, .best_distance = kInf,
                     .best_time = since, .has_goal = has, .arrived = false, .stuck = g.stuck};
  }
  if (!has) return false;
  const Vec2 foot = agents_.foot[agents_.forward[a]][a];
  g.arrived = standing && (goal - foot).norm() <= tolerance + 1e-9;
  const double d = (goal - here).norm();
  if (g.best_distance == kInf) {
    g.best_distance = d;  // a new goal: approach from here on counts
  } else if (d < g.best_distance - config_.progress_step || g.arrived) {
    g.best_distance = std::min(d, g.best_distance);
    g.best_time = t;
  }
  // Standing or sitting for an activity it chose (action selection holds its legs) is no lack of
  // progress: a minute on a bench is not a walker caught in a local minimum.
  if (!actions_.empty() && actions_[a].pedestrian != 0 && actions_[a].legs_held) g.best_time = t;
  if (!g.arrived && !g.stuck && t - g.best_time > config_.stuck_seconds) {
    g.stuck = true;
    return true;
  }
  return false;
}

// Walkers and vehicles whose step ends by t, each list ascending: found per block of agents in
// parallel (a city has a hundred thousand), joined in block order.
void Simulation::find_due(double t) {
  struct Block {
    std::vector<std::uint32_t> due, driving;
  };
  constexpr std::size_t kBlock = 1024;
  std::vector<Block> blocks(block_count(agents_.size(), kBlock));
  parallel_blocks(agents_.size(), kBlock, [&](std::size_t b, std::size_t begin, std::size_t end) {
    for (auto a = static_cast<std::uint32_t>(begin); a != end; ++a)
      if (agents_.active[a] && agents_.plan[a].t1 <= t + 1e-9)
        (agents_.vehicle(a) ? blocks[b].driving : blocks[b].due).push_back(a);
  });
  due_.clear();
  driving_.clear();
  for (const Block& b : blocks) {
    due_.insert(due_.end(), b.due.begin(), b.due.end());
    driving_.insert(driving_.end(), b.driving.begin(), b.driving.end());
  }
}

// Whether any goal agent a navigates to has no field yet, while the cache has room: read-only, so
// asked of many agents at once.
bool Simulation::lacks_fields(std::uint32_t a) const {
  if (fields_.size() >= FieldCache::kMaxFields) return false;
  bool lacks = false;
  for_each_navigated_target(nets_[agents_.net[a]], agents_.params_of(a), [&](const Vec2& target) {
    lacks = lacks || !fields_.find(target);
  });
  return lacks;
}

// ensure_fields for each of `agents` in order. The cache only grows, so an agent that lacks no
// field now lacks none later in the loop: only those that lack one, asked in parallel first, are
// visited, in the same order as before.
void Simulation::ensure_fields_of(const std::vector<std::uint32_t>& agents) {
  std::vector<std::uint8_t> lacks(agents.size(), 0);
  parallel_chunks(agents.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k != end; ++k) lacks[k] = lacks_fields(agents[k]);
  });
  for (std::size_t k = 0; k < agents.size(); ++k)
    if (lacks[k]) ensure_fields(agents[k]);
}

void Simulation::ensure_fields(std::uint32_t a) {
  for_each_navigated_target(nets_[agents_.net[a]], agents_.params_of(a), [&](const Vec2& target) {
    // The grid reaches the walker too, as it stands now and 20 m around.
    Aabb around;
    around.add(agents_.location(a));
    fields_.ensure(world_, target, around.inflated(20.0));
  });
}

void Simulation::update_crowd_fields(double t) {
  if (!config_.crowd.on() || t < crowd_fields_at_ + config_.crowd.every - 1e-9) return;
  crowd_fields_at_ = t;
  const Snapshot& s = snapshot();
  std::vector<CrowdWalker> crowd;
  for (std::uint32_t a = 0; a < agents_.size(); ++a)
    if (s.active[a]) crowd.push_back({s.location[a], s.plan[a].velocity()});
  fields_.rebuild_with_crowd(crowd, config_.crowd);
}

std::size_t Simulation::active_count() const {
  return static_cast<std::size_t>(std::count(agents_.active.begin(), agents_.active.end(), 1));
}

std::uint64_t Simulation::arrived() const {
  std::uint64_t standing = 0;
  for (std::size_t a = 0; a < agents_.size(); ++a)
    standing += agents_.active[a] && progress_[a].arrived && agent_nets_.agents[a].running.empty();
  return metrics_.trips + standing;
}

double Simulation::longest_trip() const {
  double longest = 0;
  for (std::size_t a = 0; a < agents_.size(); ++a)
    if (agents_.active[a] && !agent_nets_.agents[a].route.empty())
      longest = std::max(longest, time() - trip_start_[a]);
  return longest;
}

std::pair<std::size_t, std::uint32_t> Simulation::param_slot(std::string_view dotted) const {
  const auto first = dotted.find('.');
  const auto last = dotted.rfind('.');
  if (first == std::string_view::npos || first == last)
    throw std::out_of_range("parameter name '" + std::string(dotted) +
                            "' is not of the form agent.node.param");
  const int a = agents_.find(dotted.substr(0, first));
  if (a < 0) throw std::out_of_range("no agent named '" + std::string(dotted.substr(0, first)) + "'");
  const NetTemplate& net = nets_[agents_.net[a]];
  const std::string_view node = dotted.substr(first + 1, last - first - 1);
  const int p = net.find_param(node, dotted.substr(last + 1));
  if (p < 0)
    throw std::out_of_range("behavior net '" + net.name() + "' of agent '" +
                            std::string(dotted.substr(0, first)) + "' has no parameter '" +
                            std::string(dotted.substr(first + 1)) + "'");
  return {static_cast<std::size_t>(a), static_cast<std::uint32_t>(p)};
}

std::string Simulation::other_in(const Incident& i) const {
  if (i.kind != Incident::Kind::Collision) return "";
  return i.other ? name_of(i.other) : "obstacle";
}

std::string Simulation::name_of(std::uint64_t id) const {
  if (id >= 1 && id <= scenario_agents_) return agents_.name[id - 1];
  for (std::size_t k = 0; k < sources_.size(); ++k) {
    const SourceState& src = sources_[k];
    if (id >= src.first_id && id < src.first_id + src.arrivals.size())
      return scripts_.sources[k].name + "_" + std::to_string(id - src.first_id + 1);
  }
  return "ped" + std::to_string(id);
}

std::string Simulation::behavior_of(const Snapshot& s, std::size_t a) const {
  std::string label;
  if (a + 1 >= s.net_start.size()) return label;
  for (std::uint32_t k = s.net_start[a]; k < s.net_start[a + 1]; ++k) {
    const patnet::Program& p = scripts_.programs[s.nets[k].program];
    const int state = s.nets[k].state;
    if (!label.empty()) label += '/';
    label += p.name;
    label += ':';
    label += state >= 0 && static_cast<std::size_t>(state) < p.states.size() ? p.states[state].name
             : state == patnet::kExit                                         ? std::string("exit")
                                                                              : std::string("start");
  }
  return label;
}

double Simulation::param(std::string_view dotted) const {
  const auto [a, slot] = param_slot(dotted);
  return agents_.params.get(a, slot);
}

void Simulation::set_param(std::string_view dotted, double value) {
  const auto [a, slot] = param_slot(dotted);
  agents_.params.set(a, slot, value);
}

}  // namespace footfall

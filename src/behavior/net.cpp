#include "footfall/behavior/net.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "footfall/behavior/anticipation.hpp"
#include "footfall/behavior/controls.hpp"
#include "footfall/behavior/crowd_way.hpp"
#include "footfall/behavior/free_path.hpp"
#include "footfall/behavior/reflexes.hpp"
#include "footfall/behavior/steering_nodes.hpp"

namespace footfall {

namespace {

// Predictive attraction (Reich §8.2.3) at one candidate. Modes: 0 attracts to the target where it
// is (the naive chaser of Fig. 8.5), 1 to where it will be after one more step (eq. 8.1, Fig. 8.7),
// 2 by the time to intercept it (eqs 8.2–8.17, Figs 8.9–8.10).
ControlOut predictive_attraction(const double* p, const double* in, const NetNode& src,
                                 const double* sp, const Pose& pose, const SenseContext& ctx) {
  const int mode = static_cast<int>(p[pattract_p::Mode]);
  const AttractParams ap{p[pattract_p::KTheta], p[pattract_p::KD], p[pattract_p::TTheta],
                         p[pattract_p::TD]};
  const ControlOut naive = in[0] != 0.0 ? attract(in[1], in[2], ap) : ControlOut{};
  if (mode == 0) return naive;
  // The target as a motion: an agent's published step, or a point that stays where it is.
  Plan plan;
  double radius = 0, own = ctx.self_radius;  // bounding radii; a location is a bare point
  if (src.kind == NodeKind::ObjectSensor) {
    const int a = static_cast<int>(sp[object_p::Agent]);
    const int o = static_cast<int>(sp[object_p::Obstacle]);
    if (a >= 0 && a < static_cast<int>(ctx.snapshot.size()) && a != static_cast<int>(ctx.self)) {
      plan = ctx.snapshot.plan[a];
      radius = ctx.snapshot.radius[a];
    } else if (o >= 0 && o < static_cast<int>(ctx.world.obstacles.size())) {
      const Vec2 q = closest_point(ctx.world.obstacles[o].shape, pose.location);
      plan = {q, q, 0, 0};
    } else {
      return {};
    }
  } else {
    const Vec2 x(sp[location_p::X], sp[location_p::Y]);
    plan = {x, x, 0, 0};
    own = 0;
  }
  if (mode == 1) {  // eq. 8.1: attract to where the target will be after one more step
    const Vec2 q = predicted_location(plan.to, plan.from);
    return attract((q - pose.location).norm() - radius - own,
                   relative_angle(pose.location, pose.heading, q), ap);
  }
  if (!ctx.self_state || pose.duration <= 0) return naive;
  // Mode 2 (eqs 8.2–8.17): both keep constant velocity from the end of the candidate step — the
  // agent that of the step, the target that of its own last step (scaled by anticipation).
  const SelfState& self = *ctx.self_state;
  const Vec2 v_target = std::min(1.0, p[pattract_p::Anticipation]) * plan.velocity();
  const Vec2 v_agent = stepping_velocity(self.planted, pose.forward_foot, pose.duration);
  const Vec2 offset = plan.at(self.t0) + v_target * pose.duration - pose.location;
  const double reach = p[pattract_p::Threshold] + radius + own;
  const Intercept i = intercept_time(offset, v_target - v_agent, reach);
  const double t = i.kind == InterceptCase::Within
                       ? 0.0
                       : pose.duration + intercept_stress(i, offset, reach, p[pattract_p::VRef]);
  return {0.0, p[pattract_p::KD] * t};
}

// An unbound behavior emits nothing: no recommendation and no energy.
void put_control(double* out, const ControlOut& o, bool bound, double weight, double power) {
  out[0] = o.dtheta;
  out[1] = o.dd;
  out[2] = bound ? control_energy(o, weight, power) : 0.0;
}

// Attract and avoid (Granieri et al. 1995 §2.2) of the percept `in` their sensor emitted: what
// emit() writes for them, and energy_within() without emit()'s dispatch (most walk inputs).
inline void emit_attract(const double* p, const double* in, double* out) {
  const bool on = p[attract_p::Bound] != 0.0;
  put_control(out,
              on && in[0] != 0.0 ? attract(in[1], in[2], {p[attract_p::KTheta], p[attract_p::KD],
                                                          p[attract_p::TTheta], p[attract_p::TD]})
                                 : ControlOut{},
              on, p[attract_p::Weight], p[attract_p::Power]);
}
inline void emit_avoid(const double* p, const double* in, double* out) {
  const bool on = p[avoid_p::Bound] != 0.0;
  put_control(out,
              on && in[0] != 0.0 ? avoid(in[1], in[2], {p[avoid_p::KTheta], p[avoid_p::KD], p[avoid_p::TD],
                                                        p[avoid_p::KeepRight]})
                                 : ControlOut{},
              on, p[avoid_p::Weight], p[avoid_p::Power]);
}

// A location sensor's target, and its navigation field where it navigates and one is built.
struct SensedGoal {
  Vec2 target;
  const DistanceField* field;
};
SensedGoal sensed_goal(const double* goal, const SenseContext& ctx) {
  const Vec2 target(goal[location_p::X], goal[location_p::Y]);
  return {target, goal[location_p::Navigate] != 0.0 && ctx.fields ? ctx.fields->find(target) : nullptr};
}

// A location sensor's percept of its target: what emit() writes, and energy_within() without
// emit()'s dispatch (a walker's goal, at every candidate).
inline void emit_location(const double* p, const Pose& pose, const SenseContext& ctx, double* out) {
  const SensedGoal g = sensed_goal(p, ctx);
  const Percept s = sense_location(pose, g.target, g.field);
  out[0] = 1.0;
  out[1] = s.d;
  out[2] = s.theta;
}

// The free path (behavior/free_path.hpp) of the candidate's way: from where the agent stands
// toward where the step puts the body (its heading for a step in place), at the walk node's
// preferred speed, judged against the way down to the goal sensor's target from here.
double free_path(const double* p, const double* goal, const double* params, const NetTemplate& net,
                 const Pose& pose, const SenseContext& ctx, std::span<const Mover> movers) {
  if (!ctx.self_state) return 0.0;
  const SelfState& self = *ctx.self_state;
  const double* walk = params + net.nodes()[net.walk_node()].param_offset;
  const double speed = walk[walk_p::StepLength] / walk[walk_p::StepTime];
  const Vec2 move = pose.location - self.location;
  const double moved = move.norm();
  const Vec2 u = moved > 1e-6 ? Vec2(move / moved) : unit_from_heading(pose.heading);
  const SensedGoal g = sensed_goal(goal, ctx);
  // Seen from here, facing the way the candidate goes: θ is the turn from it to the goal's way.
  const Percept to_goal = sense_location({self.location, heading_of(u), self.location, 0}, g.target, g.field);
  const double horizon = std::min(p[freepath_p::Horizon], to_goal.d);
  if (horizon <= 1e-6) return 0.0;
  const double f = free_distance(ctx, movers, self.location, u, speed, ctx.self_radius, horizon,
                                 p[freepath_p::KeepRight]);
  return free_path_stress(f, horizon, to_goal.theta);
}

}  // namespace

NetTemplate NetTemplate::build(std::string name, const std::vector<NodeDecl>& decls) {
  NetTemplate t;
  t.name_ = std::move(name);
  std::unordered_map<std::string, std::uint32_t> index;
  for (const auto& d : decls) {
    if (!index.emplace(d.name, static_cast<std::uint32_t>(index.size())).second)
      throw std::invalid_argument("node '" + d.name + "' is declared twice");
  }
  // Nodes, parameters and links, in declaration order.
  for (const auto& d : decls) {
    const NodeKindInfo& info = kind_info(d.kind);
    NetNode n;
    n.name = d.name;
    n.kind = d.kind;
    n.walkers = d.walkers;
    n.mask = d.mask;
    n.param_offset = static_cast<std::uint32_t>(t.defaults_.size());
    for (const auto& p : info.params) t.defaults_.push_back(p.fallback);
    n.first_link = static_cast<std::uint32_t>(t.link_src_.size());
    for (const auto& in : d.inputs) {
      const auto it = index.find(in);
      if (it == index.end())
        throw std::invalid_argument("node '" + d.name + "' takes input '" + in +
                                    "', which is not a node of this net");
      const NodeRole src = kind_info(decls[it->second].kind).role;
      const bool ok = (info.role == NodeRole::Control && src == NodeRole::Sensor) ||
                      (info.role == NodeRole::Motor && src == NodeRole::Control);
      if (!ok)
        throw std::invalid_argument("node '" + d.name + "' (" + info.name + ") cannot take input '" +
                                    in + "' (" + kind_info(decls[it->second].kind).name +
                                    "): controls read sensors, the walk node reads controls");
      t.link_src_.push_back(it->second);
    }
    n.link_count = static_cast<std::uint32_t>(d.inputs.size());
    if (info.role == NodeRole::Control && n.link_count != static_cast<std::uint32_t>(info.inputs))
      throw std::invalid_argument(
          "node '" + d.name + "' (" + info.name + ") " +
          (info.inputs == 1 ? "needs exactly one sensor input"
                            : "takes no input: it reads the agent's own state"));
    if (d.kind == NodeKind::PredictiveAttract) {
      const NodeKind src = decls[index.at(d.inputs[0])].kind;
      if (src != NodeKind::ObjectSensor && src != NodeKind::LocationSensor)
        throw std::invalid_argument("node '" + d.name +
                                    "' (predictive_attract) reads an object_sensor or a "
                                    "location_sensor, not '" + d.inputs[0] + "'");
    }
    if (is_steering(d.kind) && info.inputs == 1) {
      const NodeKind src = decls[index.at(d.inputs[0])].kind;
      const bool agent_only = d.kind == NodeKind::Pursuit || d.kind == NodeKind::Evasion ||
                              d.kind == NodeKind::OffsetPursuit || d.kind == NodeKind::LeaderFollow;
      if (src != NodeKind::ObjectSensor && (agent_only || src != NodeKind::LocationSensor))
        throw std::invalid_argument("node '" + d.name + "' (" + info.name + ") reads " +
                                    (agent_only ? "an object_sensor" : "an object_sensor or a location_sensor") +
                                    ", not '" + d.inputs[0] + "'");
    }
    if ((d.kind == NodeKind::FreePath || d.kind == NodeKind::CrowdWay) &&
        decls[index.at(d.inputs[0])].kind != NodeKind::LocationSensor)
      throw std::invalid_argument("node '" + d.name + "' (" + info.name + ") reads a location_sensor, not '" +
                                  d.inputs[0] + "'");
    if (info.role == NodeRole::Motor) {
      if (t.walk_ >= 0) throw std::invalid_argument("a net has one walk node; '" + d.name +
                                                    "' is a second");
      t.walk_ = static_cast<int>(t.nodes_.size());
    }
    t.nodes_.push_back(std::move(n));
  }
  if (t.walk_ < 0) throw std::invalid_argument("the net has no walk node");
  // Levels: roles make the graph a three-layer DAG, so one pass in role order settles them.
  for (const NodeRole role : {NodeRole::Sensor, NodeRole::Control, NodeRole::Motor})
    for (auto& n : t.nodes_) {
      if (kind_info(n.kind).role != role) continue;
      std::uint8_t lvl = 1;
      for (std::uint32_t l = n.first_link; l < n.first_link + n.link_count; ++l)
        lvl = std::max<std::uint8_t>(lvl, t.nodes_[t.link_src_[l]].level + 1);
      n.level = lvl;
      t.depth_ = std::max<int>(t.depth_, lvl);
    }
  t.level_start_.assign(1, 0);
  for (int level = 1; level <= t.depth_; ++level) {
    for (std::uint32_t i = 0; i < t.nodes_.size(); ++i)
      if (t.nodes_[i].level == level) t.by_level_.push_back(i);
    t.level_start_.push_back(static_cast<std::uint32_t>(t.by_level_.size()));
  }
  return t;
}

int NetTemplate::find_node(std::string_view node) const {
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].name == node) return static_cast<int>(i);
  return -1;
}

int NetTemplate::find_param(std::string_view node, std::string_view param) const {
  const int n = find_node(node);
  if (n < 0) return -1;
  const int p = kind_info(nodes_[n].kind).param_index(param);
  return p < 0 ? -1 : static_cast<int>(nodes_[n].param_offset) + p;
}

std::string NetTemplate::param_name(std::size_t index) const {
  for (const auto& n : nodes_) {
    const auto& params = kind_info(n.kind).params;
    if (index >= n.param_offset && index < n.param_offset + params.size())
      return n.name + "." + params[index - n.param_offset].name;
  }
  return "?";
}

double sensor_reach(const NetTemplate& net, const double* params) {
  double reach = 0;
  for (const NetNode& n : net.nodes()) {
    const double* p = params + n.param_offset;
    if (n.kind == NodeKind::ProximitySensor) reach = std::max(reach, p[proximity_p::Radius]);
    if (n.kind == NodeKind::FovSensor) reach = std::max(reach, p[fov_p::Radius]);
    if (n.kind == NodeKind::DepthSensor) reach = std::max(reach, p[depth_p::Range]);
    if (n.kind == NodeKind::PredictiveAvoid) reach = std::max(reach, p[pavoid_p::Radius]);
    if (n.kind == NodeKind::PassiveAvoid) reach = std::max(reach, p[passive_p::Distance] + 2.0);
    if (n.kind == NodeKind::FreePath) reach = std::max(reach, p[freepath_p::Horizon]);
    if (n.kind == NodeKind::CrowdWay) reach = std::max(reach, p[crowdway_p::Horizon] + p[crowdway_p::Radius]);
    if (is_steering(n.kind)) reach = std::max(reach, steering_reach(n.kind, p));
  }
  return reach;
}

bool NetEvaluator::terrain_near(std::size_t node, const SenseContext& ctx, double range, int except) {
  TerrainNear& c = terrain_[node];
  const Vec2& planted = ctx.self_state->planted;
  if (c.world != &ctx.world || c.planted != planted || c.range != range || c.except != except) {
    // A foot within kTerrainReach of the planted one senses ground within `range` of itself only
    // if some lies within range + kTerrainReach of the planted foot (on it, too: distance 0).
    c = {&ctx.world, planted, range, except,
         ctx.world.ground_within(planted, net_->nodes()[node].mask, range + kTerrainReach, except)};
  }
  return c.any;
}

NetEvaluator::NetEvaluator(const NetTemplate& net)
    : net_(&net),
      emitted_(net.nodes().size() * kNodeOutputs, 0.0),
      loaded_(net.link_sources().size() * kNodeOutputs, 0.0),
      fov_trig_(net.nodes().size(), {std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0}),
      terrain_(net.nodes().size()) {
  const auto& nodes = net.nodes();
  const auto gated = [](NodeKind k) { return k == NodeKind::Attract || k == NodeKind::Avoid; };
  std::vector<std::vector<std::uint32_t>> readers(nodes.size());
  std::vector<std::uint8_t> only_gated(nodes.size(), 1);
  for (std::uint32_t c = 0; c < nodes.size(); ++c)
    for (std::uint32_t l = nodes[c].first_link; l < nodes[c].first_link + nodes[c].link_count; ++l) {
      const std::uint32_t src = net.link_sources()[l];
      readers[src].push_back(c);
      if (!gated(nodes[c].kind)) only_gated[src] = 0;
    }
  // energy_within()'s order. Every energy below is weight · control_power(e ≥ 0) or, passive
  // avoidance's, the weight itself: never negative with a weight that is not.
  const auto rank = [&](const NetNode& c) -> int {
    switch (c.kind) {
      case NodeKind::Attract: case NodeKind::Avoid: case NodeKind::PredictiveAttract: {
        const NodeKind src = nodes[net.link_sources()[c.first_link]].kind;
        if (src == NodeKind::LocationSensor || src == NodeKind::ObjectSensor) return 0;
        if (src == NodeKind::DepthSensor || src == NodeKind::FovSensor) return 2;
        return 1;
      }
      case NodeKind::Inertia: return 0;
      case NodeKind::TerrainLookahead: case NodeKind::PassiveAvoid: return 1;
      case NodeKind::PredictiveAvoid: case NodeKind::FreePath: case NodeKind::CrowdWay: return 2;
      default: return -1;  // steering: its energy may come out a rounding below 0
    }
  };
  // energy_within() emits only an input's own sensor before the input: an input fed by more than
  // one node, or by a node that is not a sensor (whose own inputs would be stale), needs the full
  // evaluation, and so does one whose energy may be negative or that has no weight.
  const auto own_sensor = [&](const NetNode& c) -> std::int32_t {
    return c.link_count == 1 ? static_cast<std::int32_t>(net.link_sources()[c.first_link]) : -1;
  };
  const auto prunable = [&](const NetNode& c) {
    const std::int32_t sensor = own_sensor(c);
    return rank(c) >= 0 && kind_info(c.kind).param_index("weight") >= 0 && c.link_count <= 1 &&
           (sensor < 0 || kind_info(nodes[sensor].kind).role == NodeRole::Sensor);
  };
  const NetNode& walk = nodes[net.walk_node()];
  const auto input = [&](std::uint32_t l) -> const NetNode& { return nodes[net.link_sources()[l]]; };
  bool all_prunable = true;
  for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l)
    all_prunable = all_prunable && prunable(input(l));
  if (all_prunable)
    for (int r = 0; r <= 2; ++r)
      for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l) {
        const NetNode& c = input(l);
        if (rank(c) != r) continue;
        const auto weight = static_cast<std::uint32_t>(kind_info(c.kind).param_index("weight"));
        const auto bound = static_cast<std::uint32_t>(bound_param(c.kind));
        walk_inputs_.push_back({net.link_sources()[l], own_sensor(c), c.param_offset + weight,
                                c.param_offset + bound});
      }
  sensed_.assign(nodes.size(), 0);
  reach_.assign(nodes.size(), Reach{});

  readers_begin_.push_back(0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (kind_info(nodes[i].kind).role == NodeRole::Sensor && only_gated[i] && !readers[i].empty())
      for (const std::uint32_t r : readers[i])
        readers_.push_back(nodes[r].param_offset + static_cast<std::uint32_t>(bound_param(nodes[r].kind)));
    readers_begin_.push_back(static_cast<std::uint32_t>(readers_.size()));
  }
  avoid_td_begin_.push_back(0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const bool only_avoid = std::all_of(readers[i].begin(), readers[i].end(),
                                        [&](std::uint32_t r) { return nodes[r].kind == NodeKind::Avoid; });
    if (kind_info(nodes[i].kind).role == NodeRole::Sensor && only_avoid && !readers[i].empty())
      for (const std::uint32_t r : readers[i]) avoid_td_.push_back(nodes[r].param_offset + avoid_p::TD);
    avoid_td_begin_.push_back(static_cast<std::uint32_t>(avoid_td_.size()));
  }
}

const NetEvaluator::Reach& NetEvaluator::avoid_reach(std::size_t node, const double* params) {
  static constexpr Reach kEverywhere{0, kInf, kInf};
  const std::uint32_t b = avoid_td_begin_[node], e = avoid_td_begin_[node + 1];
  if (!decision_ || b == e) return kEverywhere;
  Reach& r = reach_[node];
  if (r.block == blocks_) return r;
  double reach = params[avoid_td_[b]];
  for (std::uint32_t k = b + 1; k < e; ++k) reach = std::max(reach, params[avoid_td_[k]]);
  r = {blocks_, reach, reach == kInf ? kInf : std::nextafter(reach, kInf)};
  return r;
}

bool NetEvaluator::idle(std::size_t node, const double* params) const {
  const std::uint32_t b = readers_begin_[node], e = readers_begin_[node + 1];
  if (b == e) return false;
  for (std::uint32_t k = b; k < e; ++k)
    if (params[readers_[k]] != 0.0) return false;
  return true;
}

double NetEvaluator::energy(const double* params, const Pose& pose, const SenseContext& ctx) {
  ++blocks_;  // any block: nothing cached for the last one holds
  return full_energy(params, pose, ctx);
}

double NetEvaluator::full_energy(const double* params, const Pose& pose, const SenseContext& ctx) {
  decision_ = true;
  run_levels(params, pose, ctx, true);
  return emitted_[net_->walk_node() * kNodeOutputs];
}

double NetEvaluator::energy_within(const double* params, const Pose& pose, const SenseContext& ctx,
                                   double bound) {
  return energy_within(decision_inputs(params), pose, ctx, bound);
}

NetEvaluator::DecisionInputs NetEvaluator::decision_inputs(const double* params) {
  if (++serial_ == 0) serial_ = 1;  // 0 is no decision's
  ++blocks_;
  bound_inputs_.clear();
  shortcut_ = !walk_inputs_.empty();
  for (const WalkInput& w : walk_inputs_) shortcut_ = shortcut_ && params[w.weight] >= 0;
  if (shortcut_)
    for (const WalkInput& w : walk_inputs_) {
      if (params[w.bound] != 0.0) {
        bound_inputs_.push_back(w);
        continue;
      }
      // What an unbound control emits at every candidate (no recommendation, no energy), so that
      // the walk node sums this agent's zeros and not the last agent's outputs.
      double* out = emitted_.data() + w.control * kNodeOutputs;
      out[0] = out[1] = out[2] = 0.0;
    }
  return {params, serial_};
}

double NetEvaluator::energy_within(const DecisionInputs& decision, const Pose& pose, const SenseContext& ctx,
                                   double bound) {
  if (decision.serial != serial_) return energy_within(decision.params, pose, ctx, bound);
  const double* params = decision.params;
  if (!shortcut_ || !(bound >= 0)) return full_energy(params, pose, ctx);
  // The inputs' energies summed in this order may round differently from the walk node's sum in
  // link order, by far less than this: above it, the walk node's sum is above `bound` too. An
  // infinite bound (a decision's first candidate) cuts nothing short: the walk node sums every
  // input, as energy() has it, without the nodes it does not read.
  const double limit = bound * (1 + 1e-12);
  if (++call_ == 0) {  // wrapped round: no stamp may look like this call's
    std::fill(sensed_.begin(), sensed_.end(), 0u);
    call_ = 1;
  }
  double partial = 0;
  decision_ = true;
  // Only bound inputs: an unbound one's energy is 0, and a sensor that only unbound ones read
  // (idle) is not asked.
  const auto nodes = net_->nodes();
  for (const WalkInput& w : bound_inputs_) {
    const NetNode& c = nodes[w.control];
    double* out = emitted_.data() + w.control * kNodeOutputs;
    double* in = nullptr;  // the control's sensor's outputs, where it has one
    if (w.sensor >= 0) {
      in = emitted_.data() + w.sensor * kNodeOutputs;
      if (sensed_[w.sensor] != call_) {
        sensed_[w.sensor] = call_;
        const NetNode& sensor = nodes[w.sensor];
        if (sensor.kind == NodeKind::LocationSensor)
          emit_location(params + sensor.param_offset, pose, ctx, in);
        else
          emit(w.sensor, params, pose, ctx);
      }
    }
    // Attract and avoid read their sensor's outputs where they are; the rest load them first.
    if (in && c.kind == NodeKind::Attract) {
      emit_attract(params + c.param_offset, in, out);
    } else if (in && c.kind == NodeKind::Avoid) {
      emit_avoid(params + c.param_offset, in, out);
    } else {
      if (in) {
        double* dst = loaded_.data() + c.first_link * kNodeOutputs;  // its link from the sensor
        dst[0] = in[0];
        dst[1] = in[1];
        dst[2] = in[2];
      }
      emit(w.control, params, pose, ctx);
    }
    partial += out[2];
    if (partial > limit && partial < kInf) return partial;
  }
  // load(walk) and emit(walk) at once: the inputs' energies summed in link order, as the walk
  // node sums them.
  const NetNode& walk = nodes[net_->walk_node()];
  const std::uint32_t* sources = net_->link_sources().data();
  double total = 0;
  for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l)
    total += emitted_[sources[l] * kNodeOutputs + 2];
  double* out = emitted_.data() + net_->walk_node() * kNodeOutputs;
  out[0] = total;
  out[1] = out[2] = 0.0;
  return total;
}

void NetEvaluator::run_levels(const double* params, const Pose& pose, const SenseContext& ctx,
                              bool skip_idle) {
  for (int level = 1; level <= net_->depth(); ++level) {
    const auto nodes = net_->level_nodes(level);
    for (const std::uint32_t i : nodes) load(i);
    for (const std::uint32_t i : nodes)
      if (!skip_idle || !idle(i, params)) emit(i, params, pose, ctx);
  }
}

void NetEvaluator::reset() {
  std::fill(emitted_.begin(), emitted_.end(), 0.0);
  std::fill(loaded_.begin(), loaded_.end(), 0.0);
}

void NetEvaluator::load(std::size_t node) {
  const NetNode& n = net_->nodes()[node];
  // Three doubles a link, copied in place (std::copy made a memmove call of each).
  const std::uint32_t* sources = net_->link_sources().data();
  for (std::uint32_t l = n.first_link; l < n.first_link + n.link_count; ++l) {
    const double* src = emitted_.data() + sources[l] * kNodeOutputs;
    double* dst = loaded_.data() + l * kNodeOutputs;
    static_assert(kNodeOutputs == 3);
    dst[0] = src[0];
    dst[1] = src[1];
    dst[2] = src[2];
  }
}

void NetEvaluator::emit(std::size_t node, const double* params, const Pose& pose,
                        const SenseContext& ctx) {
  const NetNode& n = net_->nodes()[node];
  const double* p = params + n.param_offset;
  double* out = emitted_.data() + node * kNodeOutputs;
  const auto put_percept = [&](const std::optional<Percept>& s) {
    out[0] = s ? 1.0 : 0.0;
    out[1] = s ? s->d : 0.0;
    out[2] = s ? s->theta : 0.0;
  };
  const double* in = loaded_.data() + n.first_link * kNodeOutputs;
  switch (n.kind) {
    case NodeKind::ObjectSensor:
      put_percept(p[object_p::Agent] >= 0
                      ? sense_agent(pose, ctx, static_cast<int>(p[object_p::Agent]))
                      : sense_obstacle(pose, ctx, static_cast<int>(p[object_p::Obstacle])));
      break;
    case NodeKind::LocationSensor:
      emit_location(p, pose, ctx, out);
      break;
    case NodeKind::ProximitySensor: {
      ProximityParams pp{p[proximity_p::Radius], p[proximity_p::Fov], n.walkers, n.mask};
      std::array<double, 3>& trig = fov_trig_[node];
      if (trig[0] != pp.fov) trig = {pp.fov, std::cos(pp.fov), std::sin(pp.fov)};
      pp.cos_fov = trig[1];
      pp.sin_fov = trig[2];
      if (n.walkers && ctx.self_state) {
        ShoulderCache& cache = shoulders_;
        if (cache.self != ctx.self || cache.t0 != ctx.self_state->t0) {
          cache.axes.resize(ctx.neighbours.size());
          for (std::size_t k = 0; k < ctx.neighbours.size(); ++k)
            cache.axes[k] = shoulder_axis(ctx.snapshot.heading[ctx.neighbours[k]]);
          cache.self = ctx.self;
          cache.t0 = ctx.self_state->t0;
        }
        pp.shoulders = cache.axes.data();
      }
      put_percept(sense_proximity(pose, ctx, pp));
      break;
    }
    case NodeKind::LineSensor: {
      if (n.mask != 0) {  // the nearest perceived segment of the sensed classes (building edges)
        std::optional<Percept> best;
        const double beyond = avoid_reach(node, params).beyond;  // d ≤ t_d is seen
        for (const std::uint32_t o : ctx.obstacles) {
          const Obstacle& ob = ctx.world.obstacles[o];
          const auto* seg = std::get_if<Segment>(&ob.shape);
          if (!seg || !(n.mask & (1ull << ob.cls))) continue;
          // The first nearest wins: a segment no nearer than the best so far is passed over, nor
          // one its avoid nodes would not see.
          const auto s = sense_line(pose, ctx, seg->a, seg->b, p[line_p::Fov], best ? best->d : beyond);
          if (s) best = s;
        }
        put_percept(best);
        break;
      }
      const int s = static_cast<int>(p[line_p::Segment]);
      const auto* seg = s >= 0 && s < static_cast<int>(ctx.world.obstacles.size())
                            ? std::get_if<Segment>(&ctx.world.obstacles[s].shape)
                            : nullptr;
      put_percept(seg ? sense_line(pose, ctx, seg->a, seg->b, p[line_p::Fov]) : std::nullopt);
      break;
    }
    case NodeKind::TerrainSensor: {
      const double range = std::min(p[terrain_p::Range], avoid_reach(node, params).reach);
      const int except = static_cast<int>(p[terrain_p::Except]);
      if (ctx.self_state && (pose.forward_foot - ctx.self_state->planted).squaredNorm() <= kTerrainReach * kTerrainReach &&
          !terrain_near(node, ctx, range, except)) {
        put_percept(std::nullopt);  // what sense_terrain finds there, bit for bit
        break;
      }
      put_percept(sense_terrain(pose, ctx.world, n.mask, range, except));
      break;
    }
    case NodeKind::FovSensor:
      put_percept(sense_field_of_view(pose, ctx, p[fov_p::Radius], p[fov_p::Fov]));
      break;
    case NodeKind::Attract:
      emit_attract(p, in, out);
      break;
    case NodeKind::Avoid:
      emit_avoid(p, in, out);
      break;
    case NodeKind::DepthSensor: {
      DepthParams d;
      d.sensors = static_cast<int>(p[depth_p::Sensors]);
      d.fov = p[depth_p::Fov];
      d.range = p[depth_p::Range];
      d.min_range = p[depth_p::MinRange];
      d.bias = p[depth_p::Bias];
      d.cos_power = p[depth_p::CosPower];
      d.walkers = n.walkers;
      d.classes = n.mask;
      put_percept(sense_depth(pose, ctx, d));
      break;
    }
    case NodeKind::Inertia: {
      const bool on = p[inertia_p::Bound] != 0.0;
      double stress = 0;
      if (on && ctx.self_state) {
        const SelfState& self = *ctx.self_state;
        stress = inertia_stress(wrap_angle(pose.heading - self.heading), self.velocity.norm(),
                                p[inertia_p::VRef], p[inertia_p::Stagger], self.lurch);
      }
      put_control(out, {0.0, stress}, on, p[inertia_p::Weight], p[inertia_p::Power]);
      break;
    }
    case NodeKind::TerrainLookahead: {
      const bool on = p[lookahead_p::Bound] != 0.0;
      const double stress =
          on ? terrain_lookahead(ctx.world, pose.forward_foot, pose.heading,
                                 static_cast<int>(p[lookahead_p::Steps]), p[lookahead_p::Stride],
                                 p[lookahead_p::Decay])
             : 0.0;
      put_control(out, {0.0, stress}, on, p[lookahead_p::Weight], p[lookahead_p::Power]);
      break;
    }
    case NodeKind::PredictiveAttract: {
      const bool on = p[pattract_p::Bound] != 0.0;
      const NetNode& src = net_->nodes()[net_->link_sources()[n.first_link]];
      put_control(out, on ? predictive_attraction(p, in, src, params + src.param_offset, pose, ctx) : ControlOut{},
                  on, p[pattract_p::Weight], p[pattract_p::Power]);
      break;
    }
    case NodeKind::PredictiveAvoid: {
      const bool on = p[pavoid_p::Bound] != 0.0;
      double stress = 0;
      const double anticipation = p[pavoid_p::Anticipation];
      if (on && ctx.self_state && anticipation > 0 && pose.duration > 0) {
        const SelfState& self = *ctx.self_state;
        PredictiveAvoidParams pp;
        pp.biases = {p[pavoid_p::Straight], p[pavoid_p::Faster], p[pavoid_p::Slower],
                     p[pavoid_p::Left],     p[pavoid_p::Right],  p[pavoid_p::SpeedChange],
                     p[pavoid_p::Turn]};
        pp.steps = std::max(1, static_cast<int>(std::lround(p[pavoid_p::Steps] * anticipation)));
        pp.decay = p[pavoid_p::Decay];
        pp.margin = p[pavoid_p::Margin];
        PredictionCache& cache = predicted_;
        if (cache.self != ctx.self || cache.node != node || cache.t0 != self.t0) {
          // Who is near and in conflict, and how they may move on, depends on the decision only.
          const double r2 = p[pavoid_p::Radius] * p[pavoid_p::Radius];
          const bool conflicts_only = p[pavoid_p::ConflictsOnly] != 0.0;
          cache.forecast.reset(self.location, self.t0);
          // Only a walker standing by choice (waiting) makes way for one who presses
          // (pressing_plan): those walking keep to their own ways, and two who both press, as
          // where fronts meet or at an exit, contend as before.
          const bool waiting = self.velocity.squaredNorm() == 0 &&
                               (ctx.self >= ctx.snapshot.want.size() ||
                                ctx.snapshot.want[ctx.self].squaredNorm() == 0);
          for (const std::uint32_t j : ctx.neighbours) {
            if (j == ctx.self || (ctx.snapshot.location[j] - self.location).squaredNorm() > r2) continue;
            Plan plan = ctx.snapshot.plan[j];
            if (conflicts_only) {
              if (waiting) plan = pressing_plan(ctx.snapshot, j, self.location, ctx.self_radius, self.t0);
              if (!crosses_or_meets(plan, self.heading)) continue;
            }
            cache.forecast.add(predict_mover(plan, ctx.snapshot.radius[j], pp.biases));
          }
          cache.self = ctx.self;
          cache.node = static_cast<std::uint32_t>(node);
          cache.t0 = self.t0;
        }
        // "Proportional to the agent's point of intersection of highest probability": the most
        // threatening other agent counts.
        const Vec2 velocity = stepping_velocity(self.planted, pose.forward_foot, pose.duration);
        stress = cache.forecast.max_probability(pose.location, pose.duration, velocity, ctx.self_radius, pp);
      }
      put_control(out, {0.0, p[pavoid_p::Gain] * stress}, on, p[pavoid_p::Weight], p[pavoid_p::Power]);
      break;
    }
    case NodeKind::PassiveAvoid: {
      const bool on = p[passive_p::Bound] != 0.0;
      const bool halt = on && ctx.self_state && steps_forward(*ctx.self_state, pose) &&
                        something_ahead(ctx, *ctx.self_state, p[passive_p::Distance],
                                        p[passive_p::Fov], n.walkers, n.mask);
      out[0] = 0.0;
      out[1] = halt ? 1.0 : 0.0;
      out[2] = halt ? p[passive_p::Weight] : 0.0;
      break;
    }
    case NodeKind::FreePath: {
      const bool on = p[freepath_p::Bound] != 0.0;
      const NetNode& src = net_->nodes()[net_->link_sources()[n.first_link]];
      if (on && ctx.self_state &&
          (movers_.self != ctx.self || movers_.node != node || movers_.t0 != ctx.self_state->t0)) {
        free_path_movers(ctx, ctx.self_state->location, ctx.self_state->heading, ctx.self_state->t0,
                         p[freepath_p::Horizon], p[freepath_p::ConflictsOnly] != 0.0, movers_.movers);
        movers_.self = ctx.self;
        movers_.node = static_cast<std::uint32_t>(node);
        movers_.t0 = ctx.self_state->t0;
      }
      put_control(out, {0.0, on ? free_path(p, params + src.param_offset, params, *net_, pose, ctx, movers_.movers) : 0.0}, on,
                  p[freepath_p::Weight], p[freepath_p::Power]);
      break;
    }
    case NodeKind::CrowdWay: {
      const bool on = p[crowdway_p::Bound] != 0.0;
      if (on && ctx.self_state &&
          (crowd_.self != ctx.self || crowd_.node != node || crowd_.t0 != ctx.self_state->t0 ||
           crowd_.params != params)) {
        const SensedGoal g =
            sensed_goal(params + net_->nodes()[net_->link_sources()[n.first_link]].param_offset, ctx);
        crowd_way_view(ctx, *ctx.self_state, g.target, g.field, crowd_way_params(p), crowd_.view);
        crowd_.self = ctx.self;
        crowd_.node = static_cast<std::uint32_t>(node);
        crowd_.t0 = ctx.self_state->t0;
        crowd_.params = params;
      }
      put_control(out, {0.0, on && ctx.self_state ? crowd_way_stress(crowd_.view, pose) : 0.0}, on,
                  p[crowdway_p::Weight], p[crowdway_p::Power]);
      break;
    }
    case NodeKind::Seek: case NodeKind::Flee: case NodeKind::Pursuit: case NodeKind::Evasion:
    case NodeKind::OffsetPursuit: case NodeKind::Arrival: case NodeKind::ObstacleAvoid:
    case NodeKind::Wander: case NodeKind::PathFollow: case NodeKind::WallFollow:
    case NodeKind::Containment: case NodeKind::FlowFollow: case NodeKind::UnalignedAvoid:
    case NodeKind::Separation: case NodeKind::Cohesion: case NodeKind::Alignment:
    case NodeKind::Flocking: case NodeKind::LeaderFollow: {
      // The desires depend on the decision, not the candidate: computed at its first candidate.
      if (ctx.self_state && (steer_.self != ctx.self || steer_.t0 != ctx.self_state->t0 ||
                             steer_.params != params)) {
        steering_desires(*net_, params, ctx, steer_.desired);
        steer_.self = ctx.self;
        steer_.t0 = ctx.self_state->t0;
        steer_.params = params;
      }
      const std::optional<Vec2> want =
          ctx.self_state && node < steer_.desired.size() ? steer_.desired[node] : std::nullopt;
      if (!want) {
        out[0] = out[1] = out[2] = 0.0;
        break;
      }
      const Vec2 v = candidate_velocity(*ctx.self_state, pose);
      out[0] = 1.0;  // a desire
      out[1] = (v - *want).norm();
      out[2] = steering_energy(p, *want, v, pose.heading);
      break;
    }
    case NodeKind::Walk: {
      // Summed in link order, never visiting order, so the sum is bit-identical for any order.
      double total = 0;
      for (std::uint32_t l = 0; l < n.link_count; ++l) total += in[l * kNodeOutputs + 2];
      out[0] = total;
      out[1] = out[2] = 0.0;
      break;
    }
  }
}

void NetEvaluator::phase(int level, const double* params, const Pose& pose,
                         const SenseContext& ctx, std::span<const std::uint32_t> order) {
  const auto nodes = net_->nodes();
  const std::size_t count = order.empty() ? nodes.size() : order.size();
  const auto node_at = [&](std::size_t i) { return order.empty() ? i : order[i]; };
  for (std::size_t i = 0; i < count; ++i)
    if (level == 0 || nodes[node_at(i)].level == level) load(node_at(i));
  for (std::size_t i = 0; i < count; ++i)
    if (level == 0 || nodes[node_at(i)].level == level) emit(node_at(i), params, pose, ctx);
}

void NetEvaluator::tick(const double* params, const Pose& pose, const SenseContext& ctx,
                        std::span<const std::uint32_t> order) {
  decision_ = false;
  phase(0, params, pose, ctx, order);
}

double NetEvaluator::evaluate(const double* params, const Pose& pose, const SenseContext& ctx,
                              std::span<const std::uint32_t> order) {
  decision_ = false;
  // In a feed-forward net, a node of level k only needs to emit on tick k: on earlier ticks its
  // inputs are not yet settled and on later ticks it would emit the same values again. Skipping
  // those redundant emissions gives exactly the result of `depth` full synchronous ticks.
  if (order.empty()) {
    // The same loads and emissions in the same order as phase(level) below, without scanning
    // every node at every level.
    run_levels(params, pose, ctx, false);
  } else {
    for (int level = 1; level <= net_->depth(); ++level) phase(level, params, pose, ctx, order);
  }
  return emitted_[net_->walk_node() * kNodeOutputs];
}

}  // namespace footfall

#pragma once
// The behavior net (Granieri et al. 1995 §2): nodes joined by links that carry floating-point
// values, updated synchronously with separate load and emit phases (after Haumann & Parent 1988),
// so the order in which nodes are visited never changes a result.
//
// A template holds the structure and parameter defaults; each agent instantiating it owns a block of
// parameter values. Every node emits three values: sensors (present, d, θ), controls (Δθ, Δd,
// energy), steering controls (1 with a desire else 0, |v − v_desired|, energy), the walk node
// (total energy, 0, 0).
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "footfall/behavior/anticipation.hpp"
#include "footfall/behavior/crowd_way.hpp"
#include "footfall/behavior/free_path.hpp"
#include "footfall/behavior/node_kinds.hpp"
#include "footfall/behavior/sensors.hpp"

namespace footfall {

inline constexpr int kNodeOutputs = 3;
// How far from the planted foot a candidate's foot may land for a decision's terrain sensors to be
// asked once per decision (NetEvaluator::terrain_near): farther ones are sensed as before.
inline constexpr double kTerrainReach = 1.5;  // metres

struct NetNode {
  std::string name;
  NodeKind kind{};
  std::uint32_t param_offset = 0;  // first parameter of this node in an agent's block
  std::uint32_t first_link = 0;    // incoming links [first_link, first_link + link_count)
  std::uint32_t link_count = 0;
  std::uint8_t level = 0;          // 1 + the deepest input's level; sensors are level 1
  bool walkers = false;            // proximity: detects agents
  std::uint64_t mask = 0;          // proximity: obstacle classes; terrain: ground types
};

class NetTemplate {
 public:
  struct NodeDecl {
    std::string name;
    NodeKind kind{};
    std::vector<std::string> inputs;
    bool walkers = false;
    std::uint64_t mask = 0;
  };

  // Validates and links the declarations: unique names, inputs that exist and have the right role
  // (control ← sensor, walk ← controls), no cycles, exactly one walk node. Throws
  // std::invalid_argument naming the node at fault.
  static NetTemplate build(std::string name, const std::vector<NodeDecl>& decls);

  const std::string& name() const { return name_; }
  std::span<const NetNode> nodes() const { return nodes_; }
  std::span<const std::uint32_t> link_sources() const { return link_src_; }
  std::span<const double> defaults() const { return defaults_; }
  std::size_t param_count() const { return defaults_.size(); }
  int depth() const { return depth_; }
  // The nodes of one level in index order: evaluation visits these instead of testing every node's
  // level at every level.
  std::span<const std::uint32_t> level_nodes(int level) const {
    return {by_level_.data() + level_start_[level - 1], level_start_[level] - level_start_[level - 1]};
  }
  int walk_node() const { return walk_; }
  int find_node(std::string_view node) const;  // -1 when absent
  // "node.param" → index in the agent's block, -1 when absent.
  int find_param(std::string_view node, std::string_view param) const;
  std::string param_name(std::size_t index) const;  // "node.param"

 private:
  std::string name_;
  std::vector<NetNode> nodes_;
  std::vector<std::uint32_t> link_src_;
  std::vector<double> defaults_;
  int depth_ = 0;
  int walk_ = -1;
  std::vector<std::uint32_t> by_level_;     // node indices by level, then index
  std::vector<std::uint32_t> level_start_;  // level k (1-based): by_level_[start[k-1], start[k])
};

// How far an agent's sensors reach beyond its own location, with its parameter block `params`.
double sensor_reach(const NetTemplate& net, const double* params);

// Scratch buffers for evaluating one template; one per thread.
class NetEvaluator {
 public:
  explicit NetEvaluator(const NetTemplate& net);

  // Runs the net with the agent placed at `pose` until the walk node has its input (depth ticks)
  // and returns the walk node's energy. `order` permutes the visiting order inside each phase
  // (tests use it to show the order is irrelevant); empty means storage order.
  double evaluate(const double* params, const Pose& pose, const SenseContext& ctx,
                  std::span<const std::uint32_t> order = {});

  // The walk node's energy as evaluate() gives it, bit for bit, without running the sensors that
  // only unbound attract or avoid nodes read (those ignore their input): what a footstep decision
  // needs. Such a sensor's outputs() are then left as they were.
  double energy(const double* params, const Pose& pose, const SenseContext& ctx);

  // energy(), bit for bit, when it is at most `bound`; otherwise some value above `bound` (finite
  // unless the energy is), found once the walk node's inputs evaluated so far, cheap ones first,
  // outweigh it: what a decision needs of a candidate that cannot beat the best so far. Nodes it
  // did not need keep the outputs() they had. Falls back to energy() for a net with an input whose
  // energy may be negative (steering nodes) or a negative weight.
  double energy_within(const double* params, const Pose& pose, const SenseContext& ctx, double bound);

  // energy_within() for the candidates of one decision: what it reads of the parameter block at
  // each candidate (which walk inputs are bound, whether their weights allow the shortcut) worked
  // out once, by decision_inputs(), instead of at every candidate. The block must stay as it was
  // while the decision lasts; a token from an earlier call of decision_inputs() is worked out
  // again. Unbound inputs emit zeros, as energy() has them emit.
  struct DecisionInputs {
    const double* params = nullptr;
    std::uint32_t serial = 0;
  };
  DecisionInputs decision_inputs(const double* params);
  double energy_within(const DecisionInputs& decision, const Pose& pose, const SenseContext& ctx, double bound);

  // One full synchronous tick over every node: load all, then emit all.
  void tick(const double* params, const Pose& pose, const SenseContext& ctx,
            std::span<const std::uint32_t> order = {});
  void reset();

  std::span<const double> outputs(std::size_t node) const {
    return {emitted_.data() + node * kNodeOutputs, kNodeOutputs};
  }
  // A steering node's desired velocity at the last decision evaluated (after walk.combine), or
  // nothing: what the viewer and inspector show.
  std::optional<Vec2> desired(std::size_t node) const {
    return node < steer_.desired.size() ? steer_.desired[node] : std::nullopt;
  }

 private:
  void load(std::size_t node);
  void emit(std::size_t node, const double* params, const Pose& pose, const SenseContext& ctx);
  void phase(int level, const double* params, const Pose& pose, const SenseContext& ctx,
             std::span<const std::uint32_t> order);

  const NetTemplate* net_;
  std::vector<double> emitted_;  // kNodeOutputs per node
  std::vector<double> loaded_;   // kNodeOutputs per link
  // free_path's movers: the same for every candidate of one decision, so gathered once per
  // (agent, decision time, node).
  struct MoverCache {
    std::uint32_t self = ~0u, node = ~0u;
    double t0 = -1;
    std::vector<Mover> movers;
  } movers_;
  // crowd_way's view: likewise per decision, and per parameter block (the goal it weighs the way
  // to is a parameter).
  struct CrowdCache {
    std::uint32_t self = ~0u, node = ~0u;
    double t0 = -1;
    const double* params = nullptr;
    CrowdWayView view;
  } crowd_;
  // predictive_avoid's others within its radius, their motions predicted and their tracks per
  // step duration: likewise per decision.
  struct PredictionCache {
    std::uint32_t self = ~0u, node = ~0u;
    double t0 = -1;
    AvoidanceForecast forecast;
  } predicted_;
  // Proximity sensors' neighbours' shoulder lines (agents/body.hpp), in ctx.neighbours' order: a
  // sine and a cosine per neighbour per decision, not per candidate and sensor.
  struct ShoulderCache {
    std::uint32_t self = ~0u;
    double t0 = -1;
    std::vector<Vec2> axes;
  } shoulders_;
  // Sensors read only by attract and avoid nodes: per sensor, where its readers keep their `bound`
  // (CSR, the parameter's index in the agent's block), so that energy() can skip it while none of
  // them is bound. Empty for every other node. Indices, not names: idle() runs per candidate.
  std::vector<std::uint32_t> readers_begin_, readers_;
  bool idle(std::size_t node, const double* params) const;
  // Sensors read only by avoid nodes: per sensor, its readers' t_d (CSR, indices in the agent's
  // block). An avoid node sees nothing beyond its t_d (controls.hpp, avoid), so a decision's line
  // and terrain sensors need not look farther than the largest (avoid_reach): the energies are
  // the same bit for bit, the sensor's own outputs not (evaluate() still looks as far as asked).
  std::vector<std::uint32_t> avoid_td_begin_, avoid_td_;
  // A sensor's reach and the next double above it, per node: they depend only on the parameter
  // block, so they are worked out once per block (`blocks_`, counted by decision_inputs() and each
  // energy() from outside), not at every candidate (with nextafter, 1.8% of a frame's instructions
  // at 10,000 agents).
  struct Reach {
    std::uint64_t block = ~std::uint64_t{0};  // none yet
    double reach = 0, beyond = 0;
  };
  std::vector<Reach> reach_;
  std::uint64_t blocks_ = 0;
  const Reach& avoid_reach(std::size_t node, const double* params);
  double full_energy(const double* params, const Pose& pose, const SenseContext& ctx);
  // Set by each entry point: energy() and energy_within() ask only for the energy, evaluate() and
  // tick() for every output.
  bool decision_ = false;
  // Each level's loads, then its emissions, in index order; with `skip_idle`, no idle sensor emits.
  void run_levels(const double* params, const Pose& pose, const SenseContext& ctx, bool skip_idle);
  // The walk node's inputs in the order energy_within() evaluates them: controls on cheap sensors
  // first, predictive avoidance and the like last. Each: the control, its sensor (or -1) and its
  // weight's index in the agent's block. Empty when some input's energy may be negative.
  struct WalkInput {
    std::uint32_t control;
    std::int32_t sensor;
    std::uint32_t weight;
    std::uint32_t bound;  // the `bound` parameter's index in the agent's block
  };
  std::vector<WalkInput> walk_inputs_;
  // decision_inputs(): the bound walk inputs of the decision `serial_`, in walk_inputs_' order, and
  // whether energy_within() may cut short (walk_inputs_ not empty, no negative weight).
  std::vector<WalkInput> bound_inputs_;
  bool shortcut_ = false;
  std::uint32_t serial_ = 0;
  std::vector<std::uint32_t> sensed_;  // per node: the energy_within() call that last emitted it
  std::uint32_t call_ = 0;
  // Per node: a proximity sensor's half-angle and its cos and sin, worked out when it changes.
  std::vector<std::array<double, 3>> fov_trig_;
  // Terrain sensors with no ground of their types within their range of any candidate foot (within
  // kTerrainReach of the planted one): per node, for one planted foot, range and exception. Such a
  // sensor senses nothing at every candidate, which nearest_ground would find at each (issue 23:
  // 12% of a frame), so it is asked once per decision.
  struct TerrainNear {
    const World* world = nullptr;
    Vec2 planted = Vec2::Constant(std::numeric_limits<double>::quiet_NaN());
    double range = -1;
    int except = -2;
    bool any = true;
  };
  std::vector<TerrainNear> terrain_;
  bool terrain_near(std::size_t node, const SenseContext& ctx, double range, int except);
  // Steering nodes' desired velocities: one decision's, computed at its first candidate.
  struct SteerCache {
    std::uint32_t self = ~0u;
    double t0 = -1;
    const double* params = nullptr;
    std::vector<std::optional<Vec2>> desired;
  } steer_;
};

}  // namespace footfall

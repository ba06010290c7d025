#pragma once
// The frame loop over shared agent state: SENSE, CONTROL and MOTION, each a separate unit of code
// with its own timing (DESIGN.md, "Stages and the frame"). SENSE(N) and CONTROL(N) read snapshot
// S(N−1); CONTROL(N) uses the percept lists P(N−1), one frame of sensing latency as in Granieri et
// al. 1995 §4.2; MOTION(N) publishes S(N). Every per-agent computation depends only on published
// data, so results are bit-identical for any thread count.
#include <cmath>
#include <cstdint>
#include <optional>
#include <algorithm>
#include <memory>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "footfall/select/tick.hpp"
#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/core/hash.hpp"
#include "footfall/core/scratch_pool.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/motion/playback.hpp"
#include "footfall/pipeline/scripts.hpp"
#include "footfall/steering/vehicle.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

// Which articulated figures MOTION poses each frame (with a motion library). Trajectories never
// depend on it: figures follow the footsteps, not the other way round.
enum class Posing : std::uint8_t {
  All,     // every figure, every frame: Snapshot::poses complete, foot slip measured
  Wanted,  // only the figures a consumer asked for (Simulation::want_figure): the viewer's CULL
  None,    // none (headless runs without images); Simulation::full_pose still works on request
};

struct SimConfig {
  double dt = 1.0 / 30.0;      // frame period, seconds
  std::uint64_t seed = 1;
  double sense_margin = 0.5;   // slack on neighbour queries for one frame of latency, metres
  // Stuck: an agent with a goal it has not reached that, for this long, neither came closer to it
  // by progress_step nor moved stuck_range from where it last made progress (standing, stepping in
  // place, or circling in a local minimum while its nets re-target it: a new goal restarts the
  // distance, not the clock).
  double stuck_seconds = 60;
  double progress_step = 0.1;  // metres of approach that count as progress
  double stuck_range = 1.0;    // metres of displacement that count as progress
  // Published snapshots kept: S(N) stays intact while the next snapshots − 1 frames are simulated,
  // so a pipeline may consume it that many frames late (pipeline/frame_pipeline.hpp).
  int snapshots = 2;
  // Realtime mode (Granieri et al. 1995 §4.1): when CONTROL took longer than this the frame before,
  // the walk nodes sample a smaller fan (half the arcs and rays). 0: off, the default, because it
  // makes results depend on timing.
  double realtime_budget_ms = 0;
  CrowdCost crowd;  // crowd-aware navigation fields (scenario `navigation: crowd:`); off by default
  // Foot slip (Metrics::foot_slip_max) is tracked frame to frame, so only with Posing::All.
  Posing posing = Posing::All;
};

// What SENSE gathered for the agents deciding at one frame: for each (ascending ids in `agents`),
// the agents and obstacles it could perceive or touch during its next step. Flat lists, so memory
// follows the few agents deciding in a frame, not the whole crowd.
struct Percepts {
  std::vector<std::uint32_t> agents;
  std::vector<std::uint32_t> neighbour_start, obstacle_start;  // agent k: [start[k], start[k + 1])
  std::vector<std::uint32_t> neighbour_ids, obstacle_ids;      // each agent's list ascending

  // Agent a's lists; empty when SENSE did not look around for it.
  std::span<const std::uint32_t> neighbours(std::uint32_t a) const { return list(a, neighbour_start, neighbour_ids); }
  std::span<const std::uint32_t> obstacles(std::uint32_t a) const { return list(a, obstacle_start, obstacle_ids); }

 private:
  std::span<const std::uint32_t> list(std::uint32_t a, const std::vector<std::uint32_t>& start,
                                      const std::vector<std::uint32_t>& ids) const {
    const auto it = std::lower_bound(agents.begin(), agents.end(), a);
    if (it == agents.end() || *it != a) return {};
    const auto k = static_cast<std::size_t>(it - agents.begin());
    return {ids.data() + start[k], start[k + 1] - start[k]};
  }
};

struct StageTimes {
  double sense_ms = 0, control_ms = 0, motion_ms = 0;
};

struct FrameStats {
  StageTimes ms;
  double step_ms = 0;             // the whole step (SENSE and CONTROL overlap)
  std::uint32_t decisions = 0;    // agents at their foot-strike this frame
  std::uint64_t evaluations = 0;  // net evaluations by walk nodes this frame
  bool reduced_fan = false;       // realtime mode sampled the smaller fan this frame
};

// The vectors first and the flags last: 64 bytes a slot, not 80 (issue 23, memory).
struct GoalProgress {
  Vec2 goal = Vec2::Zero();
  Vec2 anchor{kInf, kInf};  // where the agent stood when it last moved stuck_range
  double tolerance = 0;
  double best_distance = kInf;
  double best_time = 0;
  bool has_goal = false;
  bool arrived = false;
  bool stuck = false;  // sticky: once stuck, reported as stuck
};

// One failure of the checks a run is judged by, for finding it again: who, when, where. The summary
// lists the first Metrics::kIncidentsKept of them.
struct Incident {
  enum class Kind : std::uint8_t { Collision, Jaywalk, RedCrossing, RedStay, Stuck };
  Kind kind;
  double time;       // seconds
  std::uint64_t id;  // the pedestrian (Snapshot::id)
  std::uint64_t other = 0;  // a collision's other pedestrian; 0 for an obstacle or none
  Vec2 where;        // the foot placed (jaywalk, red crossing) or the body (collision, red stay, stuck)
};

const char* incident_name(Incident::Kind k);

struct Metrics {
  static constexpr std::size_t kIncidentsKept = 100;
  std::uint64_t collisions = 0;      // pairs (agent–agent or agent–obstacle) that began to overlap
  std::uint64_t jaywalk_events = 0;  // footsteps on jaywalk ground (street outside crosswalks)
  std::uint64_t red_crossings = 0;   // entering a crosswalk while its head shows DON'T WALK
  std::uint64_t crossings = 0;       // entering a crosswalk (from off it) at all
  // Standing or walking on a signalled crosswalk while its head shows steady DON'T WALK: the
  // longest such stay of anyone, seconds, and the stays that passed 5 s (issue 22's limit for a
  // crowd held on a crosswalk; flashing DON'T WALK is the clearance interval and does not count).
  double red_stay_max = 0;
  std::uint64_t red_stays_over_5s = 0;
  std::uint64_t stuck = 0;           // agents that made no progress toward their goal for a while
  std::uint64_t spawned = 0;         // pedestrians that entered the scene after the start
  std::uint64_t trips = 0;           // pedestrians that reached the end of their route and left
  std::uint64_t decisions = 0;
  std::uint64_t evaluations = 0;
  std::uint64_t blocked = 0;         // decisions where every candidate collided
  double foot_slip_max = 0;          // metres: largest slide of a foot on the ground (MOTION)
  std::uint64_t reduced_frames = 0;  // realtime mode: frames whose walk nodes sampled a smaller fan
  std::vector<Incident> incidents;   // the first kIncidentsKept, in the order they happened
  void record(const Incident& i) {
    if (incidents.size() < kIncidentsKept) incidents.push_back(i);
  }
};

// What one block of MOTION's deciders adds to the run's metrics. Blocks are tallied in parallel
// and merged in order, so the counts and the first incidents kept are those of one serial loop.
struct MotionTally {
  std::uint64_t crossings = 0, red_crossings = 0, jaywalk_events = 0, stuck = 0;
  std::uint64_t evaluations = 0, blocked = 0;
  std::vector<Incident> incidents;  // at most Metrics::kIncidentsKept: no later one can be kept
  void record(const Incident& i) {
    if (incidents.size() < Metrics::kIncidentsKept) incidents.push_back(i);
  }
  void add_to(Metrics& m) const;
};

// Where pedestrians were placed this frame, before any snapshot's grid holds them: each by its
// plan (standing: from == to; in stride: the step it walks before its first decision), bucketed by
// cell so that checking a spawn's clearance stays local even when a whole crowd is placed at once.
class PlacedPoints {
 public:
  void clear() { cells_.clear(); }
  void add(const Plan& plan) { cells_[key(cell(plan.from.x()), cell(plan.from.y()))].push_back(plan); }
  // Does anyone placed this frame come within r of a body standing at p (anywhere on its way)?
  bool any_within(const Vec2& p, double r) const;
  // ... of a body walking `way` from time t, both on their plans at the same time? Two placed in
  // stride side by side on converging ways close in while neither can see the other yet.
  bool any_near(const Plan& way, double t, double r) const;

 private:
  static constexpr double kCell = 2.0;   // metres
  static constexpr double kReach = 1.0;  // the longest way: a fan step is at most 0.95 m
  static std::int64_t cell(double v) { return static_cast<std::int64_t>(std::floor(v / kCell)); }
  static std::uint64_t key(std::int64_t x, std::int64_t y) {
    return (static_cast<std::uint64_t>(x) << 32) ^ static_cast<std::uint32_t>(y);
  }
  template <class F>
  bool any_in(const Vec2& lo, const Vec2& hi, F&& near) const;
  std::unordered_map<std::uint64_t, std::vector<Plan>> cells_;
};

class Simulation {
 public:
  // Without a motion library the simulation runs as before and publishes no articulated poses.
  Simulation(World world, std::vector<NetTemplate> nets, Agents agents, SimConfig config,
             Scripts scripts = {}, std::shared_ptr<const motion::MotionLibrary> motion = nullptr);

  void step();  // one frame: SENSE, CONTROL, MOTION

  const World& world() const { return world_; }
  const Agents& agents() const { return agents_; }
  const std::vector<NetTemplate>& nets() const { return nets_; }
  // The latest published snapshot, S(N). It stays unchanged for config().snapshots − 1 more steps.
  const Snapshot& snapshot() const { return ring_[latest_]; }
  const SimConfig& config() const { return config_; }
  const Metrics& metrics() const { return metrics_; }
  const FrameStats& last_frame() const { return last_frame_; }
  const std::vector<GoalProgress>& progress() const { return progress_; }
  const std::vector<patnet::SignalState>& signals() const { return signals_; }
  const Scripts& scripts() const { return scripts_; }
  const patnet::NetSet& agent_nets() const { return agent_nets_; }
  const patnet::AgentNets& global_nets() const { return global_nets_; }
  std::size_t active_count() const;
  // Agents that have arrived: trips completed plus agents standing at their final goal with no
  // PaT-Net left to run.
  std::uint64_t arrived() const;
  // The longest time any pedestrian now in the scene has been on its trip, seconds.
  double longest_trip() const;
  // How long each finished trip took, seconds, in the order they ended.
  const std::vector<double>& trip_times() const { return trip_times_; }
  std::uint64_t trajectory_hash() const { return hash_.value(); }
  const FieldCache& fields() const { return fields_; }
  const motion::MotionLibrary* motion() const { return motion_.get(); }

  // The level of detail at which MOTION poses an agent from the next frame on (medium by default;
  // a CULL stage sets it by distance to the camera).
  void set_lod(std::uint32_t agent, motion::Lod lod) { figure_lod_[agent] = lod; }
  motion::Lod lod(std::uint32_t agent) const { return figure_lod_[agent]; }
  // With Posing::Wanted, whether MOTION poses the agent's figure from the next frame on (all are
  // wanted at the start; a CULL stage keeps those near its view). Unwanted figures publish their
  // root (position, heading, scale) without joints.
  void want_figure(std::uint32_t agent, bool wanted) { figure_wanted_[agent] = wanted ? 1 : 0; }
  bool figure_wanted(std::uint32_t agent) const { return figure_wanted_[agent] != 0; }
  // Whether Metrics::foot_slip_max measures anything: every figure posed every frame.
  bool measures_slip() const { return motion_ && config_.posing == Posing::All; }
  // The agent's pose now at any level of detail, whatever the one it is drawn at; the full
  // high-detail pose by default (Granieri et al. 1995 §4.3: for sensors that need the finest
  // model). Requires a motion library.
  motion::Pose full_pose(std::uint32_t agent, motion::Lod lod = motion::Lod::High) const;
  // What each source has emitted by now, in the scenario's order.
  std::vector<SourceReport> source_reports() const;
  // Pedestrians a population slot has held: a change means a new figure in that slot.
  std::uint64_t spawn_count(std::uint32_t slot) const { return spawns_[slot]; }
  // The largest foot slip of one agent so far, metres.
  double foot_slip(std::uint32_t agent) const { return figure_slip_max_[agent]; }
  std::uint64_t frame() const { return snapshot().frame; }
  double time() const { return snapshot().time; }

  // The name of pedestrian `id` (Snapshot::id) for life: a scenario agent's own name, a source's
  // walker's <source>_<n> (its n-th arrival, from 1), else "ped<id>". Reads only what never changes after construction, so outputs may call it while a
  // step runs.
  std::string name_of(std::uint64_t id) const;
  // A collision's other party: a pedestrian's name, or "obstacle"; "" for other incidents.
  std::string other_in(const Incident& i) const;
  // Agent a's behavioral state in snapshot s: its PaT-Net instances as "program:state", joined by
  // '/' in start order (the route net, then the leg it called), e.g. "route:next/cross:wait"; empty
  // for none. Safe beside a running step, like name_of.
  std::string behavior_of(const Snapshot& s, std::size_t a) const;

  // Dotted parameter names: "agent.node.param", e.g. "agent7.avoid_walkers.k_theta". Throws
  // std::out_of_range naming what was not found.
  double param(std::string_view dotted) const;
  void set_param(std::string_view dotted, double value);
  // Action selection (pipeline/action_selection.hpp; docs/action_selection.md). The agent's
  // running state, or nullptr for an agent that runs no system or has none yet.
  const AgentAction* action_of(std::uint32_t a) const {
    return a < actions_.size() && actions_[a].pedestrian != 0 ? &actions_[a] : nullptr;
  }
  const action::System* action_system(std::uint32_t a) const;
  // Per system: seconds in each top-level activity and switches, over everyone so far.
  ActionTotals action_totals() const;
  // External control (Blumberg 1996 §5.6), for agent a (std::out_of_range when it runs no system
  // or the name is unknown): set an internal variable (motivational level); force a branch, an
  // empty name releases it (task level); add an object only this agent perceives (environmental
  // level); hold a behavior-net parameter every tick, e.g. an attract or avoid node bound and its
  // sensor on a point, a potential map (motor level, meta-command).
  void set_variable(std::uint32_t a, std::string_view name, double value);
  void force_branch(std::uint32_t a, std::string_view behavior);
  void add_private_object(std::uint32_t a, const ActionObject& object);
  void hold_param(std::uint32_t a, std::uint32_t slot, double value);
  // Direct motor control (D-EXT-05; Blumberg 1996 §4.7, §5.6: the behavior system "turned off",
  // the creature responding to motor commands only). Suspended, agent a runs neither action
  // selection nor its PaT-Nets and carries out the generic motor command given (in character, by
  // its own skills and walk node: its template's `motor_commands`; walk_to toward `target` until
  // within `tolerance` metres, then stop); with none it stands. Resuming hands control back to its
  // behaviors, their state as it was. place() (out of character) puts the agent down at `at` at
  // once, feet, step and figure moved, its gait Gait::Placed until its next foot-strike. Between
  // steps (or from the scenario's timed commands); std::out_of_range for an unknown command or an
  // agent that runs no system, std::logic_error for a command while not suspended.
  void suspend(std::uint32_t a, bool suspended);
  void command(std::uint32_t a, std::string_view generic, std::optional<Vec2> target = std::nullopt,
               double tolerance = 0.5);
  void place(std::uint32_t a, const Vec2& at);
  bool suspended(std::uint32_t a) const {
    return a < actions_.size() && actions_[a].system != action::kNone && actions_[a].suspended;
  }
  // Retarget a releasing mechanism of a system at run time (D-EXT-02, §5.6: "the target type of
  // any RM and its maxValue can be changed"): the kind of object it finds (one the scenario knows)
  // and its maxValue, for every agent running the system from its next tick. std::out_of_range
  // names what is unknown; a max_value below 0 is std::invalid_argument. Between steps only.
  void set_releasing(std::string_view system, std::string_view rm, std::optional<std::string_view> kind,
                     std::optional<double> max_value = std::nullopt);

  // The agent at the foot-strike that ends its step in progress (its next decision), for
  // behaviors that compare a candidate with the present; the viewer reads steering desires by it.
  SelfState self_state(std::uint32_t a) const;

 private:
  std::pair<std::size_t, std::uint32_t> param_slot(std::string_view dotted) const;  // agent, slot
  // Who decides at the next frame (foot-strike by t_next) and how far each must look.
  void plan_sense(double t_next);
  // Their percepts, from the latest snapshot: P(N) for CONTROL(N + 1).
  void sense_stage();
  // Action selection, CONTROL's first part (pipeline/action_stage.cpp).
  void action_stage(double t);
  // In an activity of its own choosing (not its system's `travel` behavior).
  bool on_errand(std::uint32_t a) const;
  void start_action(std::uint32_t a, double t);
  void turn_gaze(std::uint32_t a, const ActionSystemSpec& spec, AgentAction& x) const;
  // Suspended (D-EXT-05): the tick's acts are the external command's, not action selection's.
  void external_acts(std::uint32_t a, const ActionSystemSpec& spec, AgentAction& x, action::TickResult& result) const;
  // The scenario's timed external commands due in the frame ending at t (serially, at the start of
  // the step, before SENSE and CONTROL).
  void apply_timed_controls(double t);
  void fold_action(std::uint32_t a);
  void perceive(std::uint32_t a, const ActionSystemSpec& spec, std::vector<action::Stimulus>& seen);
  Vec2 queue_place(const ActionObject& o, const Snapshot& s, std::uint32_t a, std::uint32_t others_at_counter,
                   std::optional<Vec2> before) const;
  void carry_out(std::uint32_t a, double t, const ActionSystemSpec& spec, AgentAction& x,
                 const action::TickResult& result, std::vector<action::Command>& commands,
                 std::vector<action::Outcome>& outcomes);
  // With `reduced_fan`, every walk node samples half its arcs and rays (realtime mode).
  // Vehicles (driving_) take one step of the simple vehicle model every frame.
  void control_stage(bool reduced_fan);
  // Vehicle a's state and parameters for the simple vehicle model (steering/vehicle.hpp).
  steer::VehicleState vehicle_state(std::uint32_t a) const;
  steer::VehicleParams vehicle_params(std::uint32_t a) const;
  // MOTION for vehicles: each takes the state CONTROL computed, its plan runs to the next frame.
  void move_vehicles();
  Feet feet_of(std::uint32_t a) const;
  // Agent a's decision this frame; a must be in due_.
  Decision& decision_of(std::uint32_t a);
  Footstep stand_still(std::uint32_t a) const;
  void motion_stage();
  // A new figure standing on the agent's feet (at the start, or a pedestrian entering).
  void start_figure(std::uint32_t a);
  // The agent's figure takes the step just scheduled (or, with Hold, stands as it is).
  void start_figure_step(std::uint32_t a, const motion::StepRequest& request);
  void pose_figures(Snapshot& snapshot, double t);
  // Sitting down or standing up: the figure between the standing and seated poses.
  void blend_seat(std::size_t a, motion::Lod lod, double u, Eigen::Vector3f& pelvis,
                  std::span<Eigen::Quaternionf> joints) const;
  // Action selection's look_at: agent a's trunk and head turned as its gaze is (AgentAction::gaze),
  // on its figure only.
  void turn_head(std::size_t a, const motion::FigureRoot& root, motion::Lod lod,
                 std::span<Eigen::Quaternionf> joints) const;
  void publish(std::uint64_t frame, double t);
  void measure();
  void measure_red_stays(const Snapshot& s);
  // Returns whether the agent has just become stuck (Metrics::stuck counts it once).
  bool track_goal(std::uint32_t a, double t, bool standing);
  void run_global_nets(double t);
  void run_agent_nets(std::uint32_t a, double t);
  // What nets read and write at time t: an agent's own parameters, or none for global nets.
  patnet::TickContext tick_context(double t, std::uint32_t agent = patnet::kNoAgent);
  void count_crossing(std::uint32_t a, const Vec2& foot, MotionTally& tally) const;
  // MOTION for due_[k]: its decided step taken, its figure started on it; touches agent due_[k]'s
  // own state only, and counts into `tally`.
  void take_step(std::size_t k, MotionTally& tally);
  // A walker past a periodic seam re-enters on the other side: feet, step and figure move by
  // `shift`, the decision just made with them.
  void wrap(std::uint32_t a, const Vec2& shift);
  void publish_ghosts(Snapshot& s);
  void publish_nets(Snapshot& s) const;
  // Builds the navigation fields the agent's navigating location sensors need (serially).
  void ensure_fields(std::uint32_t a);
  bool lacks_fields(std::uint32_t a) const;
  void ensure_fields_of(const std::vector<std::uint32_t>& agents);
  void find_due(double t);
  // Every `crowd.every` seconds, the navigation fields with the crowd of S(N−1) on them.
  void update_crowd_fields(double t);
  // Pedestrians that left this frame free their slots; free slots are refilled at entries.
  void population_stage(double t);
  void place_initial_population();
  void index_endpoints();
  // A trip's destination endpoint for origin endpoint o, from a uniform draw u in [0, 1).
  std::size_t destination(std::size_t o, double u) const;
  bool spawn(std::uint32_t slot, std::uint64_t attempt, double t, bool anywhere_on_route);
  // spawn in two halves: the draw (where the pedestrian would enter, on which route, if clear),
  // which only reads, and its entering.
  struct SpawnDraw {
    std::vector<std::uint32_t> route;  // from the leg it enters on
    Vec2 at = Vec2::Zero();            // at an entry (not the initial crowd), the entry itself
    double heading = 0;
  };
  // `entry_clear`: per walkway endpoint, whether it is clear to enter at (clear_at), worked out
  // beforehand for every entry drawn this frame; null: asked here.
  std::optional<SpawnDraw> draw_spawn(std::uint32_t slot, std::uint64_t attempt, double t, bool anywhere,
                                      const std::vector<std::uint8_t>* entry_clear = nullptr) const;
  std::size_t spawn_entry(std::uint32_t slot, std::uint64_t attempt) const;  // the endpoint drawn
  void enter_drawn(std::uint32_t slot, std::uint64_t attempt, double t, bool anywhere, SpawnDraw&& draw);
  std::uint64_t spawn_counter(std::uint32_t slot, std::uint64_t attempt) const;
  double spawn_uniform(std::uint32_t slot, std::uint64_t attempt, std::uint64_t k) const;
  // The population's free slots refilled at their entries, in slot order (population_stage).
  void refill_population(double t);
  // A pedestrian enters free `slot`, whose parameter block is already written: standing at
  // `e.at` or, with a velocity, in stride through it (behavior/in_stride.hpp). Population and
  // sources alike.
  struct Entrant {
    Vec2 at = Vec2::Zero();
    double heading = 0, radius = 0.25, height = motion::kReferenceHeight;
    double depth = 0.25;  // half the chest depth (agents/body.hpp); = radius: a disc
    double phase = 0;     // in [0, 1): the first foot-strike this share of a step after entering
    double earliest = 0;  // and no sooner than this, seconds
    Vec2 velocity = Vec2::Zero();
  };
  void enter(std::uint32_t slot, const Entrant& e, double t);
  // Feet, plan and gait of agent a in stride at time t (its feet are at e.at until then).
  void start_in_stride(std::uint32_t a, const Vec2& velocity, double t, double phase, double earliest);
  // Slots for the sources after the population's, their arrivals drawn (constructor).
  void add_source_slots();
  // A slot for walkers who enter later (the population's, a source's): free, standing at `at`.
  void add_free_slot(std::string name, const Vec2& at, double radius, double height,
                     std::uint32_t behavior, const std::vector<double>& params,
                     const std::vector<double>& model);
  // Each source's arrivals that are due enter in order while there is room (population_stage).
  void source_stage(double t);
  bool emit(std::size_t source, std::uint32_t slot, double t);
  // No agent within `clearance` of p anywhere along its current step (nor within reach of its next
  // one, if it decides before it can see a newcomer at p), no solid obstacle within `radius`.
  bool clear_at(const Vec2& p, double t, double clearance, double radius) const;

  World world_;
  std::vector<NetTemplate> nets_;
  Agents agents_;
  std::size_t scenario_agents_ = 0;  // slots [0, this) hold the scenario's own agents
  std::size_t population_slots_ = 0; // then the population's, then each source's
  std::vector<SourceState> sources_;
  double widest_body_ = 0;           // the largest radius of any slot: spawn clearance
  std::uint64_t next_id_ = 1;        // the id of the next pedestrian to enter
  SimConfig config_;

  std::vector<Snapshot> ring_;     // published snapshots; ring_[latest_] is S(N−1) during a step
  std::size_t latest_ = 0;
  Percepts percepts_prev_, percepts_next_;
  std::vector<std::vector<std::uint32_t>> sensed_nb_, sensed_ob_;  // SENSE's per-decider scratch
  std::vector<std::pair<std::size_t, std::uint32_t>> sense_order_;  // (grid cell, k): SENSE's order
  std::vector<std::uint32_t> due_;       // walkers deciding this frame, ascending
  std::vector<std::uint32_t> driving_;   // active vehicles, ascending: each steps every frame
  std::vector<steer::VehicleState> vehicle_next_;  // per agent: a vehicle's state at the next frame
  std::vector<std::uint8_t> deciding_;
  // One per agent of due_, in its order (issue 23: a slot per agent held 128 bytes each, for the
  // one in sixteen deciding in a frame); decision_of finds an agent's.
  std::vector<Decision> decisions_;
  // CONTROL's scratch per chunk of deciders, kept from frame to frame (core/scratch_pool.hpp): the
  // evaluators' caches are keyed by agent and decision time.
  struct DeciderScratch {
    std::vector<Footstep> steps;
    std::vector<double> block;  // the deciding agent's parameters as one array (agents/param_store.hpp)
    std::vector<std::unique_ptr<NetEvaluator>> evaluators;  // per template, made on first use
  };
  std::unique_ptr<ScratchPool<DeciderScratch>> decider_scratch_ = std::make_unique<ScratchPool<DeciderScratch>>();
  // Per agent: what it wanted at its last decision (Decision::want), published while it stands.
  std::vector<Vec2> want_;
  std::vector<std::uint32_t> due_next_;  // agents deciding next frame, ascending
  std::vector<double> query_radius_;     // per due_next_ agent: how far SENSE looks
  std::vector<std::uint64_t> overlapping_;  // pairs overlapping in the previous frame, sorted
  std::vector<std::uint32_t> red_stay_;     // per agent: frames on a crosswalk showing DON'T WALK

  Scripts scripts_;
  std::vector<patnet::SignalState> signals_;
  patnet::AgentNets global_nets_;
  patnet::NetSet agent_nets_;
  std::vector<double> trip_start_;      // per slot: when its pedestrian entered
  std::vector<double> trip_times_;      // finished trips' durations
  std::vector<std::uint64_t> spawns_;   // per slot: pedestrians it has held (randomness counter)
  std::vector<std::uint8_t> leaving_;   // per agent: its nets ran Leave this frame
  PlacedPoints spawned_now_;            // pedestrians placed this frame, for spawn clearance
  UniformGrid endpoint_grid_;           // walkway endpoints by position, for local destinations
  double crowd_fields_at_ = -kInf;      // when the fields last took the crowd's cost
  FieldCache fields_;                   // navigation fields of the goals walkers navigate to
  double ghost_band_ = 0;               // periodic worlds: how far past a seam ghosts are perceived

  // MOTION's per-agent walk of the posture graph.
  std::shared_ptr<const motion::MotionLibrary> motion_;
  std::vector<motion::Posture> figure_posture_;
  std::vector<motion::StepPlayback> figure_step_;
  std::vector<motion::SlipTracker> figure_slip_;
  std::vector<double> figure_slip_max_;
  std::vector<motion::Lod> figure_lod_;
  std::vector<std::uint8_t> figure_wanted_;  // Posing::Wanted: 1 where a consumer wants the figure

  std::vector<AgentAction> actions_;      // per agent; empty when no system runs
  std::vector<std::uint32_t> action_due_;  // agents ticking their system this frame, ascending
  UniformGrid action_objects_;            // the scenario's objects by position
  ActionTotals action_totals_;            // of pedestrians who have left

  Metrics metrics_;
  FrameStats last_frame_;
  std::vector<GoalProgress> progress_;
  Fnv1a hash_;
};

// Folds a published snapshot into a trajectory hash: the frame, then per agent whether it is in the
// scene and, if so, its location, heading and gait. Simulation::trajectory_hash() is this over
// every snapshot published.
void hash_snapshot(Fnv1a& hash, const Snapshot& snapshot);

}  // namespace footfall

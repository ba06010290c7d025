#pragma once
// The frame loop over shared agent state: SENSE, CONTROL and MOTION, each a separate unit of code
// with its own timing (DESIGN.md, "Stages and the frame"). SENSE(N) and CONTROL(N) read snapshot
// S(N−1); CONTROL(N) uses the percept lists P(N−1), one frame of sensing latency as in Granieri et
// al. 1995 §4.2; MOTION(N) publishes S(N). Every per-agent computation depends only on published
// data, so results are bit-identical for any thread count.
#include <cstdint>
#include <string_view>
#include <vector>

#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/core/hash.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

struct SimConfig {
  double dt = 1.0 / 30.0;      // frame period, seconds
  std::uint64_t seed = 1;
  double sense_margin = 0.5;   // slack on neighbour queries for one frame of latency, metres
  double stuck_seconds = 60;   // no progress toward the goal for this long counts as stuck
  double progress_step = 0.1;  // metres of approach that count as progress
};

// What SENSE gathers for one agent: indices of the agents and obstacles it could perceive or touch
// during its next step.
struct Percepts {
  std::vector<std::vector<std::uint32_t>> neighbours;
  std::vector<std::vector<std::uint32_t>> obstacles;
};

struct StageTimes {
  double sense_ms = 0, control_ms = 0, motion_ms = 0;
};

struct FrameStats {
  StageTimes ms;
  std::uint32_t decisions = 0;    // agents at their foot-strike this frame
  std::uint64_t evaluations = 0;  // net evaluations by walk nodes this frame
};

struct GoalProgress {
  bool has_goal = false;
  Vec2 goal = Vec2::Zero();
  double tolerance = 0;
  double best_distance = kInf;
  double best_time = 0;
  bool arrived = false;
  bool stuck = false;  // sticky: once stuck, reported as stuck
};

struct Metrics {
  std::uint64_t collisions = 0;      // pairs (agent–agent or agent–obstacle) that began to overlap
  std::uint64_t jaywalk_events = 0;  // footsteps on jaywalk ground (street outside crosswalks)
  std::uint64_t decisions = 0;
  std::uint64_t evaluations = 0;
  std::uint64_t blocked = 0;         // decisions where every candidate collided
};

class Simulation {
 public:
  Simulation(World world, std::vector<NetTemplate> nets, Agents agents, SimConfig config);

  void step();  // one frame: SENSE, CONTROL, MOTION

  const World& world() const { return world_; }
  const Agents& agents() const { return agents_; }
  const std::vector<NetTemplate>& nets() const { return nets_; }
  const Snapshot& snapshot() const { return snapshot_; }
  const SimConfig& config() const { return config_; }
  const Metrics& metrics() const { return metrics_; }
  const FrameStats& last_frame() const { return last_frame_; }
  const std::vector<GoalProgress>& progress() const { return progress_; }
  std::uint64_t trajectory_hash() const { return hash_.value(); }
  std::uint64_t frame() const { return snapshot_.frame; }
  double time() const { return snapshot_.time; }

  // Dotted parameter names: "agent.node.param", e.g. "agent7.avoid_walkers.k_theta". Throws
  // std::out_of_range naming what was not found.
  double param(std::string_view dotted) const;
  void set_param(std::string_view dotted, double value);

 private:
  std::size_t param_slot(std::string_view dotted) const;
  // Percepts for the agents whose foot-strike falls by t_next.
  void sense_stage(double t_next, std::vector<std::uint32_t>& due_next);
  void control_stage();
  Feet feet_of(std::uint32_t a) const;
  void motion_stage();
  void publish(std::uint64_t frame, double t);
  void measure();
  void track_goal(std::uint32_t a, double t, bool standing);

  World world_;
  std::vector<NetTemplate> nets_;
  Agents agents_;
  SimConfig config_;

  Snapshot snapshot_;              // S(N−1) during a step, S(N) after it
  UniformGrid agent_grid_;         // over snapshot_.location
  Percepts percepts_prev_, percepts_next_;
  std::vector<std::uint32_t> due_;       // agents deciding this frame, ascending
  std::vector<std::uint8_t> deciding_;
  std::vector<Decision> decisions_;
  std::vector<double> query_radius_;
  std::vector<std::uint64_t> overlapping_;  // pairs overlapping in the previous frame, sorted

  Metrics metrics_;
  FrameStats last_frame_;
  std::vector<GoalProgress> progress_;
  Fnv1a hash_;
};

}  // namespace footfall

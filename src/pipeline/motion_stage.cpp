// MOTION: carry out the scheduled footsteps and publish snapshot S(N): the location of every agent
// interpolated along its current step and, with a motion library, its articulated figure walking
// the posture graph one edge per footstep (Granieri et al. 1995 §4.3–4.4).
#include "footfall/core/parallel.hpp"

#include <algorithm>
#include <stdexcept>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {
namespace {

// How far through its current step an agent is at time t.
double step_fraction(const Plan& p, double t) {
  return p.t1 > p.t0 ? std::clamp((t - p.t0) / (p.t1 - p.t0), 0.0, 1.0) : 1.0;
}

motion::Move move_of(const Decision& d, bool moved) {
  // Boxed in, the figure steps in place: the free foot lifts and sets down where it was, so that
  // the other foot bears the weight from the next step on, as the agent's feet say.
  if (d.blocked) return motion::Move::Close;
  switch (d.step.kind) {
    case StepKind::Stay: return moved ? motion::Move::Close : motion::Move::Stand;
    case StepKind::Turn: return motion::Move::Turn;
    case StepKind::Side: return motion::Move::Side;
    case StepKind::Back: return motion::Move::Back;
    case StepKind::Goal:
    case StepKind::Fan: return motion::Move::Walk;
  }
  return motion::Move::Hold;
}

}  // namespace

void MotionTally::add_to(Metrics& m) const {
  m.crossings += crossings;
  m.red_crossings += red_crossings;
  m.jaywalk_events += jaywalk_events;
  m.stuck += stuck;
  m.evaluations += evaluations;
  m.blocked += blocked;
  for (const Incident& i : incidents) m.record(i);
}

// Each decider takes its step in parallel: it writes only its own agent's state and its decision,
// and counts into its block's tally, merged in block order afterwards.
void Simulation::motion_stage() {
  constexpr std::size_t kBlock = 128;
  std::vector<MotionTally> tallies(block_count(due_.size(), kBlock));
  parallel_blocks(due_.size(), kBlock, [&](std::size_t b, std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k != end; ++k) take_step(k, tallies[b]);
  });
  for (const MotionTally& tally : tallies) tally.add_to(metrics_);
  metrics_.decisions += due_.size();
}

void Simulation::take_step(std::size_t k, MotionTally& tally) {
  const std::uint32_t a = due_[k];
  if (leaving_[a]) return;  // gone at this foot-strike; population_stage frees the slot
  if (const double along = world_.periodic.shift(agents_.plan[a].to); along != 0)
    wrap(a, world_.periodic.offset(along));
  const Decision& d = decisions_[k];
  const Vec2 from = agents_.plan[a].to;
  const double t0 = agents_.plan[a].t1;
  // The shoulders through the step: from as they are to the new feet's heading, turned by the
  // step's twist; a walker boxed in keeps them as they are. Untwisted, the headings are the
  // feet's themselves, not feet + 0 through wrap_angle: bit for bit what they were before
  // shoulders could turn, so scenes of discs keep their trajectories.
  const double twist_before = shoulder_twist(agents_.heading_to[a], agents_.heading(a));
  const double h0 = twist_before == 0 ? agents_.heading(a) : agents_.heading_to[a];
  const double twist = d.blocked ? twist_before : d.twist;
  const std::uint8_t f = agents_.forward[a];
  motion::StepRequest request;  // the feet before and after, for the figure
  request.planted_side = f;
  request.planted = agents_.foot[f][a];
  request.planted_heading = agents_.foot_heading[f][a];
  request.swing_from = agents_.foot[1 - f][a];
  request.swing_from_heading = agents_.foot_heading[1 - f][a];
  bool moved = false;
  if (d.blocked) {
    // Boxed in, the agent stands, shifting its weight onto the other foot: the body stays, and
    // the next decision starts from the other foot. From a wide stance every candidate moves
    // the body forward (off the front foot) or back (off the rear one), so holding the same
    // foot in a jam held the same blocked set for good; from the other foot it can pivot, or
    // step off its rear foot sideways into a gap (counterflow fronts frozen mid-stride).
    agents_.gait[a] = Gait::Stand;
    agents_.forward[a] = 1 - f;
  } else {
    // Whatever the candidate, the trailing foot moves and becomes the forward foot.
    const bool in_place = d.step.kind == StepKind::Stay || d.step.kind == StepKind::Turn;
    moved = agents_.foot[1 - f][a] != d.step.foot ||
            agents_.foot_heading[1 - f][a] != d.step.foot_heading;
    if (!in_place) count_crossing(a, d.step.foot, tally);
    agents_.gait[a] = !in_place ? Gait::Walk : moved ? Gait::Close : Gait::Stand;
    agents_.foot[1 - f][a] = d.step.foot;
    agents_.foot_heading[1 - f][a] = d.step.foot_heading;
    agents_.forward[a] = 1 - f;
    if (!in_place && world_.ground_types[world_.ground_at(d.step.foot)].jaywalk) {
      ++tally.jaywalk_events;
      tally.record({Incident::Kind::Jaywalk, t0, agents_.id[a], 0, d.step.foot});
    }
  }
  agents_.plan[a] = {from, agents_.location(a), t0, t0 + d.duration};
  agents_.heading_from[a] = h0;
  agents_.heading_to[a] = twist == 0 ? agents_.heading(a) : wrap_angle(agents_.heading(a) + twist);
  if (motion_) {
    request.move = move_of(d, moved);
    // Seated for an activity (action selection's sit skill holds the legs): the seated pose.
    if (request.move == motion::Move::Stand && !actions_.empty() && actions_[a].pedestrian != 0 &&
        actions_[a].seated)
      request.move = motion::Move::Sit;
    request.swing_to = agents_.foot[1 - f][a];
    request.swing_to_heading = agents_.foot_heading[1 - f][a];
    start_figure_step(a, request);
  }
  ++agents_.steps[a];
  if (track_goal(a, t0, agents_.gait[a] != Gait::Walk)) {
    ++tally.stuck;
    tally.record({Incident::Kind::Stuck, t0, agents_.id[a], 0, agents_.location(a)});
  }
  tally.evaluations += d.candidates;
  tally.blocked += d.blocked ? 1 : 0;
}

// Vehicles take the state CONTROL computed: both "feet" at the new position, the plan from where
// the vehicle is now (this frame's time) to where it will be at the next frame. Never a footstep,
// a figure, a crossing or a decision counted.
void Simulation::move_vehicles() {
  const double t = static_cast<double>(frame() + 1) * config_.dt;
  for (const std::uint32_t a : driving_) {
    steer::VehicleState& next = vehicle_next_[a];
    Vec2 from = agents_.plan[a].to;
    if (const double along = world_.periodic.shift(from); along != 0) {
      const Vec2 shift = world_.periodic.offset(along);
      from += shift;
      next.position += shift;
    }
    const double h0 = agents_.heading(a);
    const double h1 = heading_of(next.forward);
    for (int f = 0; f < 2; ++f) {
      agents_.foot[f][a] = next.position;
      agents_.foot_heading[f][a] = h1;
    }
    agents_.vehicle_velocity[a] = next.velocity;
    agents_.vehicle_forward[a] = next.forward;
    agents_.plan[a] = {from, next.position, t, t + config_.dt};
    agents_.heading_from[a] = h0;
    agents_.heading_to[a] = h1;
    agents_.gait[a] = Gait::Vehicle;
    ++agents_.steps[a];
    if (track_goal(a, t, next.velocity.norm() < 0.05)) {
      ++metrics_.stuck;
      metrics_.record({Incident::Kind::Stuck, t, agents_.id[a], 0, next.position});
    }
  }
}

// A footstep onto a crosswalk from off it starts a crossing; with the crosswalk's head showing
// steady DON'T WALK it is a red crossing. Flashing DON'T WALK is the clearance interval: people
// already committed may still be stepping on, so it does not count.
void Simulation::count_crossing(std::uint32_t a, const Vec2& foot, MotionTally& tally) const {
  const int r = world_.signalised_region_at(foot);
  if (r < 0) return;
  const auto& poly = world_.regions[r].polygon;
  const std::uint8_t f = agents_.forward[a];
  // Called before the feet move: with either foot already on the crosswalk, the agent is on it.
  if (polygon_contains(poly, agents_.foot[f][a]) || polygon_contains(poly, agents_.foot[1 - f][a]))
    return;
  ++tally.crossings;
  if (signals_[world_.regions[r].signal].head == patnet::Head::DontWalk) {
    ++tally.red_crossings;
    tally.record({Incident::Kind::RedCrossing, agents_.plan[a].t1, agents_.id[a], 0, foot});
  }
}

void Simulation::wrap(std::uint32_t a, const Vec2& shift) {
  for (int f = 0; f < 2; ++f) agents_.foot[f][a] += shift;
  agents_.plan[a].from += shift;
  agents_.plan[a].to += shift;
  // Its decision, if it made one this frame (between steps: the last frame's, about to be replaced).
  if (std::binary_search(due_.begin(), due_.end(), a)) decision_of(a).step.foot += shift;
  // Progress toward a goal beyond the seam: the jump in distance is not a step back.
  GoalProgress& g = progress_[a];
  if (g.has_goal && g.best_distance < kInf) {
    const Vec2 here = agents_.location(a);
    g.best_distance += (g.goal - here).norm() - (g.goal - (here - shift)).norm();
  }
  if (motion_) start_figure(a);  // the figure re-enters standing on its feet
}

void Simulation::publish_ghosts(Snapshot& s) {
  const std::size_t n = s.agents;
  const Periodic& per = world_.periodic;
  for (std::size_t k = 1; k <= 2; ++k) {
    const Vec2 shift = per.offset(k == 1 ? per.length() : -per.length());
    for (std::size_t a = 0; a < n; ++a) {
      const std::size_t g = a + k * n;
      s.location[g] = s.location[a] + shift;
      s.heading[g] = s.heading[a];
      s.plan[g] = {s.plan[a].from + shift, s.plan[a].to + shift, s.plan[a].t0, s.plan[a].t1};
      s.radius[g] = s.radius[a];
      s.depth[g] = s.depth[a];
      s.heading_from[g] = s.heading_from[a];
      s.heading_to[g] = s.heading_to[a];
      s.want[g] = s.want[a];
      s.gait[g] = s.gait[a];
      s.active[g] = 0;
      s.arrived[g] = 0;
      s.id[g] = s.id[a];
      s.net[g] = s.net[a];
      if (!s.kind.empty()) s.kind[g] = s.kind[a], s.extent[g] = s.extent[a];
    }
  }
}

// Behavioral states (PaT-Net instances), a flat list over all agents in agent order, gathered per
// fixed block of agents in parallel (a city's nets are spread over memory: walking them is worth
// two threads) and then copied into place per block.
void Simulation::publish_nets(Snapshot& s) const {
  constexpr std::size_t kBlock = 1024;
  const std::size_t n = agents_.size();
  std::vector<std::vector<NetState>> parts(block_count(n, kBlock));
  s.net_start.resize(n + 1);
  parallel_blocks(n, kBlock, [&](std::size_t b, std::size_t begin, std::size_t end) {
    std::vector<NetState>& part = parts[b];
    for (std::size_t a = begin; a != end; ++a) {
      s.net_start[a] = static_cast<std::uint32_t>(part.size());  // within the block, for now
      if (!agents_.active[a]) continue;
      for (const patnet::Instance& i : agent_nets_.agents[a].running)
        if (i.alive) part.push_back({i.program, i.state});
    }
  });
  std::vector<std::uint32_t> first(parts.size() + 1, 0);  // each block's place in the list
  for (std::size_t b = 0; b < parts.size(); ++b) first[b + 1] = first[b] + static_cast<std::uint32_t>(parts[b].size());
  s.nets.resize(first.back());
  parallel_blocks(n, kBlock, [&](std::size_t b, std::size_t begin, std::size_t end) {
    for (std::size_t a = begin; a != end; ++a) s.net_start[a] += first[b];
    std::copy(parts[b].begin(), parts[b].end(), s.nets.begin() + first[b]);
  });
  s.net_start[n] = first.back();
}

void Simulation::start_figure(std::uint32_t a) {
  const std::uint8_t f = agents_.forward[a];
  motion::StepRequest r;  // Hold: both feet stay where they are
  r.planted_side = f;
  r.planted = agents_.foot[f][a];
  r.planted_heading = agents_.foot_heading[f][a];
  r.swing_from = r.swing_to = agents_.foot[1 - f][a];
  r.swing_from_heading = r.swing_to_heading = agents_.foot_heading[1 - f][a];
  figure_posture_[a] = {f, 0};
  if (!figure_slip_.empty()) figure_slip_[a] = {};
  start_figure_step(a, r);
}

void Simulation::start_figure_step(std::uint32_t a, const motion::StepRequest& request) {
  motion::StepRequest r = request;
  r.scale = agents_.height[a] / motion::kReferenceHeight;
  figure_step_[a] = motion::begin_step(*motion_, figure_posture_[a], r);
}

// Every figure at its level of detail, in phase with its step; the slip of its feet on the ground.
// Action selection's look_at (Blumberg 1996 §5.3): the trunk and the head turn as the agent's gaze
// has come round (D-MOT-12, select/gaze.hpp: eyes first, at finite speeds), about the figure's
// vertical (z), each spread over its joints as the authored turns are (trunk_chain, neck_chain); on
// the figure only, never on the trajectory. The eyes have no joint to draw.
void Simulation::turn_head(std::size_t a, const motion::FigureRoot&, motion::Lod lod,
                           std::span<Eigen::Quaternionf> joints) const {
  if (actions_.empty() || actions_[a].pedestrian == 0 || actions_[a].gaze.at_rest()) return;
  const motion::Skeleton& skeleton = motion_->skeletons[static_cast<std::size_t>(lod)];
  const auto turn = [&](const std::vector<motion::ChainShare>& chain, double yaw) {
    if (yaw == 0) return;
    for (const motion::ChainShare& c : chain)
      joints[static_cast<std::size_t>(c.joint)] =
          joints[static_cast<std::size_t>(c.joint)] *
          Eigen::Quaternionf(Eigen::AngleAxisf(static_cast<float>(c.share * yaw), Eigen::Vector3f::UnitZ()));
  };
  turn(motion::trunk_chain(skeleton), actions_[a].gaze.trunk);
  turn(motion::neck_chain(skeleton), actions_[a].gaze.head);
}

// Sitting down and standing up (AgentAction::seat in (0, 1)): a figure standing with its feet
// together or seated is drawn between the library's standing and seated poses, eased, so the pelvis
// lowers over the transition rather than snapping. Figures elsewhere in their steps are untouched.
void Simulation::blend_seat(std::size_t a, motion::Lod lod, double u, Eigen::Vector3f& pelvis,
                            std::span<Eigen::Quaternionf> joints) const {
  if (actions_.empty() || actions_[a].pedestrian == 0) return;
  const double seat = actions_[a].seat;
  if (!(seat > 0 && seat < 1)) return;
  const motion::PostureGraph& g = motion_->graph;
  const motion::StepPlayback& step = figure_step_[a];
  int side = -1;
  for (int f = 0; f < 2; ++f)
    if (g.sit(f) != motion::PostureGraph::kNoClip && (step.clip == g.stand(f) || step.clip == g.sit(f))) side = f;
  if (side < 0) return;
  thread_local std::vector<Eigen::Quaternionf> standing, sitting;
  standing.resize(joints.size());
  sitting.resize(joints.size());
  motion::FigureRoot root;
  Eigen::Vector3f pelvis_standing, pelvis_sitting;
  motion::StepPlayback p = step;
  p.clip = g.stand(side);
  motion::pose_at(*motion_, lod, p, u, root, pelvis_standing, standing);
  p.clip = g.sit(side);
  motion::pose_at(*motion_, lod, p, u, root, pelvis_sitting, sitting);
  const float w = static_cast<float>(seat * seat * (3 - 2 * seat));  // eased in and out
  for (std::size_t j = 0; j < joints.size(); ++j) joints[j] = standing[j].slerp(w, sitting[j]);
  pelvis = pelvis_standing + (pelvis_sitting - pelvis_standing) * w;
}

void Simulation::pose_figures(Snapshot& snapshot, double t) {
  motion::Poses& poses = snapshot.poses;
  const std::size_t n = agents_.size();
  if (config_.posing == Posing::None) {  // nobody reads joints: publish none
    poses.resize(0);
    poses.joints.clear();
    return;
  }
  // Slip is tracked from one frame to the next, so only where every figure is posed every frame.
  const bool all = config_.posing == Posing::All;
  poses.resize(n);
  poses.first[0] = 0;
  for (std::size_t a = 0; a < n; ++a) {
    poses.lod[a] = figure_lod_[a];
    const bool posed = agents_.active[a] && !agents_.vehicle(a) && (all || figure_wanted_[a]);
    const std::size_t joints = posed ? motion_->skeletons[static_cast<std::size_t>(poses.lod[a])].size() : 0;
    poses.first[a + 1] = poses.first[a] + static_cast<std::uint32_t>(joints);
  }
  poses.joints.resize(poses.first[n]);
  parallel_chunks(n, [&](std::size_t begin, std::size_t end) {
    motion::SolePoints soles;
    for (std::size_t a = begin; a != end; ++a) {
      if (!agents_.active[a] || agents_.vehicle(a)) continue;
      if (poses.first[a] == poses.first[a + 1]) {
        // Not wanted: its root only, for labels and picking (no joints, so CULL draws none).
        poses.root[a] = {snapshot.location[a], static_cast<float>(snapshot.heading[a]),
                         static_cast<float>(agents_.height[a] / motion::kReferenceHeight)};
        continue;
      }
      motion::pose_at(*motion_, poses.lod[a], figure_step_[a], step_fraction(agents_.plan[a], t),
                      poses.root[a], poses.pelvis[a], poses.joints_of(a), all ? &soles : nullptr);
      if (all) {
        const double slip = motion::track_slip(figure_slip_[a], soles);
        figure_slip_max_[a] = std::max(figure_slip_max_[a], slip);
      }
      blend_seat(a, poses.lod[a], step_fraction(agents_.plan[a], t), poses.pelvis[a], poses.joints_of(a));
      turn_head(a, poses.root[a], poses.lod[a], poses.joints_of(a));
    }
  });
  if (all)
    for (std::size_t a = 0; a < n; ++a)
      metrics_.foot_slip_max = std::max(metrics_.foot_slip_max, figure_slip_max_[a]);
}

motion::Pose Simulation::full_pose(std::uint32_t a, motion::Lod lod) const {
  if (!motion_) throw std::logic_error("full_pose: the simulation has no motion library");
  motion::Pose pose;
  pose.lod = lod;
  pose.joints.resize(motion_->skeletons[static_cast<std::size_t>(lod)].size());
  motion::pose_at(*motion_, pose.lod, figure_step_[a], step_fraction(agents_.plan[a], time()), pose.root,
                  pose.pelvis, pose.joints);
  blend_seat(a, pose.lod, step_fraction(agents_.plan[a], time()), pose.pelvis, pose.joints);
  turn_head(a, pose.root, pose.lod, pose.joints);
  return pose;
}

void Simulation::publish(std::uint64_t frame, double t) {
  // Into the oldest slot of the ring: S(N−1) and the snapshots before it stay as they were.
  const std::size_t slot = frame % ring_.size();
  Snapshot& s = ring_[slot];
  s.frame = frame;
  s.time = t;
  parallel_chunks(agents_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t a = begin; a != end; ++a) {
      const Plan& p = agents_.plan[a];
      const double u = step_fraction(p, t);
      s.location[a] = p.at(t);
      s.heading[a] = wrap_angle(agents_.heading_from[a] +
                                u * wrap_angle(agents_.heading_to[a] - agents_.heading_from[a]));
      s.plan[a] = p;
      s.radius[a] = agents_.radius[a];
      s.depth[a] = agents_.body(a).half_depth;
      s.heading_from[a] = agents_.heading_from[a];
      s.heading_to[a] = agents_.heading_to[a];
      s.want[a] = agents_.active[a] && p.velocity().squaredNorm() == 0 ? want_[a]
                                                                      : Vec2(Vec2::Zero());
      s.gait[a] = agents_.gait[a];
      s.active[a] = agents_.active[a];
      s.arrived[a] = progress_[a].arrived;
      s.id[a] = agents_.id[a];
      s.net[a] = agents_.net[a];
      if (s.kind.empty()) continue;  // no vehicles
      s.kind[a] = agents_.kind[a];
      s.extent[a] = agents_.vehicle(a) ? Vec2(agents_.vehicle_length[a], agents_.vehicle_width[a])
                                       : Vec2(Vec2::Zero());
    }
  });
  if (world_.periodic.on()) publish_ghosts(s);
  // The agent grid (a serial counting sort: a parallel one measured 3.4 times slower on one
  // thread, BM_GridBuild) beside the flat list of PaT-Net states; they write apart.
  parallel_pair(
      [&] { publish_nets(s); },
      [&] {
        if (world_.periodic.on()) {
          // The grid holds the agents, and the ghosts within reach of the world between the seams.
          const Periodic& per = world_.periodic;
          std::vector<std::uint8_t> listed(s.size(), 0);
          for (std::size_t j = 0; j < s.size(); ++j) {
            const double x = s.location[j][per.axis];
            listed[j] = s.active[s.agent_of(static_cast<std::uint32_t>(j))] &&
                        (j < s.agents || (x >= per.lo - ghost_band_ && x < per.hi + ghost_band_));
          }
          s.grid.build_points(s.location, &listed);
        } else {
          s.grid.build_points(s.location, &s.active);
        }
      });
  if (motion_) pose_figures(s, t);
  latest_ = slot;
}

}  // namespace footfall

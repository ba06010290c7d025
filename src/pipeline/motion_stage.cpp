// MOTION: carry out the scheduled footsteps and publish snapshot S(N) (the location of every agent
// interpolated along its current step). Articulated poses join here with the motion module.
#include "footfall/core/parallel.hpp"

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

void Simulation::motion_stage() {
  for (const std::uint32_t a : due_) {
    if (leaving_[a]) continue;  // gone at this foot-strike; population_stage frees the slot
    const Decision& d = decisions_[a];
    const Vec2 from = agents_.plan[a].to;
    const double t0 = agents_.plan[a].t1;
    const double h0 = agents_.heading(a);
    const std::uint8_t f = agents_.forward[a];
    if (d.blocked) {
      agents_.gait[a] = Gait::Stand;
    } else {
      // Whatever the candidate, the trailing foot moves and becomes the forward foot.
      const bool in_place = d.step.kind == StepKind::Stay || d.step.kind == StepKind::Turn;
      const bool moved = agents_.foot[1 - f][a] != d.step.foot ||
                         agents_.foot_heading[1 - f][a] != d.step.foot_heading;
      if (!in_place) count_crossing(a, d.step.foot);
      agents_.gait[a] = !in_place ? Gait::Walk : moved ? Gait::Close : Gait::Stand;
      agents_.foot[1 - f][a] = d.step.foot;
      agents_.foot_heading[1 - f][a] = d.step.foot_heading;
      agents_.forward[a] = 1 - f;
      if (!in_place && world_.ground_types[world_.ground_at(d.step.foot)].jaywalk)
        ++metrics_.jaywalk_events;
    }
    agents_.plan[a] = {from, agents_.location(a), t0, t0 + d.duration};
    agents_.heading_from[a] = h0;
    agents_.heading_to[a] = agents_.heading(a);
    ++agents_.steps[a];
    track_goal(a, t0, agents_.gait[a] != Gait::Walk);
    metrics_.evaluations += d.candidates;
    metrics_.blocked += d.blocked ? 1 : 0;
  }
  metrics_.decisions += due_.size();
}

// A footstep onto a crosswalk from off it starts a crossing; with the crosswalk's head showing
// steady DON'T WALK it is a red crossing. Flashing DON'T WALK is the clearance interval: people
// already committed may still be stepping on, so it does not count.
void Simulation::count_crossing(std::uint32_t a, const Vec2& foot) {
  const int r = world_.region_at(foot);
  if (r < 0 || world_.regions[r].signal < 0) return;
  const auto& poly = world_.regions[r].polygon;
  const std::uint8_t f = agents_.forward[a];
  // Called before the feet move: with either foot already on the crosswalk, the agent is on it.
  if (polygon_contains(poly, agents_.foot[f][a]) || polygon_contains(poly, agents_.foot[1 - f][a]))
    return;
  ++metrics_.crossings;
  if (signals_[world_.regions[r].signal].head == patnet::Head::DontWalk) ++metrics_.red_crossings;
}

void Simulation::publish(std::uint64_t frame, double t) {
  snapshot_.frame = frame;
  snapshot_.time = t;
  parallel_chunks(agents_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t a = begin; a != end; ++a) {
      const Plan& p = agents_.plan[a];
      const double u = p.t1 > p.t0 ? std::clamp((t - p.t0) / (p.t1 - p.t0), 0.0, 1.0) : 1.0;
      snapshot_.location[a] = p.at(t);
      snapshot_.heading[a] = wrap_angle(agents_.heading_from[a] +
                                        u * wrap_angle(agents_.heading_to[a] - agents_.heading_from[a]));
      snapshot_.plan[a] = p;
      snapshot_.radius[a] = agents_.radius[a];
      snapshot_.gait[a] = agents_.gait[a];
      snapshot_.active[a] = agents_.active[a];
    }
  });
  agent_grid_.build_points(snapshot_.location, &snapshot_.active);
}

}  // namespace footfall

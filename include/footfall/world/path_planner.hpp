#pragma once
// Path planning for the path-following state machine (Reich 1997 §7.6.2, Figs 7.26–7.34):
//   1. an occupancy grid over the environment plus a boundary margin, at a given resolution;
//   2. obstacles expanded by the clearance ("avoiding the expanded obstacles is equivalent to
//      avoiding the obstacles by the expanded amount");
//   3. wave propagation from the goal: 8 neighbours, +1 orthogonal, +√2 diagonal, always
//      expanding the cell of least weight (a binary heap), until the wave reaches the agent;
//   4. steepest descent from the agent, preferring the previous direction on ties; the waypoints
//      are the ends of the straight runs;
//   5. pruning: of three consecutive waypoints, the middle one goes when the first and third see
//      each other (Bresenham's line over the grid);
// The path is advice: the agent is attracted from waypoint to waypoint and may stray from it.
#include <cmath>
#include <cstdint>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall {

struct PlannerParams {
  double clearance = 0.3;           // metres between the path and any obstacle
  double resolution = 0.1;          // cell size, metres
  double boundary = 2.0;            // margin around the environment, metres
  std::uint64_t classes = ~0ull;    // obstacle classes planned around (solid obstacles only)
  std::size_t max_cells = 4'000'000;  // refuse grids larger than this (no path)
};

// Cells are blocked within clearance + grid_margin of an obstacle. Between the centres of two
// free cells a step of the grid (at most a diagonal, res·√2, and never cutting a blocked corner)
// dips toward an obstacle's corner by at most √(r² − res²/2) from r: this margin keeps every grid
// run at least `clearance` away. Pruned shortcuts and the last leg to the goal are checked
// against the obstacles themselves, so every point of the returned path clears them by at least
// `clearance` (the thesis expands by the clearance alone).
inline double grid_margin(double clearance, double resolution) {
  return std::sqrt(clearance * clearance + 0.5 * resolution * resolution) - clearance;
}

struct PlannedPath {
  bool found = false;
  std::vector<Vec2> runs;       // ends of the straight runs of the descent, agent first
  std::vector<Vec2> waypoints;  // after pruning, agent's cell first, the goal itself last
  std::size_t expanded = 0;     // cells the wave expanded
};

PlannedPath plan_path(const World& world, const Vec2& from, const Vec2& to, const PlannerParams& p);

}  // namespace footfall

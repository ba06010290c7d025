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

// Cells are blocked within clearance + kCellMargin · resolution of an obstacle: the extra ¾ cell
// makes the guarantee hold between cell centres too (a Bresenham line or a diagonal move passes
// within 0.71 cells of the free cell centres it visits), so every point of the returned path
// clears the obstacles by at least `clearance`.
inline constexpr double kCellMargin = 0.75;

struct PlannedPath {
  bool found = false;
  std::vector<Vec2> runs;       // ends of the straight runs of the descent, agent first
  std::vector<Vec2> waypoints;  // after pruning, agent's cell first, the goal itself last
  std::size_t expanded = 0;     // cells the wave expanded
};

PlannedPath plan_path(const World& world, const Vec2& from, const Vec2& to, const PlannerParams& p);

}  // namespace footfall

#pragma once
// Load-time checks of a world that parses but would not work as meant (docs/scenario.md, "Warnings"):
// pure functions over a finalized World, so the loader decides what is an error and where it points.
#include <cstdint>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall {

// For each walkway endpoint (in order), the solid obstacle it lies inside, or -1.
std::vector<int> endpoints_inside_obstacles(const World& world);

// Whether a route joins two distinct locations among `endpoints` (walkway edges are undirected).
bool any_route_between(const World& world, const std::vector<std::uint32_t>& endpoints);

// Bytes of memory the process may use: the least of its address-space and data limits and the
// machine's physical memory.
std::uint64_t memory_limit();

// A rough upper estimate of the memory a loaded and running world takes. Measured on the
// intersection city: about 1 KB per named thing or four polygon corners (120 things a tile), and
// 2.3 KB per pedestrian with its snapshots and percepts; the estimate allows half as much again.
double estimated_bytes(const World& tile, double tiles, double pedestrians);

}  // namespace footfall

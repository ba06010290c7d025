#pragma once
// The box Voronoi cells and heat maps are clipped to, from the world: its obstacles and regions
// (walls bound a corridor), grown where the pedestrians go beyond them; a periodic axis spans its
// period. `footfall analyze` passes where the file's pedestrians went, a run its measurement areas.
#include "footfall/analysis/voronoi.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

VoronoiFrame voronoi_box(const World& world, const Aabb& walked, double cutoff);

}  // namespace footfall

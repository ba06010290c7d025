#pragma once
// City tiling: one intersection world repeated on an nx × ny grid, so the same scenario scales from
// one intersection to thousands at the same density.
#include "footfall/world/world.hpp"

namespace footfall {

struct CityTiling {
  int nx = 1, ny = 1;
  Vec2 pitch = Vec2(60, 60);  // offset between neighbouring tiles, metres
};

// Tile k = iy * nx + ix is the input shifted by (ix, iy) ⊙ pitch. Every named thing is copied per
// tile with its index laid out tile by tile (location i of tile k is k * tile.locations.size() + i;
// likewise obstacles, regions and signals), and, when there is more than one tile, named with the
// prefix "x{ix}y{iy}_". Ground types and classes are shared. Walkway endpoints of neighbouring tiles
// that coincide (within 1 mm) are joined by a zero-length walkway edge and stop being endpoints, so
// pedestrians walk on from one intersection to the next. The result is not finalized.
World tile_world(const World& tile, const CityTiling& tiling);

// The prefix given to names of tile (ix, iy); empty for a 1 × 1 city.
std::string tile_prefix(const CityTiling& tiling, int ix, int iy);

}  // namespace footfall

#include "footfall/world/city.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace footfall {
namespace {

constexpr double kSeamTolerance = 1e-3;  // metres: endpoints this close are one street corner
// Bucket size for the seam search: twice the tolerance, so two matching endpoints always lie in
// the same or adjacent buckets even after rounding in the division.
constexpr double kSeamCell = 2 * kSeamTolerance;

struct Tile {
  std::size_t k;  // tile index, iy * nx + ix
  Vec2 offset;
  std::string prefix;
};

int shift_index(int index, std::size_t base) {
  return index < 0 ? index : static_cast<int>(base + static_cast<std::size_t>(index));
}

Shape shifted(Shape shape, const Vec2& d) {
  std::visit(
      [&](auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, Segment>) {
          s.a += d;
          s.b += d;
        } else {
          s.center += d;  // Box and Cylinder
        }
      },
      shape);
  return shape;
}

void append_tile(World& out, const World& in, const Tile& t) {
  const std::size_t nregions = in.regions.size(), nsignals = in.signals.size();
  const auto loc_base = static_cast<std::uint32_t>(t.k * in.locations.size());
  for (auto r : in.regions) {
    if (!r.name.empty()) r.name = t.prefix + r.name;  // an unnamed thing stays unnamed
    for (auto& p : r.polygon) p += t.offset;
    r.signal = shift_index(r.signal, t.k * nsignals);
    out.regions.push_back(std::move(r));
  }
  for (auto o : in.obstacles) {
    if (!o.name.empty()) o.name = t.prefix + o.name;  // an unnamed thing stays unnamed
    o.shape = shifted(o.shape, t.offset);
    out.obstacles.push_back(std::move(o));
  }
  for (auto l : in.locations) {
    l.name = t.prefix + l.name;
    l.position += t.offset;
    out.locations.push_back(std::move(l));
  }
  for (const auto& s : in.signals) out.signals.push_back(t.prefix + s);
  for (auto e : in.walkways.edges) {
    e.a += loc_base;
    e.b += loc_base;
    e.crosswalk = shift_index(e.crosswalk, t.k * nregions);
    e.signal = shift_index(e.signal, t.k * nsignals);
    e.length = 0;  // the result is not finalized
    out.walkways.edges.push_back(e);
  }
  for (const auto ep : in.walkways.endpoints) out.walkways.endpoints.push_back(ep + loc_base);
}

// Pairs of endpoints (as location indices, smaller first, sorted) from different tiles that lie
// within the seam tolerance. Endpoints are bucketed into cells, so a match can only be in the same
// or a neighbouring cell: sorting plus binary search keeps this O(n log n) for thousands of tiles,
// where an all-pairs test would be quadratic.
std::vector<std::pair<std::uint32_t, std::uint32_t>> seam_pairs(const World& w,
                                                                 std::size_t tile_locations) {
  using Cell = std::array<std::int64_t, 2>;
  std::vector<std::pair<Cell, std::uint32_t>> cells;
  for (const auto loc : w.walkways.endpoints) {
    const Vec2& p = w.locations[loc].position;
    // Such a position would overflow the cell index; it is no street corner anyway.
    if (!p.allFinite() || p.cwiseAbs().maxCoeff() > 1e12) continue;
    cells.push_back({{static_cast<std::int64_t>(std::floor(p.x() / kSeamCell)),
                      static_cast<std::int64_t>(std::floor(p.y() / kSeamCell))},
                     loc});
  }
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());  // repeated endpoints

  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (const auto& [cell, a] : cells) {
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      for (std::int64_t dy = -1; dy <= 1; ++dy) {
        const Cell c{cell[0] + dx, cell[1] + dy};
        auto it = std::lower_bound(cells.begin(), cells.end(), std::make_pair(c, std::uint32_t{0}));
        for (; it != cells.end() && it->first == c; ++it) {
          const std::uint32_t b = it->second;
          if (b <= a || a / tile_locations == b / tile_locations) continue;  // each pair once
          if ((w.locations[a].position - w.locations[b].position).norm() <= kSeamTolerance)
            pairs.emplace_back(a, b);
        }
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// Joins coinciding endpoints of different tiles by zero-length edges; they stop being endpoints.
void join_seams(World& w, std::size_t tile_locations) {
  if (tile_locations == 0) return;
  const auto pairs = seam_pairs(w, tile_locations);
  std::vector<bool> joined(w.locations.size(), false);
  for (const auto& [a, b] : pairs) {
    w.walkways.edges.push_back(WalkEdge{a, b, -1, -1, 0.0});
    joined[a] = joined[b] = true;
  }
  auto& eps = w.walkways.endpoints;
  eps.erase(std::remove_if(eps.begin(), eps.end(), [&](std::uint32_t l) { return joined[l]; }),
            eps.end());
}

// Tile indices are remapped by offsets, so a bad index in the tile would silently point into a
// neighbouring tile; reject it here while the message can still name the tile's own index.
void validate_tile_walkways(const World& tile) {
  const std::size_t n = tile.locations.size();
  const auto bad = [&](std::uint32_t loc) { return loc >= n; };
  for (std::size_t i = 0; i < tile.walkways.edges.size(); ++i) {
    const WalkEdge& e = tile.walkways.edges[i];
    if (bad(e.a) || bad(e.b))
      throw std::invalid_argument("tile walkway edge " + std::to_string(i) + " (" +
                                  std::to_string(e.a) + " - " + std::to_string(e.b) +
                                  ") refers to a location beyond the tile's " +
                                  std::to_string(n) + " locations");
  }
  for (const auto ep : tile.walkways.endpoints)
    if (bad(ep))
      throw std::invalid_argument("tile walkway endpoint " + std::to_string(ep) +
                                  " is beyond the tile's " + std::to_string(n) + " locations");
}

}  // namespace

std::string tile_prefix(const CityTiling& tiling, int ix, int iy) {
  if (static_cast<long long>(tiling.nx) * tiling.ny <= 1) return "";
  // Appended piecewise: `"x" + std::string&&` trips a GCC 12 -Wrestrict false positive at -O3.
  std::string prefix = "x";
  prefix += std::to_string(ix);
  prefix += 'y';
  prefix += std::to_string(iy);
  prefix += '_';
  return prefix;
}

World tile_world(const World& tile, const CityTiling& tiling) {
  if (tiling.nx < 1 || tiling.ny < 1)
    throw std::invalid_argument("city tiling needs nx >= 1 and ny >= 1, got " +
                                std::to_string(tiling.nx) + " x " + std::to_string(tiling.ny));
  validate_tile_walkways(tile);
  const std::size_t ntiles = static_cast<std::size_t>(tiling.nx) * tiling.ny;
  // Walkway edges index locations with 32 bits; the tiled count must still fit.
  if (ntiles * tile.locations.size() >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("city tiling has too many locations (" +
                                std::to_string(ntiles * tile.locations.size()) + ")");

  World out;
  out.ground_types = tile.ground_types;
  out.default_ground = tile.default_ground;
  out.classes = tile.classes;
  out.regions.reserve(ntiles * tile.regions.size());
  out.obstacles.reserve(ntiles * tile.obstacles.size());
  out.locations.reserve(ntiles * tile.locations.size());
  out.signals.reserve(ntiles * tile.signals.size());
  out.walkways.edges.reserve(ntiles * tile.walkways.edges.size());
  out.walkways.endpoints.reserve(ntiles * tile.walkways.endpoints.size());
  for (int iy = 0; iy < tiling.ny; ++iy)
    for (int ix = 0; ix < tiling.nx; ++ix) {
      const std::size_t k = static_cast<std::size_t>(iy) * tiling.nx + ix;
      const Vec2 offset(ix * tiling.pitch.x(), iy * tiling.pitch.y());
      append_tile(out, tile, Tile{k, offset, tile_prefix(tiling, ix, iy)});
    }
  join_seams(out, tile.locations.size());
  return out;
}

}  // namespace footfall

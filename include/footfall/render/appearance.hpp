#pragma once
// How figures look: per-pedestrian clothing and skin, and which surface material each mesh vertex
// shows. Looks derive from (seed, slot, pedestrian number) like every other random draw, so a
// replacement pedestrian in a slot gets new clothes and a rerun gets the same ones.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/motion/mesh.hpp"
#include "footfall/motion/skeleton.hpp"

namespace footfall {
class Simulation;
}

namespace footfall::render {

// Surface materials of a figure; the vertex shader picks the colour per vertex (shaders/figure.vert).
enum class Material : std::uint8_t { Skin = 0, Shirt = 1, Trousers = 2, Shoes = 3, Hair = 4 };

struct Look {
  Eigen::Vector3f shirt = {0.6f, 0.6f, 0.6f};
  Eigen::Vector3f trousers = {0.2f, 0.2f, 0.3f};
  float skin = 0.5f;  // 0 light … 1 dark, mixed in the shader
  float hair = 0.5f;  // 0 fair … 1 black
};

// The built-in clothing palette: muted everyday colours (linear RGB).
std::span<const Eigen::Vector3f> default_clothing();

// The look of pedestrian number `person` in `slot`, drawn from `palette`.
Look look_for(std::uint64_t seed, std::uint64_t slot, std::uint64_t person,
              std::span<const Eigen::Vector3f> palette);

// Keeps one look per agent slot, redrawn when a slot gets a new pedestrian.
class Wardrobe {
 public:
  explicit Wardrobe(std::vector<Eigen::Vector3f> palette) : palette_(std::move(palette)) {}
  void update(const Simulation& sim);
  std::span<const Look> looks() const { return looks_; }

 private:
  std::vector<Eigen::Vector3f> palette_;
  std::vector<Look> looks_;
  std::vector<std::uint64_t> person_;  // the pedestrian each look was drawn for
};

// Material of each vertex of a figure mesh, from the joint it moves with and its rest height:
// shoes below the ankle, trousers on pelvis and legs, skin on hands, neck and face, hair on top of
// the head, the shirt elsewhere.
std::vector<Material> vertex_materials(const motion::Skeleton& skeleton, const motion::Mesh& mesh);

}  // namespace footfall::render

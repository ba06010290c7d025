#include "footfall/render/appearance.hpp"

#include <array>
#include <string_view>

#include "footfall/core/rng.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall::render {
namespace {

const std::array<Eigen::Vector3f, 16> kClothing = {{
    {0.55f, 0.10f, 0.10f}, {0.10f, 0.20f, 0.45f}, {0.15f, 0.35f, 0.15f}, {0.75f, 0.65f, 0.20f},
    {0.85f, 0.85f, 0.82f}, {0.12f, 0.12f, 0.13f}, {0.40f, 0.25f, 0.15f}, {0.30f, 0.45f, 0.60f},
    {0.60f, 0.30f, 0.45f}, {0.85f, 0.45f, 0.15f}, {0.35f, 0.35f, 0.38f}, {0.20f, 0.50f, 0.50f},
    {0.65f, 0.55f, 0.40f}, {0.45f, 0.10f, 0.30f}, {0.70f, 0.75f, 0.85f}, {0.25f, 0.30f, 0.20f},
}};

// Trousers come from the darker half of everyday colours more often than shirts do.
Eigen::Vector3f darker(const Eigen::Vector3f& c, double u) { return c * static_cast<float>(0.45 + 0.4 * u); }

bool contains(std::string_view name, std::string_view part) { return name.find(part) != std::string_view::npos; }

}  // namespace

std::span<const Eigen::Vector3f> default_clothing() { return kClothing; }

Look look_for(std::uint64_t seed, std::uint64_t slot, std::uint64_t person,
              std::span<const Eigen::Vector3f> palette) {
  // One hash per pedestrian, cut into independent fields.
  const std::uint64_t h = counter_hash(seed, slot, person, RngStream::Look);
  auto field = [h](int k) { return static_cast<double>((h >> (10 * k)) & 1023u) / 1023.0; };
  const auto pick = [&](int k) {
    return palette[static_cast<std::size_t>(field(k) * (palette.size() - 1) + 0.5)];
  };
  Look look;
  look.shirt = pick(0);
  look.trousers = field(2) < 0.6 ? darker(pick(1), field(3)) : pick(1);
  look.skin = static_cast<float>(field(4));
  look.hair = static_cast<float>(0.3 + 0.7 * field(5));
  return look;
}

void Wardrobe::update(const Simulation& sim) {
  const std::size_t n = sim.agents().size();
  if (looks_.size() != n) {
    looks_.resize(n);
    person_.assign(n, ~std::uint64_t{0});
  }
  const std::span<const Eigen::Vector3f> palette =
      palette_.empty() ? default_clothing() : std::span<const Eigen::Vector3f>(palette_);
  for (std::uint32_t a = 0; a < n; ++a) {
    const std::uint64_t person = sim.spawn_count(a);
    if (person_[a] == person) continue;
    person_[a] = person;
    looks_[a] = look_for(sim.config().seed, a, person, palette);
  }
}

std::vector<Material> vertex_materials(const motion::Skeleton& skeleton, const motion::Mesh& mesh) {
  using A = motion::Anthropometry;
  const auto h = static_cast<float>(motion::kReferenceHeight);
  std::vector<Material> out(mesh.positions.size());
  for (std::size_t v = 0; v < out.size(); ++v) {
    const std::string_view joint = skeleton.joints[mesh.joints[v]].name;
    const float z = mesh.positions[v].z() / h;  // fraction of stature
    Material m = Material::Shirt;
    if (contains(joint, "ankle") || contains(joint, "toe")) {
      m = Material::Shoes;
    } else if (contains(joint, "hip") || contains(joint, "knee") || joint == "pelvis") {
      m = Material::Trousers;
    } else if (joint == "head" || joint == "jaw" || contains(joint, "eye")) {
      m = z > A::eye_height + 0.012 ? Material::Hair : Material::Skin;
    } else if (contains(joint, "neck")) {
      m = Material::Skin;
    } else if (contains(joint, "arm") || contains(joint, "elbow") || contains(joint, "wrist") ||
               contains(joint, "thumb") || contains(joint, "index") || contains(joint, "middle") ||
               contains(joint, "ring") || contains(joint, "pinky")) {
      m = z < A::wrist_height + 0.004 ? Material::Skin : Material::Shirt;  // long sleeves, bare hands
    }
    out[v] = m;
  }
  return out;
}

}  // namespace footfall::render

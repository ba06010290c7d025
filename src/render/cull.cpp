#include "footfall/render/cull.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/core/parallel.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall::render {
namespace {

using motion::Lod;

constexpr std::uint8_t kHidden = 0xff;

// Gribb & Hartmann: the side and near planes of the frustum as rows of the view-projection matrix,
// normalised so that plane · (p, 1) is a signed distance in metres (positive inside). The far plane
// is left out: OSG moves it every frame to fit the scene, and nothing lies beyond the scene.
std::array<Eigen::Vector4d, 5> frustum_planes(const Eigen::Matrix4d& m) {
  std::array<Eigen::Vector4d, 5> p = {
      Eigen::Vector4d(m.row(3) + m.row(0)), Eigen::Vector4d(m.row(3) - m.row(0)),
      Eigen::Vector4d(m.row(3) + m.row(1)), Eigen::Vector4d(m.row(3) - m.row(1)),
      Eigen::Vector4d(m.row(3) + m.row(2))};
  for (auto& q : p) q /= q.head<3>().norm();
  return p;
}

// A figure's bounding sphere: centred at half its height, wide enough for swinging arms and a step.
struct Sphere {
  Eigen::Vector3d centre;
  double radius;
};
Sphere bounds_of(const motion::FigureRoot& root) {
  const double height = motion::kReferenceHeight * root.scale;
  return {{root.position.x(), root.position.y(), 0.5 * height}, 0.65 * height};
}

// Root frame (scale, heading, position) ∘ skinning matrices, written as texel rows.
void pack_instance(const motion::Skeleton& skeleton, const motion::FigureRoot& root,
                   const Eigen::Vector3f& pelvis, std::span<const Eigen::Quaternionf> joints,
                   const Look& look, std::vector<motion::Rigid>& model,
                   std::vector<float>& skin, float* out) {
  const std::size_t nj = skeleton.size();
  model.resize(nj);
  skin.resize(12 * nj);
  motion::model_transforms(skeleton, pelvis, joints, model);
  motion::skinning_matrices(skeleton, model, skin);
  out[0] = look.shirt.x(), out[1] = look.shirt.y(), out[2] = look.shirt.z(), out[3] = look.skin;
  out[4] = look.trousers.x(), out[5] = look.trousers.y(), out[6] = look.trousers.z();
  out[7] = look.hair;
  out += 4 * kHeaderTexels;
  const float c = std::cos(root.heading) * root.scale, s = std::sin(root.heading) * root.scale;
  const float tx = static_cast<float>(root.position.x()), ty = static_cast<float>(root.position.y());
  for (std::size_t j = 0; j < nj; ++j) {
    const float* m = &skin[12 * j];  // rows: x', y', z' of the root frame
    for (int col = 0; col < 4; ++col) {
      const float x = m[col], y = m[4 + col], z = m[8 + col];
      out[col] = c * x - s * y + (col == 3 ? tx : 0.0f);
      out[4 + col] = s * x + c * y + (col == 3 ? ty : 0.0f);
      out[8 + col] = root.scale * z;
    }
    out += 12;
  }
}

}  // namespace

Lod choose_lod(double d, Lod current, const LodThresholds& t) {
  const auto level = [&](double k) { return d < t.near * k ? Lod::High : d < t.far * k ? Lod::Medium : Lod::Low; };
  const Lod l = level(1.0);
  if (l > current) return std::max(current, level(1.0 + t.hysteresis));  // coarser: past the band
  if (l < current) return std::min(current, level(1.0 - t.hysteresis));  // finer: inside the band
  return l;
}

void cull(const Snapshot& snap, const motion::MotionLibrary& lib, const CameraView& camera,
          const CullSettings& settings, std::span<const Look> looks, InstanceLists& out) {
  const motion::Poses& poses = snap.poses;
  const std::size_t n = std::min(snap.size(), poses.size());
  out.chosen.resize(snap.size());
  out.wanted.assign(snap.size(), 0);
  std::vector<std::uint8_t> bucket(n, kHidden);
  const auto planes = frustum_planes(camera.view_projection);

  // Visibility and level per agent; figures near the view are wanted posed (Posing::Wanted), and
  // only those posed are drawn.
  parallel_chunks(n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t a = begin; a < end; ++a) {
      if (!snap.active[a] || snap.vehicle(a)) continue;
      const Sphere b = bounds_of(poses.root[a]);
      const double d = (b.centre - camera.eye).norm();
      out.chosen[a] = settings.forced ? *settings.forced : choose_lod(d, poses.lod[a], settings.lod);
      bool near = true, inside = true;
      for (const auto& p : planes) {
        const double s = p.head<3>().dot(b.centre) + p.w();
        near = near && s > -b.radius - kPoseMargin;
        inside = inside && s > -b.radius;
      }
      out.wanted[a] = near ? 1 : 0;
      if (inside && poses.first[a] != poses.first[a + 1]) bucket[a] = static_cast<std::uint8_t>(poses.lod[a]);
    }
  });

  // Vehicles: a box each, at every level of detail (a serial pass over the few there are).
  out.vehicles.clear();
  for (std::size_t a = 0; a < snap.agents && a < snap.kind.size(); ++a) {
    if (!snap.active[a] || !snap.vehicle(a)) continue;
    const Vec2& p = snap.location[a];
    const Eigen::Vector3d centre(p.x(), p.y(), 0.5 * kVehicleHeight);
    const double radius = 0.5 * Eigen::Vector3d(snap.extent[a].x(), snap.extent[a].y(), kVehicleHeight).norm();
    bool inside = true;
    for (const auto& q : planes) inside = inside && q.head<3>().dot(centre) + q.w() > -radius;
    if (inside)
      out.vehicles.push_back({static_cast<std::uint32_t>(a), static_cast<float>(p.x()), static_cast<float>(p.y()),
                              static_cast<float>(snap.heading[a]), static_cast<float>(snap.extent[a].x()),
                              static_cast<float>(snap.extent[a].y())});
  }

  // Instance lists in agent order (a serial pass: O(n) and cheap next to packing).
  for (auto& l : out.lods) l.agents.clear(), l.selected = -1;
  for (std::size_t a = 0; a < n; ++a) {
    if (bucket[a] == kHidden) continue;
    InstanceList& l = out.lods[bucket[a]];
    if (static_cast<std::int64_t>(a) == settings.selected) l.selected = static_cast<int>(l.size());
    l.agents.push_back(static_cast<std::uint32_t>(a));
  }

  for (int level = 0; level < motion::kLodCount; ++level) {
    InstanceList& list = out.lods[level];
    const motion::Skeleton& skeleton = lib.skeletons[level];
    const std::size_t stride = 4 * instance_texels(skeleton.size());
    list.texels.resize(stride * list.size());
    parallel_chunks(list.size(), [&](std::size_t begin, std::size_t end) {
      std::vector<motion::Rigid> model;
      std::vector<float> skin;
      for (std::size_t i = begin; i < end; ++i) {
        const std::uint32_t a = list.agents[i];
        const Look look = a < looks.size() ? looks[a] : Look{};
        pack_instance(skeleton, poses.root[a], poses.pelvis[a], poses.joints_of(a), look, model,
                      skin, list.texels.data() + stride * i);
      }
    });
  }
}

void feed_back_lods(Simulation& sim, const InstanceLists& lists) {
  const Snapshot& snap = sim.snapshot();
  for (std::uint32_t a = 0; a < lists.chosen.size() && a < snap.size(); ++a) {
    if (!snap.active[a]) continue;
    if (sim.lod(a) != lists.chosen[a]) sim.set_lod(a, lists.chosen[a]);
    if (a < lists.wanted.size() && a < snap.agents) sim.want_figure(a, lists.wanted[a] != 0);
  }
}

}  // namespace footfall::render

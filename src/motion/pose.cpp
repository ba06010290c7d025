#include "footfall/motion/pose.hpp"

#include <cmath>

namespace footfall::motion {

void model_transforms(const Skeleton& s, const Eigen::Vector3f& pelvis,
                      std::span<const Eigen::Quaternionf> joints, std::span<Rigid> out) {
  out[0] = {joints[0], pelvis};
  for (std::size_t j = 1; j < s.size(); ++j) {
    const Rigid& p = out[static_cast<std::size_t>(s.joints[j].parent)];
    out[j] = {p.rotation * joints[j], p.translation + p.rotation * s.joints[j].offset};
  }
}

Vec2 to_world(const FigureRoot& root, const Eigen::Vector3f& p) {
  const double c = std::cos(static_cast<double>(root.heading)), s = std::sin(static_cast<double>(root.heading));
  const double x = static_cast<double>(p.x()) * root.scale, y = static_cast<double>(p.y()) * root.scale;
  return root.position + Vec2(c * x - s * y, s * x + c * y);
}

void skinning_matrices(const Skeleton& s, std::span<const Rigid> model, std::span<float> out) {
  for (std::size_t j = 0; j < s.size(); ++j) {
    // Rest rotations are the identity, so the inverse bind transform is a translation by −rest.
    const Eigen::Matrix3f r = model[j].rotation.toRotationMatrix();
    const Eigen::Vector3f t = model[j].translation - r * s.rest[j];
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) out[12 * j + 4 * row + col] = r(row, col);
      out[12 * j + 4 * row + 3] = t[row];
    }
  }
}

std::vector<Eigen::Quaternionf> coarsen(const Skeleton& fine, std::span<const Eigen::Quaternionf> joints,
                                        const Eigen::Vector3f& pelvis, const Skeleton& coarse) {
  std::vector<Rigid> model(fine.size());
  model_transforms(fine, pelvis, joints, model);
  // The fine joint with the same counterpart (fine may be high, with itself as counterpart).
  std::vector<int> in_fine(coarse.size(), -1);
  for (std::size_t c = 0; c < coarse.size(); ++c)
    for (std::size_t f = 0; f < fine.size(); ++f)
      if (fine.counterpart[f] == coarse.counterpart[c]) in_fine[c] = static_cast<int>(f);
  std::vector<Eigen::Quaternionf> out(coarse.size());
  std::vector<Eigen::Quaternionf> coarse_model(coarse.size());
  for (std::size_t c = 0; c < coarse.size(); ++c) {
    coarse_model[c] = model[static_cast<std::size_t>(in_fine[c])].rotation;
    const int p = coarse.joints[c].parent;
    out[c] = p < 0 ? coarse_model[c]
                   : Eigen::Quaternionf(coarse_model[static_cast<std::size_t>(p)].conjugate() * coarse_model[c]);
  }
  return out;
}

}  // namespace footfall::motion

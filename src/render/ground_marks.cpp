#include "footfall/render/ground_marks.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace footfall::render {
namespace {

Vec2 perp(const Vec2& v) { return {-v.y(), v.x()}; }  // a quarter turn to the left

Mark quad(Paint paint, const Vec2& c, const Vec2& u, double half_u, double half_v) {
  const Vec2 v = perp(u);
  return {paint, {c - half_u * u - half_v * v, c + half_u * u - half_v * v, c + half_u * u + half_v * v,
                  c - half_u * u + half_v * v}};
}

// A street arm: a rectangle of street running along `along`.
bool street_arm_at(const World& w, const Vec2& p, const Vec2& along) {
  const int r = w.region_at(p);
  if (r < 0) return false;
  const GroundRegion& g = w.regions[static_cast<std::size_t>(r)];
  if (g.polygon.size() != 4 || is_crosswalk(w, g) || !w.ground_types[static_cast<std::size_t>(g.type)].jaywalk)
    return false;
  const Strip s = strip_of(g.polygon);
  return std::abs(s.axis.dot(along)) > 0.99 && s.half_length > s.half_width;
}

}  // namespace

Strip strip_of(const std::vector<Vec2>& poly) {
  Strip s;
  if (poly.empty()) return s;
  for (const Vec2& p : poly) s.centre += p;
  s.centre /= static_cast<double>(poly.size());
  Eigen::Matrix2d cov = Eigen::Matrix2d::Zero();
  for (const Vec2& p : poly) cov += (p - s.centre) * (p - s.centre).transpose();
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eig(cov);
  s.axis = eig.eigenvectors().col(1).normalized();  // the larger eigenvalue: the long side
  // A fixed sign, so the same region always gives the same axis.
  if (s.axis.x() < -1e-9 || (std::abs(s.axis.x()) <= 1e-9 && s.axis.y() < 0)) s.axis = -s.axis;
  for (const Vec2& p : poly) {
    s.half_length = std::max(s.half_length, std::abs((p - s.centre).dot(s.axis)));
    s.half_width = std::max(s.half_width, std::abs((p - s.centre).dot(perp(s.axis))));
  }
  return s;
}

std::vector<Mark> ground_marks(const World& w) {
  std::vector<Mark> out;
  for (const GroundRegion& r : w.regions) {
    const Strip s = strip_of(r.polygon);
    if (is_crosswalk(w, r)) {
      for (double t = -s.half_length + 0.5; t <= s.half_length - 0.25 + 1e-9; t += 1.0)
        out.push_back(quad(Paint::Zebra, s.centre + t * s.axis, s.axis, 0.25, s.half_width - 0.2));
      if (r.signal < 0) continue;
      // Stop lines on the sides where a street arm leads up to the crosswalk.
      const Vec2 across = perp(s.axis);
      for (const double side : {1.0, -1.0}) {
        const Vec2 n = side * across;
        if (!street_arm_at(w, s.centre + n * (s.half_width + 1.2), n)) continue;
        const Vec2 travel = -n;                          // traffic approaches against n
        const Vec2 right(travel.y(), -travel.x());       // and keeps right
        const Vec2 c = s.centre + n * (s.half_width + 1.2) + right * (0.5 * s.half_length);
        out.push_back(quad(Paint::StopLine, c, n, 0.2, 0.5 * s.half_length - 0.1));
      }
    } else if (w.ground_types[static_cast<std::size_t>(r.type)].jaywalk && r.polygon.size() == 4 &&
               s.half_length > 2 * s.half_width) {
      for (double t = -s.half_length + 1.0; t + 3.0 <= s.half_length - 1.0 + 1e-9; t += 9.0)
        out.push_back(quad(Paint::CentreLine, s.centre + (t + 1.5) * s.axis, s.axis, 1.5, 0.075));
    }
  }
  return out;
}

}  // namespace footfall::render

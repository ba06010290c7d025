#include "footfall/motion/mesh.hpp"

#include <Eigen/Geometry>

#include <cmath>
#include <stdexcept>
#include <string>

namespace footfall::motion {
namespace {

using Eigen::Vector3f;
using A = Anthropometry;
constexpr float kTwoPi = 6.283185307f;

class MeshBuilder {
 public:
  explicit MeshBuilder(const Skeleton& s) : s_(s) {}

  int joint(const std::string& name) const {
    const int j = s_.find(name);
    if (j < 0) throw std::logic_error("mesh: no joint " + name);
    return j;
  }
  Vector3f at(const std::string& name) const { return s_.rest[static_cast<std::size_t>(joint(name))]; }
  static Vector3f h(double x, double y, double z) {
    return Vector3f(static_cast<float>(x * kReferenceHeight), static_cast<float>(y * kReferenceHeight),
                    static_cast<float>(z * kReferenceHeight));
  }

  // An ellipsoid around the segment from → to (reaching `overlap` past both ends so neighbours
  // meet at the joints), with radii `front` and `side` at its middle, narrowing to `taper` times
  // them toward `to`.
  void ellipsoid(const std::string& owner, const Vector3f& from, const Vector3f& to, float front,
                 float side, int slices, int stacks, float taper = 1, float overlap = 0.01f) {
    const std::uint16_t j = static_cast<std::uint16_t>(joint(owner));
    Vector3f axis = to - from;
    const float half = 0.5f * axis.norm() + overlap;
    axis.normalize();
    Vector3f u = Vector3f::UnitX() - Vector3f::UnitX().dot(axis) * axis;
    if (u.norm() < 0.3f) u = Vector3f::UnitZ() - Vector3f::UnitZ().dot(axis) * axis;
    u.normalize();
    const Vector3f v = axis.cross(u);
    const Vector3f centre = 0.5f * (from + to);
    const auto base = static_cast<std::uint32_t>(m_.positions.size());
    const auto point = [&](float t, float phi, Vector3f& normal) {  // t in [-1, 1] along the axis
      const float ring = std::sqrt(std::max(0.0f, 1 - t * t));
      const float scale = 1 + (taper - 1) * 0.5f * (t + 1);
      const float a = front * scale, b = side * scale;
      const float c = std::cos(phi), s = std::sin(phi);
      normal = (u * (c * ring / a) + v * (s * ring / b) + axis * (t / half)).normalized();
      return centre + axis * (t * half) + u * (a * c * ring) + v * (b * s * ring);
    };
    Vector3f n;
    const Vector3f bottom = point(-1, 0, n);
    push(bottom, -axis, j);
    for (int i = 1; i < stacks; ++i) {
      const float t = -std::cos(static_cast<float>(i) / static_cast<float>(stacks) * kTwoPi / 2);
      for (int k = 0; k < slices; ++k) {
        const Vector3f p = point(t, kTwoPi * static_cast<float>(k) / static_cast<float>(slices), n);
        push(p, n, j);
      }
    }
    push(point(1, 0, n), axis, j);
    const auto ring = [&](int i, int k) {
      return base + 1 + static_cast<std::uint32_t>((i - 1) * slices + (k % slices));
    };
    const std::uint32_t top = base + 1 + static_cast<std::uint32_t>((stacks - 1) * slices);
    for (int k = 0; k < slices; ++k) {
      tri(base, ring(1, k + 1), ring(1, k));
      for (int i = 1; i + 1 < stacks; ++i) {
        tri(ring(i, k), ring(i, k + 1), ring(i + 1, k + 1));
        tri(ring(i, k), ring(i + 1, k + 1), ring(i + 1, k));
      }
      tri(ring(stacks - 1, k), ring(stacks - 1, k + 1), top);
    }
  }

  // An axis-aligned box (rest pose) between two opposite corners, flat-shaded.
  void box(const std::string& owner, const Vector3f& a, const Vector3f& b) {
    const std::uint16_t j = static_cast<std::uint16_t>(joint(owner));
    const Vector3f lo = a.cwiseMin(b), hi = a.cwiseMax(b);
    for (int axis = 0; axis < 3; ++axis)
      for (int side = 0; side < 2; ++side) {
        Vector3f n = Vector3f::Zero();
        n[axis] = side ? 1.0f : -1.0f;
        const int a = (axis + 1) % 3, b = (axis + 2) % 3;
        const auto base = static_cast<std::uint32_t>(m_.positions.size());
        for (int k = 0; k < 4; ++k) {
          Vector3f p;
          p[axis] = side ? hi[axis] : lo[axis];
          p[a] = (k == 1 || k == 2) ? hi[a] : lo[a];
          p[b] = (k >= 2) ? hi[b] : lo[b];
          push(p, n, j);
        }
        // (a, b) then n is right-handed, so 0-1-2 winds counter-clockwise about +n.
        if (side) {
          tri(base, base + 1, base + 2);
          tri(base, base + 2, base + 3);
        } else {
          tri(base, base + 2, base + 1);
          tri(base, base + 3, base + 2);
        }
      }
  }

  Mesh done() { return std::move(m_); }

 private:
  void push(const Vector3f& p, const Vector3f& n, std::uint16_t j) {
    m_.positions.push_back(p);
    m_.normals.push_back(n);
    m_.joints.push_back(j);
  }
  void tri(std::uint32_t a, std::uint32_t b, std::uint32_t c) { m_.indices.insert(m_.indices.end(), {a, b, c}); }

  const Skeleton& s_;
  Mesh m_;
};

// The feet as boxes: from the heel to the ball joint, and the toes beyond it.
void feet(MeshBuilder& b, bool toes) {
  const float w = static_cast<float>(A::foot_width * kReferenceHeight / 2);
  for (const char* p : {"l_", "r_"}) {
    const Vector3f ankle = b.at(std::string(p) + "ankle");
    const float heel = ankle.x() - static_cast<float>(A::heel_back * kReferenceHeight);
    const float ball = ankle.x() + static_cast<float>(A::ball_forward * kReferenceHeight);
    const float tip = heel + static_cast<float>(A::foot_length * kReferenceHeight);
    const float top = ankle.z() + 0.012f;
    b.box(std::string(p) + "ankle", Vector3f(heel, ankle.y() - w, 0), Vector3f(toes ? ball : tip - 0.02f, ankle.y() + w, top));
    if (toes)
      b.box(std::string(p) + "toe", Vector3f(ball, ankle.y() - w, 0),
            Vector3f(tip, ankle.y() + w, static_cast<float>(2 * A::toe_joint_height * kReferenceHeight)));
  }
}

Mesh low(const Skeleton& s) {
  MeshBuilder b(s);
  const auto H = [](double v) { return static_cast<float>(v * kReferenceHeight); };
  b.box("pelvis", Vector3f(-H(0.06), -H(0.09), H(0.49)), Vector3f(H(0.06), H(0.09), H(A::waist_height)));
  b.box("torso", Vector3f(-H(0.065), -H(0.10), H(A::waist_height)), Vector3f(H(0.065), H(0.10), H(A::shoulder_height)));
  b.box("head", Vector3f(-H(0.05), -H(0.045), H(A::shoulder_height)), Vector3f(H(0.06), H(0.045), H(1.0)));
  for (const char* p : {"l_", "r_"}) {
    const Vector3f sh = b.at(std::string(p) + "arm");
    const float r = H(0.026);
    b.box(std::string(p) + "arm", Vector3f(-r, sh.y() - r, H(A::wrist_height - A::hand_length)), Vector3f(r, sh.y() + r, sh.z()));
    for (const char* seg : {"hip", "knee"}) {
      const Vector3f a = b.at(std::string(p) + seg);
      const Vector3f z = b.at(std::string(p) + (seg == std::string("hip") ? "knee" : "ankle"));
      const float rr = H(seg == std::string("hip") ? 0.042 : 0.030);
      b.box(std::string(p) + seg, Vector3f(-rr, a.y() - rr, z.z()), Vector3f(rr, a.y() + rr, a.z()));
    }
  }
  feet(b, false);
  return b.done();
}

// Ellipsoid tessellation per part, (slices, stacks), for medium and high detail.
struct Detail {
  int body_slices, body_stacks, limb_slices, limb_stacks, head_slices, head_stacks;
};

void trunk_and_limbs(MeshBuilder& b, const Skeleton& s, const Detail& d) {
  const auto H = [](double v) { return static_cast<float>(v * kReferenceHeight); };
  b.ellipsoid("pelvis", MeshBuilder::h(0, 0, 0.49), MeshBuilder::h(0, 0, A::waist_height), H(0.062), H(0.092),
              d.body_slices, d.body_stacks);
  b.ellipsoid("head", MeshBuilder::h(0.008, 0, A::chin_height - 0.01), MeshBuilder::h(0.008, 0, 1.0), H(0.055),
              H(0.046), d.head_slices, d.head_stacks, 1.0f, 0.0f);
  for (const char* p : {"l_", "r_"}) {
    const std::string s_ = p;
    const Vector3f sh = b.at(s_ + "shoulder"), el = b.at(s_ + "elbow");
    const Vector3f wr = s.lod == Lod::High ? b.at(s_ + "wrist") : MeshBuilder::h(0, sh.y() / kReferenceHeight, A::wrist_height);
    const Vector3f hip = b.at(s_ + "hip"), knee = b.at(s_ + "knee"), ankle = b.at(s_ + "ankle");
    if (s.lod == Lod::High) {
      const Vector3f mid_up = b.at(s_ + "upperarm_twist"), mid_fo = b.at(s_ + "forearm_twist");
      b.ellipsoid(s_ + "shoulder", sh, mid_up, H(0.030), H(0.030), d.limb_slices, d.limb_stacks, 0.95f);
      b.ellipsoid(s_ + "upperarm_twist", mid_up, el, H(0.028), H(0.028), d.limb_slices, d.limb_stacks, 0.9f);
      b.ellipsoid(s_ + "elbow", el, mid_fo, H(0.025), H(0.025), d.limb_slices, d.limb_stacks, 0.9f);
      b.ellipsoid(s_ + "forearm_twist", mid_fo, wr, H(0.022), H(0.020), d.limb_slices, d.limb_stacks, 0.85f);
      b.ellipsoid(s_ + "clavicle", b.at(s_ + "clavicle"), sh, H(0.018), H(0.018), 6, 3);
    } else {
      b.ellipsoid(s_ + "shoulder", sh, el, H(0.030), H(0.030), d.limb_slices, d.limb_stacks, 0.85f);
      b.ellipsoid(s_ + "elbow", el, wr, H(0.025), H(0.024), d.limb_slices, d.limb_stacks, 0.8f);
      // The hand rides on the forearm at medium detail.
      const float side = sh.y() > 0 ? 1.0f : -1.0f;
      b.box(s_ + "elbow", Vector3f(-H(0.025), wr.y() - side * H(0.010) - H(0.008), H(A::wrist_height - A::hand_length)),
            Vector3f(H(0.025), wr.y() - side * H(0.010) + H(0.008), H(A::wrist_height)));
    }
    b.ellipsoid(s_ + "hip", hip, knee, H(0.052), H(0.050), d.body_slices, d.body_stacks, 0.7f, 0.02f);
    b.ellipsoid(s_ + "knee", knee, ankle, H(0.036), H(0.034), d.limb_slices, d.limb_stacks, 0.65f);
  }
  feet(b, true);
}

Mesh medium(const Skeleton& s) {
  MeshBuilder b(s);
  const auto H = [](double v) { return static_cast<float>(v * kReferenceHeight); };
  const Detail d{8, 3, 8, 3, 8, 4};
  trunk_and_limbs(b, s, d);
  b.ellipsoid("lumbar", MeshBuilder::h(0, 0, A::waist_height), MeshBuilder::h(0, 0, A::chest_height), H(0.058),
              H(0.085), d.body_slices, d.body_stacks);
  b.ellipsoid("thorax", MeshBuilder::h(0, 0, A::chest_height), MeshBuilder::h(0, 0, A::shoulder_height + 0.01),
              H(0.068), H(0.102), d.body_slices, d.body_stacks);
  b.ellipsoid("neck", MeshBuilder::h(0, 0, A::shoulder_height), MeshBuilder::h(0, 0, A::chin_height + 0.01), H(0.028),
              H(0.028), d.limb_slices, 2);
  return b.done();
}

Mesh high(const Skeleton& s) {
  MeshBuilder b(s);
  const auto H = [](double v) { return static_cast<float>(v * kReferenceHeight); };
  const Detail d{10, 5, 8, 4, 12, 7};
  trunk_and_limbs(b, s, d);
  // The trunk in one slice per spine joint, so it bends along the spine.
  for (int k = 1; k <= 7; ++k) {
    const std::string name = "spine_" + std::to_string(k);
    const Vector3f from = b.at(name);
    const Vector3f to = k < 7 ? b.at("spine_" + std::to_string(k + 1)) : b.at("neck_1");
    const float t = static_cast<float>(k - 1) / 6;
    b.ellipsoid(name, from, to, H(0.058 + 0.012 * t), H(0.085 + 0.018 * t), 10, 3, 1.0f, 0.02f);
  }
  for (int k = 1; k <= 3; ++k) {
    const std::string name = "neck_" + std::to_string(k);
    const Vector3f to = k < 3 ? b.at("neck_" + std::to_string(k + 1)) : b.at("head");
    b.ellipsoid(name, b.at(name), to, H(0.028), H(0.028), 8, 2, 1.0f, 0.008f);
  }
  b.ellipsoid("jaw", b.at("jaw") + MeshBuilder::h(0.01, 0, -0.012), b.at("jaw") + MeshBuilder::h(0.04, 0, -0.004),
              H(0.018), H(0.035), 8, 3);
  for (const char* eye : {"l_eye", "r_eye"})
    b.ellipsoid(eye, b.at(eye) + MeshBuilder::h(0.002, 0, 0), b.at(eye) + MeshBuilder::h(0.010, 0, 0), H(0.006),
                H(0.006), 6, 3, 1.0f, 0.0f);
  for (const char* p : {"l_", "r_"}) {
    const std::string s_ = p;
    const Vector3f wrist = b.at(s_ + "wrist");
    const float side = wrist.y() > 0 ? 1.0f : -1.0f;
    // The wrist, then the palm in four strips that arch with the metacarpal joints.
    b.ellipsoid(s_ + "wrist", wrist + MeshBuilder::h(0, 0, 0.006), wrist - MeshBuilder::h(0, 0, 0.008), H(0.020),
                H(0.012), 6, 3, 1.0f, 0.0f);
    for (const char* f : {"index", "middle", "ring", "pinky"}) {
      const Vector3f a = b.at(s_ + f + "_0"), m = b.at(s_ + f + "_1");
      b.box(s_ + f + "_0", Vector3f(a.x() - H(0.0045), a.y() - side * H(0.014), m.z()),
            Vector3f(a.x() + H(0.0045), a.y() - side * H(0.004), a.z() + H(0.010)));
      for (int k = 1; k <= 3; ++k) {
        const Vector3f from = b.at(s_ + f + "_" + std::to_string(k));
        const Vector3f to = k < 3 ? b.at(s_ + f + "_" + std::to_string(k + 1)) : from + (from - b.at(s_ + f + "_2")) * 0.9f;
        b.ellipsoid(s_ + f + "_" + std::to_string(k), from, to, H(0.0045), H(0.0045), 4, 3, 0.9f, 0.002f);
      }
    }
    for (int k = 1; k <= 3; ++k) {
      const std::string name = s_ + "thumb_" + std::to_string(k);
      const Vector3f from = b.at(name);
      const Vector3f to = k < 3 ? b.at(s_ + "thumb_" + std::to_string(k + 1)) : from + (from - b.at(s_ + "thumb_2")) * 0.8f;
      b.ellipsoid(name, from, to, H(0.0055), H(0.0055), 4, 3, 0.9f, 0.002f);
    }
  }
  return b.done();
}

}  // namespace

Mesh build_mesh(const Skeleton& s) {
  switch (s.lod) {
    case Lod::High: return high(s);
    case Lod::Medium: return medium(s);
    case Lod::Low: return low(s);
  }
  return {};
}

}  // namespace footfall::motion

#include "footfall/motion/skeleton.hpp"

#include <algorithm>
#include <stdexcept>

namespace footfall::motion {
namespace {

using A = Anthropometry;
constexpr double H = kReferenceHeight;

// Builds a skeleton from rest positions in the root frame (fractions of stature); offsets are the
// differences to the parent, since every rest rotation is the identity.
class Builder {
 public:
  explicit Builder(Lod lod) { s_.lod = lod; }

  int add(const std::string& name, const std::string& parent, double x, double y, double z) {
    const int p = parent.empty() ? -1 : s_.find(parent);
    if (!parent.empty() && p < 0) throw std::logic_error("skeleton: no parent " + parent);
    const Eigen::Vector3f at(static_cast<float>(x * H), static_cast<float>(y * H),
                             static_cast<float>(z * H));
    s_.joints.push_back({name, p, p < 0 ? at : Eigen::Vector3f(at - s_.rest[p])});
    s_.rest.push_back(at);
    return static_cast<int>(s_.joints.size()) - 1;
  }

  // The legs and feet, identical at every level.
  void legs(bool toes) {
    for (int side = 0; side < 2; ++side) {
      const std::string p = side == 0 ? "l_" : "r_";
      const double y = (side == 0 ? 1 : -1) * A::hip_half_spacing;
      LegJoints& leg = s_.legs[side];
      leg.hip = add(p + "hip", "pelvis", 0, y, A::hip_height);
      leg.knee = add(p + "knee", p + "hip", 0, y, A::knee_height);
      leg.ankle = add(p + "ankle", p + "knee", 0, y, A::ankle_height);
      if (toes) leg.toe = add(p + "toe", p + "ankle", A::ball_forward, y, A::toe_joint_height);
    }
  }

  Skeleton done(const std::vector<std::string>& counterpart_names, const Skeleton* high) {
    s_.thigh = static_cast<float>((A::hip_height - A::knee_height) * H);
    s_.shank = static_cast<float>((A::knee_height - A::ankle_height) * H);
    s_.counterpart.resize(s_.size());
    for (std::size_t j = 0; j < s_.size(); ++j) {
      if (!high) {
        s_.counterpart[j] = static_cast<int>(j);
        continue;
      }
      const std::string& name = counterpart_names.empty() ? s_.joints[j].name : counterpart_names[j];
      s_.counterpart[j] = high->find(name);
      if (s_.counterpart[j] < 0) throw std::logic_error("skeleton: no counterpart for " + name);
    }
    return std::move(s_);
  }

  Skeleton& s() { return s_; }

 private:
  Skeleton s_;
};

// Rest hand: hanging beside the thigh, palm facing the body, fingers pointing down and spread
// front to back (thumb in front).
void hand(Builder& b, const std::string& p, double y) {
  const double side = y > 0 ? 1 : -1;
  const double wrist = A::wrist_height;
  b.add(p + "thumb_1", p + "wrist", 0.010, y - side * 0.004, wrist - 0.007);
  b.add(p + "thumb_2", p + "thumb_1", 0.019, y - side * 0.008, wrist - 0.030);
  b.add(p + "thumb_3", p + "thumb_2", 0.025, y - side * 0.010, wrist - 0.046);
  struct Finger { const char* name; double x, length; };
  const Finger fingers[] = {{"index", 0.011, 0.92}, {"middle", 0.003, 1.0}, {"ring", -0.005, 0.95},
                            {"pinky", -0.012, 0.78}};
  for (const Finger& f : fingers) {
    const std::string n = p + f.name;
    const double mcp = wrist - 0.048 * (0.9 + 0.1 * f.length);
    b.add(n + "_0", p + "wrist", 0.5 * f.x, y, wrist - 0.012);
    b.add(n + "_1", n + "_0", f.x, y, mcp);
    b.add(n + "_2", n + "_1", f.x, y, mcp - 0.026 * f.length);
    b.add(n + "_3", n + "_2", f.x, y, mcp - 0.043 * f.length);
  }
}

Skeleton high() {
  Builder b(Lod::High);
  b.add("pelvis", "", 0, 0, A::hip_height);
  // Lumbar spine_1..3 spans waist to chest; thoracic spine_4..7 spans chest to shoulders.
  const double lumbar = (A::chest_height - A::waist_height) / 3;
  const double thoracic = (A::shoulder_height - A::chest_height) / 4;
  std::string parent = "pelvis";
  for (int k = 1; k <= 7; ++k) {
    const double z = k <= 3 ? A::waist_height + (k - 1) * lumbar : A::chest_height + (k - 4) * thoracic;
    const std::string name = "spine_" + std::to_string(k);
    b.add(name, parent, 0, 0, z);
    parent = name;
  }
  const double neck = (A::chin_height - A::shoulder_height) / 3;
  b.add("neck_1", "spine_7", 0, 0, A::shoulder_height);
  b.add("neck_2", "neck_1", 0, 0, A::shoulder_height + neck);
  b.add("neck_3", "neck_2", 0, 0, A::shoulder_height + 2 * neck);
  b.add("head", "neck_3", 0, 0, A::chin_height);
  b.add("jaw", "head", 0.012, 0, A::chin_height + 0.012);
  b.add("l_eye", "head", 0.040, 0.018, A::eye_height);
  b.add("r_eye", "head", 0.040, -0.018, A::eye_height);
  for (int side = 0; side < 2; ++side) {
    const std::string p = side == 0 ? "l_" : "r_";
    const double y = (side == 0 ? 1 : -1) * A::shoulder_half_spacing;
    const double s = side == 0 ? 1 : -1;
    b.add(p + "clavicle", "spine_7", 0.010, s * 0.015, A::shoulder_height - 0.012);
    b.add(p + "shoulder", p + "clavicle", 0, y, A::shoulder_height);
    b.add(p + "upperarm_twist", p + "shoulder", 0, y, 0.5 * (A::shoulder_height + A::elbow_height));
    b.add(p + "elbow", p + "upperarm_twist", 0, y, A::elbow_height);
    b.add(p + "forearm_twist", p + "elbow", 0, y, 0.5 * (A::elbow_height + A::wrist_height));
    b.add(p + "wrist", p + "forearm_twist", 0, y, A::wrist_height);
    hand(b, p, y);
  }
  b.legs(true);
  return b.done({}, nullptr);
}

Skeleton medium(const Skeleton& hi) {
  Builder b(Lod::Medium);
  b.add("pelvis", "", 0, 0, A::hip_height);
  b.add("lumbar", "pelvis", 0, 0, A::waist_height);
  b.add("thorax", "lumbar", 0, 0, A::chest_height);
  b.add("neck", "thorax", 0, 0, A::shoulder_height);
  b.add("head", "neck", 0, 0, A::chin_height);
  for (int side = 0; side < 2; ++side) {
    const std::string p = side == 0 ? "l_" : "r_";
    const double y = (side == 0 ? 1 : -1) * A::shoulder_half_spacing;
    b.add(p + "shoulder", "thorax", 0, y, A::shoulder_height);
    b.add(p + "elbow", p + "shoulder", 0, y, A::elbow_height);
  }
  b.legs(true);
  // Counterparts end the same partial trunk/neck rotation (see ChainShare).
  std::vector<std::string> names;
  for (const Joint& j : b.s().joints) names.push_back(j.name);
  std::replace(names.begin(), names.end(), std::string("lumbar"), std::string("spine_3"));
  std::replace(names.begin(), names.end(), std::string("thorax"), std::string("spine_7"));
  std::replace(names.begin(), names.end(), std::string("neck"), std::string("neck_3"));
  return b.done(names, &hi);
}

Skeleton low(const Skeleton& hi) {
  Builder b(Lod::Low);
  b.add("pelvis", "", 0, 0, A::hip_height);
  b.add("torso", "pelvis", 0, 0, A::waist_height);
  b.add("head", "torso", 0, 0, A::shoulder_height);
  b.add("l_arm", "torso", 0, A::shoulder_half_spacing, A::shoulder_height);
  b.add("r_arm", "torso", 0, -A::shoulder_half_spacing, A::shoulder_height);
  b.legs(false);
  std::vector<std::string> names;
  for (const Joint& j : b.s().joints) names.push_back(j.name);
  std::replace(names.begin(), names.end(), std::string("torso"), std::string("spine_7"));
  std::replace(names.begin(), names.end(), std::string("l_arm"), std::string("l_shoulder"));
  std::replace(names.begin(), names.end(), std::string("r_arm"), std::string("r_shoulder"));
  return b.done(names, &hi);
}

}  // namespace

const char* lod_name(Lod lod) {
  switch (lod) {
    case Lod::High: return "high";
    case Lod::Medium: return "medium";
    case Lod::Low: return "low";
  }
  return "?";
}

int Skeleton::find(std::string_view name) const {
  for (std::size_t j = 0; j < joints.size(); ++j)
    if (joints[j].name == name) return static_cast<int>(j);
  return -1;
}

Skeleton build_skeleton(Lod lod) {
  Skeleton hi = high();
  if (lod == Lod::High) return hi;
  return lod == Lod::Medium ? medium(hi) : low(hi);
}

FootPoints foot_points() {
  const float h = static_cast<float>(A::ankle_height * H), toe = static_cast<float>(A::toe_joint_height * H);
  return {Eigen::Vector3f(static_cast<float>(-A::heel_back * H), 0, -h),
          Eigen::Vector3f(static_cast<float>(A::ball_forward * H), 0, toe - h), 0, toe};
}

std::vector<ChainShare> trunk_chain(const Skeleton& s) {
  switch (s.lod) {
    case Lod::High: {
      std::vector<ChainShare> c;
      for (int k = 1; k <= 7; ++k)
        c.push_back({s.find("spine_" + std::to_string(k)), k <= 3 ? 1.0 / 6 : 1.0 / 8});
      return c;
    }
    case Lod::Medium: return {{s.find("lumbar"), 0.5}, {s.find("thorax"), 0.5}};
    case Lod::Low: return {{s.find("torso"), 1.0}};
  }
  return {};
}

std::vector<ChainShare> neck_chain(const Skeleton& s) {
  switch (s.lod) {
    case Lod::High:
      return {{s.find("neck_1"), 1.0 / 6}, {s.find("neck_2"), 1.0 / 6}, {s.find("neck_3"), 1.0 / 6},
              {s.find("head"), 0.5}};
    case Lod::Medium: return {{s.find("neck"), 0.5}, {s.find("head"), 0.5}};
    case Lod::Low: return {{s.find("head"), 1.0}};
  }
  return {};
}

}  // namespace footfall::motion

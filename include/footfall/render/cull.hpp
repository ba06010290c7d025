#pragma once
// CULL (DESIGN.md, "Stages and the frame"): from snapshot S(N) and the camera, the figures to draw
// at each level of detail, with everything DRAW needs packed for the GPU. No OpenSceneGraph types:
// the stage is a pure function of its inputs, parallel over agents, with output in agent order
// whatever the thread count.
//
// Per instance the texture buffer holds kHeaderTexels RGBA texels of appearance, then three texels
// per joint: the rows of the 3×4 matrix taking a rest-pose vertex (root frame, reference height) to
// the world (z up). A figure is drawn at the level its published pose was computed for; the level
// CULL chooses by distance reaches MOTION through Simulation::set_lod and is drawn from the next
// frame on (one frame of latency, as in the paper's CULL → MOTION loop).
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "footfall/agents/agents.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/render/appearance.hpp"

namespace footfall {
class Simulation;
}

namespace footfall::render {

// What CULL needs of the camera: the eye and the view-projection matrix (column vectors, OpenGL
// clip space: clip = view_projection · (x, y, z, 1)).
struct CameraView {
  Eigen::Vector3d eye = Eigen::Vector3d::Zero();
  Eigen::Matrix4d view_projection = Eigen::Matrix4d::Identity();
};

// Distances from the eye, metres: high detail nearer than `near`, medium to `far`, low beyond. A
// figure changes level only once past a threshold by the fraction `hysteresis`, so figures that
// walk along a threshold do not flicker between levels.
struct LodThresholds {
  double near = 15, far = 40;
  double hysteresis = 0.05;
};

struct CullSettings {
  LodThresholds lod;
  std::optional<motion::Lod> forced;  // every figure at this level (the viewer's LOD key)
  std::int64_t selected = -1;         // this agent's figure is drawn highlighted (-1: none)
};

inline constexpr int kHeaderTexels = 2;
// Metres beyond the view within which figures stay posed: CULL's choice reaches MOTION a frame or
// two late (four steps at viewer speed 4, at most 0.3 m a frame each), and a turning camera
// brings figures in from the side.
inline constexpr double kPoseMargin = 4.0;
inline constexpr int kTexelsPerJoint = 3;

// Texels per instance at a level of detail with `joints` joints.
constexpr std::size_t instance_texels(std::size_t joints) {
  return kHeaderTexels + kTexelsPerJoint * joints;
}

struct InstanceList {
  std::vector<std::uint32_t> agents;  // ascending
  std::vector<float> texels;          // 4 floats per texel, instance_texels(joints) per agent
  int selected = -1;                  // the instance of the selected agent, -1: not in this list
  std::size_t size() const { return agents.size(); }
};

// A vehicle (Snapshot::kind) in view: drawn as a box of its length × width and a fixed height
// (kVehicleHeight), oriented by its heading, whatever the level of detail.
struct VehicleInstance {
  std::uint32_t agent = 0;
  float x = 0, y = 0, heading = 0, length = 0, width = 0;
};
inline constexpr float kVehicleHeight = 1.2f;  // metres

struct InstanceLists {
  std::array<InstanceList, motion::kLodCount> lods;
  std::vector<VehicleInstance> vehicles;  // in agent order
  std::vector<motion::Lod> chosen;  // per agent slot: the level chosen by distance (or forced)
  // Per agent slot: 1 where the figure is in view or within kPoseMargin of it, so that MOTION
  // poses it from the next frame on (Posing::Wanted); 0 elsewhere, and for free slots and vehicles.
  std::vector<std::uint8_t> wanted;
  std::size_t visible() const { return lods[0].size() + lods[1].size() + lods[2].size(); }
};

// Level of detail for a figure at distance d whose pose is now at `current`.
motion::Lod choose_lod(double distance, motion::Lod current, const LodThresholds& t);

// Looks are indexed by agent slot (appearance.hpp). Vehicles get no figure, only a VehicleInstance
// when their box is in the view frustum. Free slots and figures outside the view frustum
// get no instance, nor do figures MOTION did not pose; every active agent gets a chosen level (by
// distance, visible or not, so a figure turning into view is already at its level).
void cull(const Snapshot& snapshot, const motion::MotionLibrary& library, const CameraView& camera,
          const CullSettings& settings, std::span<const Look> looks, InstanceLists& out);

// The one write of the renderer into the simulation: the chosen levels, posed from the next step,
// and which figures MOTION need pose at all (Simulation::want_figure, for Posing::Wanted).
void feed_back_lods(Simulation& sim, const InstanceLists& lists);

}  // namespace footfall::render

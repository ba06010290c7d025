#include "footfall/render/viewer.hpp"

#include <osg/GL>
#include <osg/LightModel>
#include <osg/Material>
#include <osgGA/FirstPersonManipulator>
#include <osgGA/KeySwitchMatrixManipulator>
#include <osgGA/OrbitManipulator>
#include <osgViewer/ViewerEventHandlers>
#include <tbb/task_arena.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "capture.hpp"
#include "display.hpp"
#include "footfall/core/worker.hpp"
#include "footfall/pipeline/simulation.hpp"
#include "footfall/render/appearance.hpp"
#include "footfall/render/figures.hpp"
#include "footfall/render/inspect.hpp"
#include "footfall/render/shaders.hpp"
#include "footfall/render/world_scene.hpp"
#include "hud.hpp"
#include "follow_camera.hpp"
#include "footfall/render/framing.hpp"
#include "footfall/render/markers.hpp"
#include "input.hpp"

namespace footfall::render {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

constexpr double kFovY = 40.0;                   // degrees
constexpr std::size_t kOverlayAgents = 400;      // nearest visible agents that get overlays
constexpr std::size_t kLabels = 32;              // and labels
constexpr double kFollowDistance = 14.0;         // metres from a newly followed agent
const osg::Vec4 kSky(0.62f, 0.74f, 0.88f, 1);
const osg::Vec3 kSun(0.45f, -0.35f, 0.82f);      // towards the sun, world

// The walkable area (and where the agents start) framed from the south-south-west.
CameraPose default_camera(const Simulation& sim, double aspect) {
  const Snapshot& s = sim.snapshot();
  std::vector<Vec2> starts;
  for (std::size_t a = 0; a < s.agents; ++a)
    if (s.active[a]) starts.push_back(s.location[a]);
  const Framing f = framing_camera(walkable_area(sim.world(), starts), aspect, kFovY);
  return {f.eye, f.look_at};
}

osg::Vec3d to_osg(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }

CameraView camera_view(const osg::Camera& camera) {
  const osg::Matrixd vp = camera.getViewMatrix() * camera.getProjectionMatrix();  // row vectors
  CameraView view;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) view.view_projection(r, c) = vp(c, r);
  const osg::Vec3d eye = camera.getInverseViewMatrix().getTrans();
  view.eye = {eye.x(), eye.y(), eye.z()};
  return view;
}

Ray pick_ray(const CameraView& view, const osg::Vec2& ndc) {
  const Eigen::Matrix4d inv = view.view_projection.inverse();
  const auto unproject = [&](double z) {
    const Eigen::Vector4d p = inv * Eigen::Vector4d(ndc.x(), ndc.y(), z, 1);
    return Eigen::Vector3d(p.head<3>() / p.w());
  };
  const Eigen::Vector3d a = unproject(-1), b = unproject(1);
  return {a, (b - a).normalized()};
}

// Where figures can be: the world and a margin (entries lie on its edges).
osg::BoundingBox walkable_bounds(const World& w) {
  const Aabb b = w.bounds();
  return {float(b.lo.x() - 20), float(b.lo.y() - 20), -1.0f, float(b.hi.x() + 20), float(b.hi.y() + 20), 4.0f};
}

// Steps per frame in a window: real time times the speed, at most `most` steps a frame (a slow
// frame slows the simulation down rather than making it jump).
class Pacing {
 public:
  Pacing(double dt, int most) : dt_(dt), most_(most) {}
  int steps(double wall_seconds, double speed) {
    budget_ = std::min(budget_ + wall_seconds * speed, most_ * dt_);
    const int n = static_cast<int>(budget_ / dt_);
    budget_ -= n * dt_;
    return n;
  }

 private:
  double dt_;
  int most_;
  double budget_ = 0;
};

// Frames and simulated frames per second over the last second or so.
class Rates {
 public:
  void add(Clock::time_point t, std::uint64_t sim_frame) {
    if (frames_ == 0) start_ = t, start_sim_ = sim_frame;
    ++frames_;
    const double s = std::chrono::duration<double>(t - start_).count();
    if (s >= 1.0) {
      fps_ = (frames_ - 1) / s;
      sim_fps_ = static_cast<double>(sim_frame - start_sim_) / s;
      frames_ = 0;
    }
  }
  double fps() const { return fps_; }
  double sim_fps() const { return sim_fps_; }
  // Before a whole second has passed: the rates so far.
  void estimate(Clock::time_point t, std::uint64_t sim_frame) {
    const double s = std::chrono::duration<double>(t - start_).count();
    if (fps_ == 0 && frames_ > 1 && s >= 0.25) fps_ = (frames_ - 1) / s, sim_fps_ = (sim_frame - start_sim_) / s;
  }

 private:
  Clock::time_point start_;
  std::uint64_t start_sim_ = 0;
  int frames_ = 0;
  double fps_ = 0, sim_fps_ = 0;
};

// What the HUD shows of the simulation, read while no step runs.
struct SimStatus {
  std::uint64_t frame = 0;
  double time = 0, dt = 0;
  std::size_t active = 0;
  StageTimes ms;

  explicit SimStatus(const Simulation& sim)
      : frame(sim.frame()), time(sim.time()), dt(sim.config().dt), active(sim.active_count()),
        ms(sim.last_frame().ms) {}
};

std::string status_text(const SimStatus& sim, const Controls& c, const Rates& rates, const FrameRecord& last,
                        const char* camera) {
  char buf[1024];
  std::string overlays;
  if (c.overlays.fans) overlays += " fans";
  if (c.overlays.sectors) overlays += " sectors";
  if (c.overlays.paths) overlays += " paths";
  if (c.overlays.labels) overlays += " labels";
  const std::uint32_t drawn = last.figures[0] + last.figures[1] + last.figures[2] + last.vehicles;
  std::snprintf(buf, sizeof buf,
                "frame %llu   t %.1f s%s\n"
                "%.1f fps   sim %.1f Hz (%.2fx real time, speed %gx)   agents %zu\n"
                "ms  sense %.2f  control %.2f  motion %.2f  cull %.2f  draw %.1f  wait %.2f\n"
                "figures  high %u  medium %u  low %u  vehicles %u  culled %zu   LOD %s   draw calls %u\n"
                "camera %s   overlays%s   h: help",
                static_cast<unsigned long long>(sim.frame), sim.time, c.paused ? "   PAUSED" : "",
                rates.fps(), rates.sim_fps(), rates.sim_fps() * sim.dt, c.speed, sim.active,
                sim.ms.sense_ms, sim.ms.control_ms, sim.ms.motion_ms, last.cull_ms, last.draw_ms, last.wait_ms,
                last.figures[0], last.figures[1], last.figures[2], last.vehicles,
                sim.active > drawn ? sim.active - drawn : 0,
                c.forced ? motion::lod_name(*c.forced) : "by distance", last.draw_calls, camera,
                overlays.empty() ? " none" : overlays.c_str());
  return buf;
}

std::string record_path(const std::string& dir, std::uint64_t frame) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%06llu.png", static_cast<unsigned long long>(frame));
  return (std::filesystem::path(dir) / name).string();
}

// Everything DRAW draws, and its refresh from the simulation between frames.
class Scene {
 public:
  Scene(const Simulation& sim, const ViewerOptions& o, osg::ref_ptr<osg::Program> figure_program)
      : root_(new osg::Group), world_(sim.world()), wardrobe_(o.clothing), font_(hud_font()), hud_(font_),
        overlays_(font_) {
    figures_ = std::make_unique<Figures>(*sim.motion(), figure_program, walkable_bounds(sim.world()));
    root_->addChild(world_.node());
    root_->addChild(figures_->node());
    root_->addChild(vehicles_.node());
    root_->addChild(overlays_.node());
    root_->addChild(hud_.camera());
    // Vertex colours drive the fixed-function materials of the static scene.
    osg::ref_ptr<osg::Material> material = new osg::Material;
    material->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
    root_->getOrCreateStateSet()->setAttributeAndModes(material);
    osg::ref_ptr<osg::LightModel> sky = new osg::LightModel;
    sky->setAmbientIntensity({0.28f, 0.30f, 0.34f, 1});
    root_->getOrCreateStateSet()->setAttributeAndModes(sky);
  }

  osg::Group* root() { return root_.get(); }
  Hud& hud() { return hud_; }
  osg::Node* buildings() { return world_.buildings(); }
  OverlayLayer& overlay_layer() { return overlays_; }
  Wardrobe& wardrobe() { return wardrobe_; }

  // What DRAW shows of the simulation's live state (signals, overlays, the inspector) and the looks
  // CULL reads, copied while no step runs: they are not part of the published snapshot. Overlays go
  // to the agents drawn last frame, nearest first.
  void refresh_live(const Simulation& sim, const Controls& c, const CameraView& view, std::int64_t selected,
                    const MeasurementSpec& measurement) {
    wardrobe_.update(sim);
    world_.update_signals(sim.signals(), sim.time());
    std::vector<std::uint32_t> shown;
    if (c.overlays.any()) {
      near_.clear();
      const Snapshot& s = sim.snapshot();
      for (const InstanceList& l : drawn_.lods)
        for (const std::uint32_t a : l.agents)
          if (a < s.size() && s.active[a])
            near_.push_back({(Eigen::Vector3d(s.location[a].x(), s.location[a].y(), 1) - view.eye).norm(), a});
      const std::size_t n = std::min(near_.size(), kOverlayAgents);
      std::partial_sort(near_.begin(), near_.begin() + static_cast<std::ptrdiff_t>(n), near_.end());
      for (std::size_t k = 0; k < n; ++k) shown.push_back(near_[k].second);
    }
    if (selected >= 0 && std::find(shown.begin(), shown.end(), selected) == shown.end())
      shown.push_back(static_cast<std::uint32_t>(selected));
    build_overlays(sim, shown, c.overlays, kLabels, selected, geometry_);
    if (c.markers) build_markers(sim, measurement, geometry_);
    overlays_.update(geometry_);
    hud_.set_inspector(selected >= 0 ? join(inspect_agent(sim, static_cast<std::uint32_t>(selected)))
                                     : std::string("click an agent to inspect it"));
    hud_.set_help(help_text(), c.help);
    hud_.set_visible(c.hud);
  }

  // CULL's instance lists into the figures' texture buffers.
  void upload(const InstanceLists& lists, const Controls& c) {
    figures_->update(lists);
    figures_->set_visible(c.figures);
    vehicles_.update(lists.vehicles);
    vehicles_.set_visible(c.figures);
    for (std::size_t l = 0; l < lists.lods.size(); ++l) drawn_.lods[l].agents = lists.lods[l].agents;
  }

 private:
  static std::string join(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines) s += (s.empty() ? "" : "\n") + l;
    return s;
  }

  osg::ref_ptr<osg::Group> root_;
  WorldScene world_;
  Wardrobe wardrobe_;
  osg::ref_ptr<osgText::Font> font_;
  Hud hud_;
  OverlayLayer overlays_;
  std::unique_ptr<Figures> figures_;
  VehicleBodies vehicles_;
  std::vector<std::pair<double, std::uint32_t>> near_;
  OverlayGeometry geometry_;
  InstanceLists drawn_;  // agents only: who was drawn last frame
};

std::string gl_renderer() {
  const auto* s = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return s ? s : "";
}

}  // namespace

RenderReport run_viewer(Simulation& sim, const ViewerOptions& o, const StepHook& after_step) {
  if (!sim.motion()) throw RenderError("the viewer needs the motion library (figures)");
  if (o.width < 16 || o.height < 16 || o.width > 16384 || o.height > 16384)
    throw RenderError("the image size must be between 16x16 and 16384x16384");
  // Outputs and shaders first: fail before opening any display.
  if (!o.screenshot.empty()) check_writable(o.screenshot);
  if (!o.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.record_dir, ec);
    if (ec) throw RenderError("cannot create " + o.record_dir + ": " + ec.message());
    check_writable(record_path(o.record_dir, 0));
  }
  osg::ref_ptr<osg::Program> figure_program = load_program(find_shader_dir(o.shader_dir), "figure");

  // Declared in this order so that the viewer (and its GL objects) goes before the display.
  std::unique_ptr<Display> display;
  osg::ref_ptr<osgViewer::Viewer> viewer = new osgViewer::Viewer;
  viewer->setUseConfigureAffinity(false);  // or osgViewer pins the process to one core, and TBB with it
  viewer->setThreadingModel(osgViewer::Viewer::SingleThreaded);
  viewer->setKeyEventSetsDone(osgGA::GUIEventAdapter::KEY_Escape);
  display = std::make_unique<Display>(*viewer, o);

  osg::Camera* camera = viewer->getCamera();
  camera->setClearColor(kSky);
  camera->setProjectionMatrixAsPerspective(kFovY, double(o.width) / o.height, 0.3, 3000.0);
  camera->setComputeNearFarMode(osg::CullSettings::COMPUTE_NEAR_FAR_USING_BOUNDING_VOLUMES);
  viewer->setLightingMode(osg::View::SKY_LIGHT);
  osg::Vec3 sun = kSun;
  sun.normalize();
  viewer->getLight()->setPosition({sun, 0});
  viewer->getLight()->setAmbient({0.12f, 0.12f, 0.13f, 1});
  viewer->getLight()->setDiffuse({0.78f, 0.76f, 0.70f, 1});
  osg::ref_ptr<FrameCapture> capture = new FrameCapture;
  camera->setFinalDrawCallback(capture);

  Scene scene(sim, o, figure_program);
  viewer->setSceneData(scene.root());

  // Cameras: orbit, fly, follow the selected agent.
  const double aspect = double(o.width) / o.height;
  const CameraPose start = o.camera ? *o.camera : default_camera(sim, aspect);
  std::vector<Vec2> starts;
  for (std::size_t a = 0; a < sim.snapshot().agents; ++a)
    if (sim.snapshot().active[a]) starts.push_back(sim.snapshot().location[a]);
  const Aabb area = walkable_area(sim.world(), starts);
  osg::ref_ptr<osgGA::OrbitManipulator> orbit = new osgGA::OrbitManipulator;
  osg::ref_ptr<FollowCamera> follow = new FollowCamera(scene.buildings());
  osg::ref_ptr<osgGA::FirstPersonManipulator> fly = new osgGA::FirstPersonManipulator;
  osg::ref_ptr<osgGA::KeySwitchMatrixManipulator> cameras = new osgGA::KeySwitchMatrixManipulator;
  fly->setAllowThrow(false);
  cameras->addMatrixManipulator('1', "orbit", orbit.get());
  cameras->addMatrixManipulator('2', "fly", fly.get());
  cameras->addMatrixManipulator('3', "follow", follow.get());
  cameras->setAutoComputeHomePosition(false);  // to every camera
  cameras->setHomePosition(to_osg(start.eye), to_osg(start.look_at), {0, 0, 1});
  for (osgGA::StandardManipulator* m : {static_cast<osgGA::StandardManipulator*>(orbit.get()),
                                        static_cast<osgGA::StandardManipulator*>(fly.get()),
                                        static_cast<osgGA::StandardManipulator*>(follow.get())})
    m->setVerticalAxisFixed(true);
  // A map: straight down, north up, the walkable area filling the image. Set again after
  // osgViewer's update traversal, which hands the camera the manipulator's view.
  const auto top_down = [&area](osg::Camera& c) {
    const TopDown td = top_down_view(area, double(c.getViewport()->width()) / c.getViewport()->height());
    c.setComputeNearFarMode(osg::CullSettings::DO_NOT_COMPUTE_NEAR_FAR);
    c.setProjectionMatrixAsOrtho(-td.half.x(), td.half.x(), -td.half.y(), td.half.y(), 1.0, td.height + 50);
    c.setViewMatrixAsLookAt({td.centre.x(), td.centre.y(), td.height}, {td.centre.x(), td.centre.y(), 0}, {0, 1, 0});
  };
  Controls controls;
  const auto camera_name = [&] {
    if (controls.top_down) return "top-down";
    const osgGA::CameraManipulator* m = cameras->getCurrentMatrixManipulator();
    return m == fly.get() ? "fly" : m == follow.get() ? "follow" : "orbit";
  };
  viewer->setCameraManipulator(cameras.get());
  if (o.follow) cameras->selectMatrixManipulator(2);

  controls.forced = o.forced_lod;
  controls.top_down = o.top_down;
  controls.markers = o.markers;
  controls.overlays = o.overlays;
  controls.figures = o.figures;
  controls.hud = o.hud;
  controls.speed = o.speed;
  viewer->addEventHandler(new InputHandler(controls, cameras.get(), fly.get()));
  osg::ref_ptr<osgViewer::StatsHandler> stats = new osgViewer::StatsHandler;
  viewer->addEventHandler(stats);

  viewer->realize();
  if (!viewer->isRealized()) throw RenderError("the viewer could not be realized (" + display->backend() + ")");
  osg::GraphicsContext* gc = camera->getGraphicsContext();
  display->make_current();
  gc->makeCurrent();
  RenderReport report;
  report.backend = display->backend();
  report.renderer = gl_renderer();
  // A shader that does not compile stops start-up here, before the first frame.
  check_programs({figure_program}, *gc->getState());

  if (!o.quiet)
    std::fprintf(stderr, "footfall: rendering %dx%d (%s, %s)\n", o.width, o.height, report.backend.c_str(),
                 report.renderer.c_str());

  std::int64_t selected = o.selected, followed = -1;
  const bool windowed = !o.offscreen;
  const long last = o.frames ? *o.frames : -1;
  // Steps run beside DRAW while CULL reads S(N), which the ring keeps for snapshots − 1 more steps.
  const int max_steps = std::max(1, std::min(4, sim.config().snapshots - 1));
  const motion::MotionLibrary& library = *sim.motion();
  Worker sim_task, writer;  // a thread each; TSan sees their hand-overs (core/worker.hpp)
  InstanceLists lists;
  Pacing pacing(sim.config().dt, max_steps);
  Rates rates;
  FrameRecord previous;
  std::uint64_t snapshot_index = 0;
  Clock::time_point frame_start = Clock::now();
  while (!viewer->done() && !(o.stop && o.stop())) {
    const Clock::time_point now = Clock::now();
    const double wall = std::chrono::duration<double>(now - frame_start).count();
    frame_start = now;
    const std::uint64_t drawn = sim.frame();
    if (o.only_last && last >= 0 && static_cast<long>(drawn) < last) {
      // Only the last frame is drawn: step on; CULL the one before it for its levels of detail.
      if (static_cast<long>(drawn) + 1 == last) {
        viewer->advance();
        viewer->eventTraversal();
        if (selected >= 0 && cameras->getCurrentMatrixManipulator() == follow.get() &&
            static_cast<std::size_t>(selected) < sim.snapshot().size()) {
          const Vec2& p = sim.snapshot().location[static_cast<std::size_t>(selected)];
          follow->setCenter({p.x(), p.y(), 1.2});
          follow->setDistance(std::min(follow->getDistance(), kFollowDistance));
        }
        cameras->updateCamera(*camera);
        cull(sim.snapshot(), library, camera_view(*camera), {o.lod, controls.forced, selected}, {}, lists);
        feed_back_lods(sim, lists);
        // The HUD's figure counts are the previous frame's: this one's, not none.
        for (int l = 0; l < motion::kLodCount; ++l)
          previous.figures[l] = static_cast<std::uint32_t>(lists.lods[l].size());
        previous.vehicles = static_cast<std::uint32_t>(lists.vehicles.size());
      }
      sim.step();
      if (after_step) after_step(sim);
      continue;
    }
    FrameRecord record;
    record.sim_frame = drawn;

    // 1. No step runs: input, picking, and everything DRAW needs of the live simulation state.
    viewer->advance();
    viewer->eventTraversal();  // keys, clicks, camera manipulators
    const Snapshot& shown = sim.snapshot();  // S(N), immutable from here on
    if (controls.click) {
      // Through the camera of the image clicked on.
      selected = pick_agent(shown, pick_ray(camera_view(*camera), *controls.click));
      controls.click.reset();
    }
    const bool following = selected >= 0 && cameras->getCurrentMatrixManipulator() == follow.get() &&
                           static_cast<std::size_t>(selected) < shown.size();
    if (following) {
      const Vec2& p = shown.location[static_cast<std::size_t>(selected)];
      follow->setCenter({p.x(), p.y(), 1.2});
      // Close in on a newly followed agent; the mouse zooms from there.
      if (followed != selected) follow->setDistance(std::min(follow->getDistance(), kFollowDistance));
    }
    followed = following ? selected : -1;
    if (cameras->getCurrentMatrixManipulator() == fly.get()) {  // the fly camera stays above the ground
      osg::Vec3d eye;
      osg::Quat rotation;
      fly->getTransformation(eye, rotation);
      if (eye.z() < kFlyLowest) fly->setTransformation({eye.x(), eye.y(), kFlyLowest}, rotation);
    }
    cameras->updateCamera(*camera);  // this frame's view, for CULL as for DRAW
    if (controls.top_down) {
      top_down(*camera);
    } else if (camera->getComputeNearFarMode() == osg::CullSettings::DO_NOT_COMPUTE_NEAR_FAR) {
      camera->setComputeNearFarMode(osg::CullSettings::COMPUTE_NEAR_FAR_USING_BOUNDING_VOLUMES);
      camera->setProjectionMatrixAsPerspective(kFovY, double(camera->getViewport()->width()) / camera->getViewport()->height(),
                                               0.3, 3000.0);
    }
    const CameraView view = camera_view(*camera);
    scene.refresh_live(sim, controls, view, selected, o.measurement);
    const SimStatus status(sim);

    // 2. SIM(N+1 …) on the simulation thread, from here until after DRAW(N).
    int steps = 1;
    if (windowed) steps = controls.paused ? std::exchange(controls.single_steps, 0) : pacing.steps(wall, controls.speed);
    steps = std::min(steps, max_steps);
    if (last >= 0) steps = static_cast<int>(std::min<long>(steps, last - static_cast<long>(drawn)));
    if (steps > 0)
      sim_task.run([&sim, steps, &after_step] {
        for (int k = 0; k < steps; ++k) {
          sim.step();
          if (after_step) after_step(sim);
        }
      });

    // 3. CULL(N) from the snapshot alone. Isolated, so that this thread never picks up the step.
    Clock::time_point t = Clock::now();
    tbb::this_task_arena::isolate([&] {
      cull(shown, library, view, {o.lod, controls.forced, selected}, scene.wardrobe().looks(), lists);
    });
    record.cull_ms = ms_since(t);
    for (int l = 0; l < motion::kLodCount; ++l) record.figures[l] = static_cast<std::uint32_t>(lists.lods[l].size());
    record.vehicles = static_cast<std::uint32_t>(lists.vehicles.size());

    // 4. DRAW(N) on this thread.
    scene.upload(lists, controls);
    scene.hud().set_status(status_text(status, controls, rates, previous, camera_name()));
    scene.hud().resize(camera->getViewport()->width(), camera->getViewport()->height());
    viewer->updateTraversal();
    if (controls.top_down) top_down(*camera);
    const bool final_frame = last >= 0 && static_cast<long>(drawn) >= last;
    const bool grab = !o.record_dir.empty() || controls.capture ||
                      (final_frame && (!o.screenshot.empty() || o.last_image));
    if (grab) capture->request();
    camera->getStats()->collectStats("scene", true);
    t = Clock::now();
    viewer->renderingTraversals();
    record.draw_ms = ms_since(t);
    double drawables = 0;
    if (camera->getStats()->getAttribute(viewer->getFrameStamp()->getFrameNumber(), "Visible number of drawables",
                                         drawables))
      record.draw_calls = static_cast<std::uint32_t>(drawables);

    // 5. Join the step; the levels CULL chose reach MOTION from the next step on.
    t = Clock::now();
    sim_task.wait();
    record.wait_ms = ms_since(t);
    feed_back_lods(sim, lists);

    if (osg::ref_ptr<osg::Image> image = grab ? capture->take() : nullptr) {
      if (final_frame && o.last_image) o.last_image(image->s(), image->t(), image->data());
      writer.wait();  // one image in flight at a time
      std::vector<std::string> paths;
      if (!o.record_dir.empty()) paths.push_back(record_path(o.record_dir, drawn));
      if (final_frame && !o.screenshot.empty()) paths.push_back(o.screenshot);
      if (controls.capture) {
        char name[48];
        std::snprintf(name, sizeof name, "footfall_%04llu.png", static_cast<unsigned long long>(snapshot_index++));
        paths.push_back(name);
        controls.capture = false;
      }
      writer.run([image, paths] {
        for (const std::string& p : paths) write_png(*image, p);
      });
    }
    record.frame_ms = ms_since(now);
    rates.add(Clock::now(), sim.frame());
    rates.estimate(Clock::now(), sim.frame());
    report.frames.push_back(record);
    previous = record;
    if (final_frame) break;
  }
  writer.wait();
  return report;
}

}  // namespace footfall::render

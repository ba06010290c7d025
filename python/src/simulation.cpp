// footfall._core.Simulation: one running scenario. Per-agent arrays are NumPy views of the frame
// just published (no copy), read-only and valid until the next step; the views keep the simulation
// alive. Stepping releases the GIL, so other Python threads (a Dask worker's) run meanwhile.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <span>

#include "bindings.hpp"
#include "footfall/api/simulator.hpp"
#include "footfall/api/trajectory_store.hpp"
#ifdef FOOTFALL_PYTHON_RENDER
#include "footfall/api/render.hpp"
#endif

namespace py = pybind11;

namespace footfall::python {

namespace {

struct Simulation {
  api::Simulator sim;
  std::vector<py::function> callbacks;  // called with the simulation after every frame

  void step(long frames) {
    for (long k = 0; k < frames; ++k) {
      {
        py::gil_scoped_release released;
        sim.step();
      }
      for (const py::function& f : callbacks) f();
    }
  }
};

api::Options options(std::optional<std::uint64_t> seed, std::optional<std::uint32_t> population,
                     const std::string& motion_dir, std::pair<int, int> city = {0, 0},
                     std::vector<std::string> variants = {}) {
  api::Options o;
  o.variants = std::move(variants);
  o.seed = seed;
  o.population = population;
  o.city_nx = city.first, o.city_ny = city.second;
  o.motion_dir = motion_dir;
  return o;
}

// A read-only view of `data` shaped `shape`, owned by `owner` (the Python Simulation).
template <class T>
py::array view(std::span<const T> data, std::vector<py::ssize_t> shape, py::handle owner) {
  py::array a(py::dtype::of<T>(), std::move(shape), {}, data.data(), owner);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

py::dict summary_dict(const api::Summary& s) {
  py::dict d;
  d["agents"] = s.agents, d["agent_slots"] = s.agent_slots, d["frames"] = s.frames;
  d["sim_seconds"] = s.sim_seconds, d["arrived"] = s.arrived, d["collisions"] = s.collisions;
  d["stuck"] = s.stuck, d["jaywalk_events"] = s.jaywalk_events, d["red_crossings"] = s.red_crossings;
  d["crossings"] = s.crossings, d["spawned"] = s.spawned, d["pedestrians"] = s.pedestrians;
  d["trips"] = s.trips, d["decisions"] = s.decisions, d["walk_evaluations"] = s.walk_evaluations;
  d["blocked_decisions"] = s.blocked_decisions, d["longest_trip_s"] = s.longest_trip_s;
  d["foot_slip_mm_max"] = s.foot_slip_mm_max, d["trip_s"] = s.trip_s;
  d["trajectory_hash"] = s.trajectory_hash;
  py::list incidents;
  for (const api::Incident& i : s.incidents) {
    py::dict e;
    e["kind"] = i.kind, e["time_s"] = i.time_s, e["agent"] = i.agent, e["at"] = py::make_tuple(i.x, i.y);
    if (!i.with.empty()) e["with"] = i.with;
    incidents.append(e);
  }
  d["incidents"] = incidents;
  return d;
}

}  // namespace

void bind_simulation(py::module_& m) {
  py::class_<Simulation>(m, "Simulation", "One running scenario (footfall.load, footfall.from_dict).")
      .def_static(
          "load",
          [](const std::string& path, std::optional<std::uint64_t> seed, std::optional<std::uint32_t> population,
             const std::string& motion_dir, std::pair<int, int> city, std::vector<std::string> variants) {
            return Simulation{
                api::Simulator::load(path, options(seed, population, motion_dir, city, std::move(variants))), {}};
          },
          py::arg("path"), py::kw_only(), py::arg("seed") = py::none(), py::arg("population") = py::none(),
          py::arg("motion_dir") = "", py::arg("city") = std::pair<int, int>{0, 0},
          py::arg("variants") = std::vector<std::string>{})
      .def_static(
          "parse",
          [](const std::string& text, const std::string& name, std::optional<std::uint64_t> seed,
             std::optional<std::uint32_t> population, const std::string& motion_dir) {
            return Simulation{api::Simulator::parse(text, name, options(seed, population, motion_dir)), {}};
          },
          py::arg("text"), py::arg("name") = "<string>", py::kw_only(), py::arg("seed") = py::none(),
          py::arg("population") = py::none(), py::arg("motion_dir") = "")
      .def("step", &Simulation::step, py::arg("frames") = 1, "Simulate that many frames, calling the callbacks after each.")
      .def("add_callback", [](Simulation& s, py::function f) { s.callbacks.push_back(std::move(f)); },
           "Call f() after every frame.")
      .def("remove_callback",
           [](Simulation& s, const py::function& f) {
             std::erase_if(s.callbacks, [&](const py::function& g) { return g.equal(f); });  // bound methods: equal, not identical
           })
      .def_property_readonly("frame", [](const Simulation& s) { return s.sim.frame(); })
      .def_property_readonly("time", [](const Simulation& s) { return s.sim.time(); })
      .def_property_readonly("dt", [](const Simulation& s) { return s.sim.dt(); })
      .def_property_readonly("seed", [](const Simulation& s) { return s.sim.seed(); })
      .def_property_readonly("scenario_frames", [](const Simulation& s) { return s.sim.scenario_frames(); })
      .def_property_readonly("scenario_name", [](const Simulation& s) { return s.sim.scenario_name(); })
      .def_property_readonly("slots", [](const Simulation& s) { return s.sim.slots(); })
      .def_property_readonly("ids", [](py::object self) {
        const auto& s = self.cast<const Simulation&>();
        return view(s.sim.ids(), {static_cast<py::ssize_t>(s.sim.slots())}, self);
      })
      .def_property_readonly("positions", [](py::object self) {
        const auto& s = self.cast<const Simulation&>();
        return view(s.sim.positions(), {static_cast<py::ssize_t>(s.sim.slots()), 2}, self);
      })
      .def_property_readonly("headings", [](py::object self) {
        const auto& s = self.cast<const Simulation&>();
        return view(s.sim.headings(), {static_cast<py::ssize_t>(s.sim.slots())}, self);
      })
      .def_property_readonly("active", [](py::object self) {
        const auto& s = self.cast<const Simulation&>();
        return view(s.sim.active(), {static_cast<py::ssize_t>(s.sim.slots())}, self).attr("view")("bool");
      })
      .def_property_readonly("states", [](const Simulation& s) {
        const std::vector<api::State> v = s.sim.states();
        py::array_t<std::uint8_t> a(static_cast<py::ssize_t>(v.size()));
        std::copy(v.begin(), v.end(), reinterpret_cast<api::State*>(a.mutable_data()));
        return a;
      })
      .def_property_readonly("footsteps", [](const Simulation& s) {
        const std::vector<double> v = s.sim.footsteps();
        py::array_t<double> a({static_cast<py::ssize_t>(v.size() / 2), py::ssize_t{2}});
        std::copy(v.begin(), v.end(), a.mutable_data());
        return a;
      })
      .def("name", [](const Simulation& s, std::uint64_t id) { return s.sim.name(id); }, py::arg("id"))
      .def("behavior", [](const Simulation& s, std::size_t slot) { return s.sim.behavior(slot); }, py::arg("slot"))
      .def("signals",
           [](const Simulation& s) {
             py::dict d;
             for (const api::Signal& g : s.sim.signals()) d[py::str(g.name)] = py::make_tuple(g.lamp, g.head);
             return d;
           },
           "{signal: (lamp, pedestrian head)}, e.g. {'ns': ('GREEN', 'WALK')}")
      .def("param", [](const Simulation& s, const std::string& name) { return s.sim.param(name); }, py::arg("name"))
      .def("set_param", [](Simulation& s, const std::string& name, double v) { s.sim.set_param(name, v); },
           py::arg("name"), py::arg("value"))
      .def("param_names", [](const Simulation& s, const std::string& agent) { return s.sim.param_names(agent); },
           py::arg("agent"))
      .def_property_readonly("agent_names", [](const Simulation& s) { return s.sim.agent_names(); })
      .def_property_readonly("trajectory_hash", [](const Simulation& s) { return s.sim.summary().trajectory_hash; })
      .def("summary", [](const Simulation& s) { return summary_dict(s.sim.summary()); })
#ifdef FOOTFALL_PYTHON_RENDER
      .def(
          "render",
          [](Simulation& s, int width, int height, bool top_down, bool hud) {
            api::RenderOptions o;
            o.width = width, o.height = height, o.top_down = top_down, o.hud = hud;
            api::Image image;
            {
              py::gil_scoped_release released;
              image = api::render(s.sim, o);
            }
            py::array_t<std::uint8_t> a({image.height, image.width, 3});
            std::copy(image.rgb.begin(), image.rgb.end(), a.mutable_data());
            return a;
          },
          py::arg("width") = 640, py::arg("height") = 360, py::kw_only(), py::arg("top_down") = false,
          py::arg("hud") = false,
          "The frame just published drawn offscreen: (height, width, 3) uint8 RGB. Needs figures=True.")
#endif
      ;

  // The store writes a frame when told (Python's footfall.record_store registers it as a callback):
  // a C++ object the simulation knows nothing of, like any other output.
  py::class_<api::TrajectoryStore>(m, "TrajectoryStore", "The SQLite trajectory store of a run (docs/outputs.md).")
      .def(py::init([](const Simulation& s, const std::string& path) {
             return std::make_unique<api::TrajectoryStore>(s.sim, path);
           }),
           py::arg("sim"), py::arg("path"), py::keep_alive<1, 2>())
      .def("frame", &api::TrajectoryStore::frame, "Write the frame just published.")
      .def("finish", &api::TrajectoryStore::finish, "Complete the file (hash, trips, index).")
      .def_property_readonly("path", &api::TrajectoryStore::path);

  m.attr("STATE_NAMES") = py::make_tuple(api::state_name(api::State::Stand), api::state_name(api::State::Walk),
                                         api::state_name(api::State::Close), api::state_name(api::State::Arrived),
                                         api::state_name(api::State::Vehicle), api::state_name(api::State::Placed));  // indexed by code
}

}  // namespace footfall::python

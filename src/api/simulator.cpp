#include "footfall/api/simulator.hpp"

#include <algorithm>

#include "simulator_impl.hpp"

#include <cmath>
#include <cstdio>

#include "footfall/motion/library.hpp"
#include "footfall/motion/motion_file.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::api {

static_assert(sizeof(Vec2) == 2 * sizeof(double), "positions() views Vec2s as (x, y) pairs");

namespace {

ScenarioOverrides overrides_of(const Options& o) {
  ScenarioOverrides v;
  v.population = o.population;
  v.city_nx = o.city_nx, v.city_ny = o.city_ny;
  v.variants = o.variants;
  return v;
}

// The scenario `load` gives, with the options applied; its errors become api::Error.
template <class Load>
Scenario loaded(const Load& load, const Options& o) {
  try {
    Scenario s = load(overrides_of(o));
    if (o.seed) s.config.seed = *o.seed;
    return s;
  } catch (const ScenarioError& e) {
    throw Error(e.what(), e.file(), e.line(), e.column());
  }
}

std::shared_ptr<const motion::MotionLibrary> motion_of(const Options& o) {
  if (o.motion_dir.empty()) return nullptr;
  try {
    return std::make_shared<const motion::MotionLibrary>(motion::load_motion_library(o.motion_dir));
  } catch (const motion::MotionFileError& e) {
    throw Error(e.what());
  }
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace


std::unique_ptr<Simulator::Impl> Simulator::Impl::start(Scenario s, const Options& o) {
  auto motion = motion_of(o);
  try {
    return std::make_unique<Impl>(std::move(s), std::move(motion));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {  // a scenario the simulation cannot start
    throw Error(e.what());
  }
}

const char* state_name(State s) {
  switch (s) {
    case State::Stand: return "stand";
    case State::Walk: return "walk";
    case State::Close: return "close";
    case State::Arrived: return "arrived";
    case State::Vehicle: return "vehicle";
    case State::Placed: return "placed";
  }
  return "?";
}

Simulator Simulator::load(const std::string& path, const Options& options) {
  return Simulator(Impl::start(loaded([&](const ScenarioOverrides& v) { return load_scenario(path, v); }, options),
                               options));
}

Simulator Simulator::parse(const std::string& text, const std::string& file_name, const Options& options) {
  return Simulator(Impl::start(
      loaded([&](const ScenarioOverrides& v) { return parse_scenario(text, file_name, v); }, options), options));
}

Simulator::Simulator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Simulator::Simulator(Simulator&&) noexcept = default;
Simulator& Simulator::operator=(Simulator&&) noexcept = default;
Simulator::~Simulator() = default;

void Simulator::step() { impl_->sim.step(); }
void Simulator::run(long frames) {
  for (long k = 0; k < frames; ++k) impl_->sim.step();
}
std::uint64_t Simulator::frame() const { return impl_->sim.frame(); }
double Simulator::time() const { return impl_->sim.time(); }
double Simulator::dt() const { return impl_->sim.config().dt; }
std::uint64_t Simulator::seed() const { return impl_->sim.config().seed; }
long Simulator::scenario_frames() const { return std::lround(impl_->duration / dt()); }
std::string Simulator::scenario_name() const { return impl_->name; }

std::size_t Simulator::slots() const { return impl_->sim.snapshot().agents; }
std::span<const std::uint64_t> Simulator::ids() const { return {impl_->sim.snapshot().id.data(), slots()}; }
std::span<const double> Simulator::positions() const {
  const auto& location = impl_->sim.snapshot().location;
  if (slots() == 0) return {};
  return {location.front().data(), 2 * slots()};
}
std::span<const double> Simulator::headings() const { return {impl_->sim.snapshot().heading.data(), slots()}; }
std::span<const std::uint8_t> Simulator::active() const { return {impl_->sim.snapshot().active.data(), slots()}; }

std::vector<State> Simulator::states() const {
  const Snapshot& s = impl_->sim.snapshot();
  std::vector<State> v(slots());
  for (std::size_t a = 0; a < v.size(); ++a)
    v[a] = s.arrived[a] && s.gait[a] != Gait::Vehicle && s.gait[a] != Gait::Placed ? State::Arrived : static_cast<State>(s.gait[a]);
  return v;
}

std::vector<double> Simulator::footsteps() const {
  const Snapshot& s = impl_->sim.snapshot();
  std::vector<double> v(2 * slots());
  for (std::size_t a = 0; a < slots(); ++a) v[2 * a] = s.plan[a].to.x(), v[2 * a + 1] = s.plan[a].to.y();
  return v;
}

std::string Simulator::name(std::uint64_t id) const { return impl_->sim.name_of(id); }
std::string Simulator::behavior(std::size_t slot) const {
  if (slot >= slots()) throw Error("no agent slot " + std::to_string(slot));
  return impl_->sim.behavior_of(impl_->sim.snapshot(), slot);
}

std::vector<Signal> Simulator::signals() const {
  const auto& names = impl_->sim.world().signals;
  const auto& states = impl_->sim.signals();
  std::vector<Signal> v;
  for (std::size_t k = 0; k < names.size() && k < states.size(); ++k)
    v.push_back({names[k], patnet::lamp_name(states[k].lamp), patnet::head_name(states[k].head)});
  return v;
}

double Simulator::param(std::string_view dotted) const {
  try {
    return impl_->sim.param(dotted);
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  }
}

void Simulator::set_param(std::string_view dotted, double value) {
  try {
    impl_->sim.set_param(dotted, value);
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  }
}

namespace {
std::uint32_t named_agent(const Simulation& sim, std::string_view agent) {
  const int a = sim.agents().find(agent);
  if (a < 0) throw ParameterError("no agent named '" + std::string(agent) + "'");
  return static_cast<std::uint32_t>(a);
}
}  // namespace

std::string Simulator::action_path(std::string_view agent) const {
  const std::uint32_t a = named_agent(impl_->sim, agent);
  const AgentAction* x = impl_->sim.action_of(a);
  const action::System* system = impl_->sim.action_system(a);
  std::string path;
  if (x && system)
    for (const std::uint32_t b : x->state.path) path += (path.empty() ? "" : "/") + system->behaviors[b].name;
  return path;
}

void Simulator::set_variable(std::string_view agent, std::string_view variable, double value) {
  try {
    impl_->sim.set_variable(named_agent(impl_->sim, agent), variable, value);
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  }
}

void Simulator::force_branch(std::string_view agent, std::string_view behavior) {
  try {
    impl_->sim.force_branch(named_agent(impl_->sim, agent), behavior);
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  }
}

void Simulator::add_private_object(std::string_view agent, std::string_view kind, double x, double y) {
  const auto& kinds = impl_->sim.scripts().action.kinds;
  const auto it = std::find(kinds.begin(), kinds.end(), kind);
  if (it == kinds.end()) throw ParameterError("no object kind '" + std::string(kind) + "'");
  ActionObject o;
  o.kind = static_cast<std::uint32_t>(it - kinds.begin());
  o.at = Vec2(x, y);
  try {
    impl_->sim.add_private_object(named_agent(impl_->sim, agent), o);
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  }
}

// Direct motor control (D-EXT-05): the simulation's errors as ParameterError.
namespace {
template <class F>
void controlled(F&& f) {
  try {
    f();
  } catch (const std::out_of_range& e) {
    throw ParameterError(e.what());
  } catch (const std::logic_error& e) {
    throw Error(e.what());
  }
}
}  // namespace

void Simulator::suspend(std::string_view agent, bool suspended) {
  controlled([&] { impl_->sim.suspend(named_agent(impl_->sim, agent), suspended); });
}

void Simulator::command(std::string_view agent, std::string_view generic) {
  controlled([&] { impl_->sim.command(named_agent(impl_->sim, agent), generic); });
}

void Simulator::walk_to(std::string_view agent, double x, double y, double tolerance) {
  if (!(tolerance > 0)) throw Error("walk_to: the tolerance must be > 0 metres");
  controlled([&] { impl_->sim.command(named_agent(impl_->sim, agent), "walk_to", Vec2(x, y), tolerance); });
}

void Simulator::place(std::string_view agent, double x, double y) {
  controlled([&] { impl_->sim.place(named_agent(impl_->sim, agent), Vec2(x, y)); });
}

std::vector<std::string> Simulator::param_names(std::string_view agent) const {
  const Agents& agents = impl_->sim.agents();
  const int a = agents.find(agent);
  if (a < 0) throw ParameterError("no agent named '" + std::string(agent) + "'");
  const NetTemplate& net = impl_->sim.nets()[agents.net[a]];
  std::vector<std::string> v;
  for (std::size_t p = 0; p < net.param_count(); ++p) v.push_back(net.param_name(p));
  return v;
}

std::vector<std::string> Simulator::agent_names() const { return impl_->sim.agents().name; }

std::uint64_t Simulator::trajectory_hash() const { return impl_->sim.trajectory_hash(); }

Summary Simulator::summary() const {
  const Simulation& sim = impl_->sim;
  const Metrics& m = sim.metrics();
  Summary s;
  s.agents = sim.active_count();
  s.agent_slots = sim.agents().size();
  s.frames = sim.frame();
  s.sim_seconds = sim.time();
  s.arrived = sim.arrived();
  s.collisions = m.collisions;
  s.stuck = m.stuck;
  s.jaywalk_events = m.jaywalk_events;
  s.red_crossings = m.red_crossings;
  s.crossings = m.crossings;
  s.spawned = m.spawned;
  s.pedestrians = impl_->initial + m.spawned;
  s.trips = m.trips;
  s.decisions = m.decisions;
  s.walk_evaluations = m.evaluations;
  s.blocked_decisions = m.blocked;
  s.longest_trip_s = sim.longest_trip();
  s.foot_slip_mm_max = 1000.0 * m.foot_slip_max;
  s.trip_s = sim.trip_times();
  s.trajectory_hash = hex(sim.trajectory_hash());
  for (const footfall::Incident& i : m.incidents)
    s.incidents.push_back({incident_name(i.kind), i.time, sim.name_of(i.id), sim.other_in(i),
                           i.where.x(), i.where.y()});
  return s;
}

}  // namespace footfall::api

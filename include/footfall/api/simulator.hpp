#pragma once
// footfall's stable C++ API (docs/api.md): load a scenario, step it, read the pedestrians, read and
// change behavior-net parameters by dotted name, summarise the run. Only the standard library shows
// here; the simulation's internals stay behind a pointer so they can change without breaking users.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "footfall/core/located_error.hpp"

namespace footfall::api {

// Every failure of this API. A scenario error carries its place: what() reads
// "file:line:col: message", and file()/line()/column() give the parts (line 0: no place).
class Error : public LocatedError {
 public:
  explicit Error(const std::string& message, std::string file = {}, int line = 0, int column = 0)
      : LocatedError(message, std::move(file), line, column) {}
};

// A parameter name that names nothing (agent, node or parameter unknown, or not agent.node.param).
class ParameterError : public Error {
 public:
  using Error::Error;
};

struct Options {
  std::optional<std::uint64_t> seed;        // the scenario's own seed when unset
  std::optional<std::uint32_t> population;  // pedestrians per intersection, in place of the file's
  // > 0: tile a scenario with `city:` nx × ny intersections (as `footfall bench` scales one up).
  int city_nx = 0, city_ny = 0;
  // The scenario's variants (`variants:`) merged over it, in this order (`footfall run --variant`).
  std::vector<std::string> variants;
  // Step clips for articulated figures (data/motion, or share/footfall/motion when installed); empty:
  // none. Trajectories are the same either way.
  std::string motion_dir;
};

// A pedestrian's state column, as in the trajectory CSV.
// Placed: put down out of character by external control (place), until its next foot-strike.
enum class State : std::uint8_t { Stand = 0, Walk = 1, Close = 2, Arrived = 3, Vehicle = 4, Placed = 5 };
const char* state_name(State s);  // "stand", "walk", "close", "arrived", "vehicle", "placed"

struct Signal {
  std::string name;  // the world's signal ("ns", "ew")
  std::string lamp;  // "GREEN", "YELLOW", "RED"
  std::string head;  // the pedestrian head: "WALK", "FLASHING_DONT_WALK", "DONT_WALK"
};

// What `footfall run --summary` reports about the run so far (same names and values).
// A failed check of the run (`footfall run --summary`'s `incidents`): kind "collision", "jaywalk",
// "red_crossing" or "red_stay_over_5s"; who, when, where; for a collision, with whom ("obstacle").
struct Incident {
  std::string kind;
  double time_s = 0;
  std::string agent, with;
  double x = 0, y = 0;
};

struct Summary {
  std::uint64_t agents = 0, agent_slots = 0, frames = 0;
  double sim_seconds = 0;
  std::uint64_t arrived = 0, collisions = 0, stuck = 0, jaywalk_events = 0, red_crossings = 0;
  std::uint64_t crossings = 0, spawned = 0, pedestrians = 0, trips = 0;
  std::uint64_t decisions = 0, walk_evaluations = 0, blocked_decisions = 0;
  double longest_trip_s = 0, foot_slip_mm_max = 0;
  std::vector<double> trip_s;   // each finished trip's duration, seconds, in the order they ended
  std::string trajectory_hash;  // 16 hex digits
  std::vector<Incident> incidents;  // the first 100, in the order they happened
};

struct RenderOptions;
struct Image;

class Simulator {
 public:
  // Throw Error ("file:line:col: message") for a scenario that does not load.
  static Simulator load(const std::string& path, const Options& options = {});
  // YAML (or JSON) text; `file_name` is used only in messages.
  static Simulator parse(const std::string& text, const std::string& file_name = "<string>",
                         const Options& options = {});

  Simulator(Simulator&&) noexcept;
  Simulator& operator=(Simulator&&) noexcept;
  ~Simulator();

  void step();            // one frame
  void run(long frames);  // that many frames
  std::uint64_t frame() const;
  double time() const;      // seconds simulated
  double dt() const;        // frame period, seconds
  std::uint64_t seed() const;
  long scenario_frames() const;  // the scenario's duration in frames (what `footfall run` simulates)
  std::string scenario_name() const;

  // Per agent slot, of the frame just published; valid until the next step. A slot is free
  // (active 0) before its pedestrian enters and after it leaves; a new pedestrian in a slot gets a
  // new id. Positions are (x, y) pairs on the ground plane, metres; headings radians.
  std::size_t slots() const;
  std::span<const std::uint64_t> ids() const;
  std::span<const double> positions() const;  // 2 · slots() values
  std::span<const double> headings() const;
  std::span<const std::uint8_t> active() const;
  std::vector<State> states() const;
  std::vector<double> footsteps() const;  // 2 · slots(): where each current step ends
  std::string name(std::uint64_t id) const;  // a pedestrian's name for life
  std::string behavior(std::size_t slot) const;  // its PaT-Net states, "route:next/cross:wait"
  std::vector<Signal> signals() const;

  // "agent.node.param", e.g. "north1.avoid_walkers.k_theta"; a change takes effect at the agent's
  // next decision. Throw ParameterError.
  double param(std::string_view dotted) const;
  void set_param(std::string_view dotted, double value);
  std::vector<std::string> param_names(std::string_view agent) const;  // "node.param"
  std::vector<std::string> agent_names() const;                       // per slot

  // Action selection (docs/action_selection.md), for a named agent whose behavior net runs a
  // system; external control at Blumberg's levels. Throw ParameterError for an unknown agent,
  // variable, behavior or kind.
  std::string action_path(std::string_view agent) const;  // active behaviors, "browse/look"
  void set_variable(std::string_view agent, std::string_view variable, double value);  // motivational
  void force_branch(std::string_view agent, std::string_view behavior);  // task level; "" releases
  void add_private_object(std::string_view agent, std::string_view kind, double x, double y);  // environmental
  // Direct motor control (D-EXT-05; Blumberg 1996 §4.7, §5.6). Suspended, the agent's behavior
  // system (action selection and its PaT-Nets) stops and it carries out only the commands given
  // here: in character, a generic motor command of its template (`motor_commands`; "walk_to" walks
  // to (x, y) by its own walk node, standing once within `tolerance` metres); with none, it stands.
  // Resuming (false) hands control back to its behaviors. Out of character, place() puts it down at
  // (x, y) at once, its state "placed" until its next foot-strike. Throw ParameterError.
  void suspend(std::string_view agent, bool suspended = true);
  void command(std::string_view agent, std::string_view generic);
  void walk_to(std::string_view agent, double x, double y, double tolerance = 0.5);
  void place(std::string_view agent, double x, double y);

  std::uint64_t trajectory_hash() const;  // the CLI's trajectory_hash, as a number
  Summary summary() const;

 private:
  struct Impl;
  explicit Simulator(std::unique_ptr<Impl> impl);
  friend Image render(Simulator& sim, const RenderOptions& options);  // footfall/api/render.hpp
  friend class TrajectoryStore;                                       // footfall/api/trajectory_store.hpp
  std::unique_ptr<Impl> impl_;
};

}  // namespace footfall::api

#pragma once
// The `patnets:` section of a scenario and the nets agents start with: net classes are declared
// once, then compiled per behavior-net template on first use (node names become parameter slots,
// expressions become closures). Format: docs/scenario.md, "PaT-Nets".
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "footfall/patnet/symbols.hpp"
#include "footfall/pipeline/scripts.hpp"
#include "yaml_reader.hpp"

namespace footfall {

class ScriptsLoader {
 public:
  ScriptsLoader(const yaml::Reader& reader, const World& world, const std::vector<NetTemplate>& nets)
      : r_(&reader), scenario_reader_(&reader), world_(world), nets_(nets) {}

  void declare(const YAML::Node& patnets, bool builtin = false);
  // Reich's state machines and control machines (locomotion_nets.hpp), under the names the
  // scenario did not take for nets of its own.
  void declare_locomotion_nets();
  void set_agents(const Agents* agents) { agents_ = agents; }
  void set_model(const AgentModel* model) { model_ = model; }
  bool declared(const std::string& name) const { return index_.count(name) > 0; }

  // The program of net class `name` for behavior template `behavior` (-1: a global net).
  std::uint32_t program(const std::string& name, const YAML::Node& at, int behavior);
  // One entry of an agent's `nets:` or of `global_nets:`: a net name or {net, args}.
  NetStart start(const YAML::Node& entry, int behavior);
  // Light-nets for the world's signals.
  void light_nets(const std::vector<patnet::SignalTiming>& timings);
  // The route net and leg nets for pedestrians of `behavior`.
  void routes(const YAML::Node& walk_net, const YAML::Node& cross_net, int behavior,
              PopulationSpec& population);

  // Load-time checks once every net the scenario starts is compiled: a net that spawns itself,
  // directly or through others, is an error at a spawn of the cycle; so is any error in a declared
  // net that nothing starts.
  struct Checkpoint {
    std::size_t programs, spawns;
  };
  void check_spawn_cycles(const Checkpoint& since = Checkpoint{0, 0}) const;
  void validate_unused();

  Scripts& scripts() { return scripts_; }

  // A constant location given in the scenario's text as somewhere to go: an argument of a built-in
  // locomotion net (go_to's `to`), or a `target` action on a location sensor an attraction reads.
  // The load-time checks of intent (intent_checks.hpp) look at them.
  struct GoalSite {
    std::uint32_t program;  // the program that names it (started or spawning)
    int location;
    YAML::Node at;
  };
  const std::vector<GoalSite>& goal_sites() const { return goal_sites_; }
  // The programs `program` may run: itself and whatever it spawns, transitively.
  std::vector<std::uint32_t> spawn_closure(std::uint32_t program) const;
  void set_tile_prefix(std::string prefix) { tile_prefix_ = std::move(prefix); }

 private:
  struct Declared {
    std::string name;
    YAML::Node node;
    const yaml::Reader* reader = nullptr;  // the text it was declared in
    bool builtin = false;
    bool global = false;
    std::vector<patnet::ParamDecl> params;
    std::vector<std::string> locals;
    std::vector<double> local_initial;
  };

  struct Queued {
    std::uint32_t program;
    std::size_t declared;
    int behavior;
  };
  struct Site {  // a spawn action: `from` spawns `to`, written at `at`
    std::uint32_t from, to;
    YAML::Node at;
    const yaml::Reader* reader;
  };
  void compile_queued();
  [[noreturn]] void report_cycle(const std::vector<std::size_t>& cycle) const;
  void roll_back(const Checkpoint& mark);
  patnet::Program compile(const Declared& d, int behavior);
  std::vector<patnet::Action> actions(const YAML::Node& list, const patnet::Scope& scope,
                                      int behavior);
  void action(const YAML::Node& item, const patnet::Scope& scope, int behavior,
              std::vector<patnet::Action>& out);
  std::vector<patnet::Compiled> arguments(const YAML::Node& args, const YAML::Node& at,
                                          const std::string& net, const patnet::Scope& scope);
  patnet::Compiled expression(const YAML::Node& n, const patnet::Scope& scope, bool condition);
  patnet::Compiled reference(const YAML::Node& n, const patnet::Scope& scope,
                             patnet::ParamType type);
  patnet::Scope scope_for(const patnet::Program* program, int behavior);
  int state_index(const patnet::Program& p, const YAML::Node& n);
  int control_node(const YAML::Node& n, int behavior, const char* verb);
  int sensor_node(const YAML::Node& n, int behavior, NodeKind kind);
  void check_roles(const Declared& d, const YAML::Node& at, int behavior);
  [[noreturn]] void fail_in(const YAML::Node& n, std::size_t offset, const std::string& message);

  void note_goals(const Declared& d, const std::vector<patnet::Compiled>& args, const YAML::Node& at,
                  std::uint32_t program);
  void note_target(const NetTemplate& net, int sensor, const patnet::Compiled& location, const YAML::Node& at);

  const yaml::Reader* r_;  // the file being read: the scenario, or the built-in nets' text
  const yaml::Reader* scenario_reader_;
  std::vector<GoalSite> goal_sites_;
  const World& world_;
  const std::vector<NetTemplate>& nets_;
  std::vector<Declared> declared_;
  std::map<std::string, std::size_t> index_;
  std::shared_ptr<const std::vector<std::string>> net_names_;  // index_'s keys, for suggestions
  std::map<std::pair<std::size_t, int>, std::uint32_t> compiled_;  // (class, template) → program
  Scripts scripts_;
  std::deque<Queued> queue_;  // reserved programs still to compile
  bool compiling_ = false;
  std::uint32_t compiling_program_ = 0;
  std::vector<Site> spawns_;
  std::string tile_prefix_;
  const Agents* agents_ = nullptr;
  const AgentModel* model_ = nullptr;
  std::unique_ptr<yaml::Reader> builtin_reader_;
  YAML::Node builtin_root_;
};

}  // namespace footfall

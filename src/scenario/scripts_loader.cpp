#include "scripts_loader.hpp"

#include "intent_checks.hpp"

#include <optional>

#include "footfall/patnet/symbols.hpp"
#include "locomotion_nets.hpp"

namespace footfall {

using namespace patnet;

namespace {

constexpr const char* kTypes[] = {"number", "location", "signal", "region", "agent", "classes"};

std::optional<ParamType> type_named(const std::string& s) {
  for (int i = 0; i < 6; ++i)
    if (s == kTypes[i]) return static_cast<ParamType>(i);
  return std::nullopt;
}

std::vector<std::string> keys_of(const std::map<std::string, std::size_t>& m) {
  std::vector<std::string> k;
  for (const auto& kv : m) k.push_back(kv.first);
  return k;
}

}  // namespace

// An expression error points into the scalar: its column plus the offset (plus the opening quote).
void ScriptsLoader::fail_in(const YAML::Node& n, std::size_t offset, const std::string& message) {
  YAML::Mark m = n.Mark();
  const bool quoted = n.Tag() == "!";
  m.column += static_cast<int>(offset) + (quoted ? 1 : 0);
  r_->fail_mark(m, message);
}

void ScriptsLoader::declare_locomotion_nets() {
  builtin_reader_ = std::make_unique<yaml::Reader>("<built-in locomotion nets>");
  builtin_root_ = YAML::Load(locomotion_nets_yaml());
  const yaml::Reader* user = r_;
  r_ = builtin_reader_.get();
  declare(builtin_root_, true);
  r_ = user;
}

void ScriptsLoader::declare(const YAML::Node& patnets, bool builtin) {
  r_->expect_map(patnets, "patnets", {});
  for (const auto& kv : patnets) {
    Declared d;
    d.name = r_->string(kv.first, "net name");
    d.reader = r_;
    d.builtin = builtin;
    if (d.name == "route" || d.name == "light_net")
      r_->fail(kv.first, "'" + d.name + "' is the name of a built-in net");
    if (index_.count(d.name)) {
      if (builtin) continue;  // the scenario's own net of that name wins
      r_->fail(kv.first, "net '" + d.name + "' is defined twice");
    }
    d.node = kv.second;
    r_->expect_map(d.node, "net '" + d.name + "'",
                  {"global", "params", "locals", "start", "states", "monitors", "finally"});
    if (!d.node["states"]) r_->fail(d.node, "net '" + d.name + "' has no 'states'");
    r_->expect_map(d.node["states"], "states of net '" + d.name + "'", {});
    if (d.node["states"].size() == 0) r_->fail(d.node["states"], "a net needs at least one state");
    if (d.node["global"]) d.global = r_->boolean(d.node["global"], "global");
    if (const auto params = d.node["params"]) {
      r_->expect_map(params, "params", {});
      for (const auto& p : params) {
        ParamDecl decl;
        decl.name = r_->string(p.first, "parameter name");
        const YAML::Node v = p.second;
        YAML::Node fallback;
        if (v.IsMap()) {
          r_->expect_map(v, "parameter '" + decl.name + "'", {"type", "default"});
          if (!v["type"]) r_->fail(v, "parameter '" + decl.name + "' needs a 'type'");
          const auto t = type_named(r_->string(v["type"], "type"));
          if (!t) r_->fail(v["type"], "a parameter type is number, location, signal or region");
          decl.type = *t;
          fallback = v["default"];
        } else if (const auto t = v.IsScalar() ? type_named(v.Scalar()) : std::nullopt) {
          decl.type = *t;
        } else {
          fallback = v;
        }
        if (fallback && !fallback.IsNull()) {
          decl.required = false;
          decl.fallback = decl.type == ParamType::Number
                              ? r_->number(fallback, decl.name, -1e9, 1e9)
                              : reference(fallback, scope_for(nullptr, -1), decl.type).value;
        }
        d.params.push_back(std::move(decl));
      }
    }
    if (const auto locals = d.node["locals"]) {
      r_->expect_map(locals, "locals", {});
      for (const auto& l : locals) {
        d.locals.push_back(r_->string(l.first, "local name"));
        d.local_initial.push_back(r_->number(l.second, d.locals.back(), -1e9, 1e9));
      }
    }
    index_[d.name] = declared_.size();
    declared_.push_back(std::move(d));
  }
}

Scope ScriptsLoader::scope_for(const Program* program, int behavior) {
  Scope s;
  s.world = &world_;
  s.behavior = behavior >= 0 ? &nets_[behavior] : nullptr;
  s.program = program;
  // The names change only while nets are declared: listed once after, not once per net compiled.
  if (!net_names_ || net_names_->size() != index_.size())
    net_names_ = std::make_shared<const std::vector<std::string>>(keys_of(index_));
  s.net_names = net_names_;
  s.tile_prefix = tile_prefix_;
  s.agents = agents_;
  s.model = model_;
  // running(net) names a class; it refers to that class's program for the same template. The
  // program may not exist yet (compiled on first use), so running() compiles it.
  s.program_id = [this, behavior](std::string_view name) -> int {
    const auto it = index_.find(std::string(name));
    if (it == index_.end() || declared_[it->second].global != (behavior < 0)) return -1;
    return static_cast<int>(this->program(it->first, declared_[it->second].node, behavior));
  };
  return s;
}

std::uint32_t ScriptsLoader::program(const std::string& name, const YAML::Node& at, int behavior) {
  const auto it = index_.find(name);
  if (it == index_.end())
    r_->fail(at, "no net named '" + name + "'" + did_you_mean(name, keys_of(index_)));
  const Declared& d = declared_[it->second];
  if (d.global && behavior >= 0)
    r_->fail(at, "net '" + name + "' is global: start it under 'global_nets'");
  if (!d.global && behavior < 0)
    r_->fail(at, "net '" + name + "' runs on an agent; global nets need 'global: true'");
  const auto key = std::make_pair(it->second, behavior);
  if (const auto c = compiled_.find(key); c != compiled_.end()) return c->second;
  if (d.builtin && behavior >= 0) check_roles(d, at, behavior);
  // Reserve the id first: a net may spawn or test itself. Nets met while compiling one are queued,
  // not compiled inside it, so a long chain of nets spawning nets cannot exhaust the stack.
  const auto id = static_cast<std::uint32_t>(scripts_.programs.size());
  compiled_[key] = id;
  scripts_.programs.emplace_back();
  queue_.push_back({id, it->second, behavior});
  if (!compiling_) compile_queued();
  return id;
}

void ScriptsLoader::compile_queued() {
  // Compile in the reader of the text each net was declared in (the scenario, or the built-ins).
  const yaml::Reader* caller = r_;
  compiling_ = true;
  struct Restore {
    ScriptsLoader& l;
    const yaml::Reader* caller;
    ~Restore() { l.r_ = caller, l.compiling_ = false; }
  } restore{*this, caller};
  while (!queue_.empty()) {
    const Queued q = queue_.front();
    queue_.pop_front();
    const Declared& d = declared_[q.declared];
    r_ = d.reader;
    compiling_program_ = q.program;
    scripts_.programs[q.program] = compile(d, q.behavior);
  }
}

// A spawn cycle would spawn without end at run time (each spawn runs the child's first actions at
// once): a depth-first search over the spawns of the programs compiled since `since`, without
// recursion. Programs compiled before never spawn later ones, so a cycle lies among the new ones.
void ScriptsLoader::check_spawn_cycles(const Checkpoint& since) const {
  const std::size_t n = scripts_.programs.size();
  std::vector<std::vector<std::size_t>> out(n);  // indices into spawns_, by spawning program
  for (std::size_t e = since.spawns; e < spawns_.size(); ++e) out[spawns_[e].from].push_back(e);
  enum : char { kNew, kOnPath, kDone };
  std::vector<char> state(n, kNew);
  for (auto root = static_cast<std::uint32_t>(since.programs); root < n; ++root) {
    if (state[root] != kNew) continue;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{root, 0}};  // program, next edge
    std::vector<std::size_t> path;  // the edge into each stack entry but the first
    state[root] = kOnPath;
    while (!stack.empty()) {
      const std::uint32_t p = stack.back().first;
      if (stack.back().second == out[p].size()) {
        state[p] = kDone;
        stack.pop_back();
        if (!path.empty()) path.pop_back();
        continue;
      }
      const std::size_t e = out[p][stack.back().second++];
      const std::uint32_t q = spawns_[e].to;
      if (state[q] == kOnPath) {
        std::size_t j = 0;
        while (stack[j].first != q) ++j;
        std::vector<std::size_t> cycle(path.begin() + static_cast<std::ptrdiff_t>(j), path.end());
        cycle.push_back(e);
        report_cycle(cycle);
      }
      if (state[q] == kNew) {
        state[q] = kOnPath;
        path.push_back(e);
        stack.push_back({q, 0});
      }
    }
  }
}

void ScriptsLoader::report_cycle(const std::vector<std::size_t>& cycle) const {
  const auto name = [&](std::uint32_t program) { return "'" + scripts_.programs[program].name + "'"; };
  std::string message;
  if (cycle.size() == 1) {
    message = "net " + name(spawns_[cycle[0]].from) + " spawns itself";
  } else {
    message = "spawn cycle: net " + name(spawns_[cycle[0]].from);
    for (std::size_t k = 0; k < cycle.size(); ++k)
      message += (k == 0 ? " spawns " : ", which spawns ") + name(spawns_[cycle[k]].to);
  }
  message += "; a net may not spawn itself, directly or through others (repeat with a transition)";
  // Point at a spawn in the scenario's own text rather than inside a built-in net.
  const Site* at = &spawns_[cycle.back()];
  for (const std::size_t e : cycle)
    if (spawns_[e].reader != builtin_reader_.get()) {
      at = &spawns_[e];
      break;
    }
  at->reader->fail(at->at, message);
}

// A declared net no agent starts is still checked: a global one as such, an agent's against each
// behavior net until one accepts it (the first one's error otherwise). Its programs are then
// dropped again, so the simulation runs exactly what the scenario uses.
void ScriptsLoader::validate_unused() {
  std::vector<bool> used(declared_.size(), false);
  for (const auto& [key, id] : compiled_) used[key.first] = true;
  const yaml::Reader* user = r_;
  for (std::size_t c = 0; c < declared_.size(); ++c) {
    if (declared_[c].builtin || used[c]) continue;
    std::optional<ScenarioError> first;
    const int templates = declared_[c].global ? 1 : static_cast<int>(nets_.size());
    for (int b = 0; b < templates; ++b) {
      const Checkpoint mark{scripts_.programs.size(), spawns_.size()};
      try {
        program(declared_[c].name, declared_[c].node, declared_[c].global ? -1 : b);
        check_spawn_cycles(mark);
        roll_back(mark);
        first.reset();
        break;
      } catch (const ScenarioError& e) {
        roll_back(mark);
        r_ = user;
        if (!first) first = e;
      }
    }
    if (first) throw *first;
  }
}

void ScriptsLoader::roll_back(const Checkpoint& mark) {
  scripts_.programs.resize(mark.programs);
  spawns_.resize(mark.spawns);
  for (auto it = compiled_.begin(); it != compiled_.end();)
    it = it->second >= mark.programs ? compiled_.erase(it) : std::next(it);
  queue_.clear();
}

// A built-in locomotion net drives role nodes of the agent's net: say so at the caller's line
// when they are missing, rather than deep inside the built-in text.
void ScriptsLoader::check_roles(const Declared& d, const YAML::Node& at, int behavior) {
  const NetTemplate& net = nets_[behavior];
  for (const LocomotionRole& role : locomotion_roles(d.name)) {
    const bool location = std::string_view(role.sensor) == "goal";
    const NodeKind want = location ? NodeKind::LocationSensor : NodeKind::ObjectSensor;
    const int sensor = net.find_node(role.sensor);
    const int behave = net.find_node(role.behavior);
    const auto reads_sensor = [&] {
      const NetNode& b = net.nodes()[behave];
      return (b.kind == NodeKind::Attract || b.kind == NodeKind::PredictiveAttract) &&
             b.link_count == 1 && static_cast<int>(net.link_sources()[b.first_link]) == sensor;
    };
    if (sensor < 0 || net.nodes()[sensor].kind != want || behave < 0 || !reads_sensor())
      r_->fail(at, "net '" + d.name + "' drives nodes '" + role.sensor + "' (" + kind_info(want).name +
                       ") and '" + role.behavior + "' (attract or predictive_attract reading '" +
                       role.sensor + "'); behavior net '" + net.name() + "' lacks them");
  }
}

Program ScriptsLoader::compile(const Declared& d, int behavior) {
  Program p;
  p.name = d.name;
  p.global = d.global;
  p.params = d.params;
  p.locals = d.locals;
  p.local_initial = d.local_initial;
  const YAML::Node states = d.node["states"];
  for (const auto& kv : states) {
    const std::string s = r_->string(kv.first, "state name");
    if (s == "exit") r_->fail(kv.first, "'exit' is reserved: a transition to it ends the net");
    p.states.push_back({s, {}, {}, kNone});
  }
  p.start = d.node["start"] ? state_index(p, d.node["start"]) : 0;
  if (p.start < 0) r_->fail(d.node["start"], "a net cannot start at 'exit'");
  for (const char* name : {"result", "child_result"}) {
    const int v = p.find_value(name);
    const int local = v >= static_cast<int>(p.params.size()) ? v : -1;
    (std::string_view(name) == "result" ? p.result : p.child_result) = local;
  }
  const Scope scope = scope_for(&p, behavior);
  std::size_t i = 0;
  for (const auto& kv : states) {
    State& st = p.states[i++];
    const YAML::Node body = kv.second;
    if (body.IsNull()) continue;
    r_->expect_map(body, "state '" + st.name + "'", {"do", "go", "default"});
    if (body["do"]) st.actions = actions(body["do"], scope, behavior);
    if (const auto go = body["go"]) {
      r_->expect_seq(go, "go");
      for (const auto& t : go) {
        r_->expect_map(t, "a transition", {"if", "after", "to"});
        if (!t["to"]) r_->fail(t, "a transition needs 'to'");
        if (!t["if"] == !t["after"]) r_->fail(t, "a transition needs exactly one of 'if' and 'after'");
        const bool timed = static_cast<bool>(t["after"]);
        Compiled when = expression(timed ? t["after"] : t["if"], scope, !timed);
        if (timed && when.constant && !(when.value >= 0))
          r_->fail(t["after"], "'after' is a time in the state and cannot be negative");
        st.transitions.push_back({std::move(when), timed, state_index(p, t["to"])});
      }
    }
    if (body["default"]) st.default_to = state_index(p, body["default"]);
  }
  if (const auto monitors = d.node["monitors"]) {
    r_->expect_seq(monitors, "monitors");
    for (const auto& m : monitors) {
      r_->expect_map(m, "a monitor", {"if", "do", "to", "probability"});
      if (!m["if"]) r_->fail(m, "a monitor needs 'if'");
      Monitor mon;
      mon.when = expression(m["if"], scope, true);
      if (m["probability"]) mon.probability = expression(m["probability"], scope, false);
      if (m["do"]) mon.actions = actions(m["do"], scope, behavior);
      if (m["to"]) mon.to = state_index(p, m["to"]);
      p.monitors.push_back(std::move(mon));
    }
  }
  if (const auto fin = d.node["finally"]) p.finally = actions(fin, scope, behavior);
  return p;
}

int ScriptsLoader::state_index(const Program& p, const YAML::Node& n) {
  const std::string s = r_->string(n, "state");
  const int i = p.find_state(s);
  if (i != kNone) return i;
  std::vector<std::string> names{"exit"};
  for (const auto& st : p.states) names.push_back(st.name);
  r_->fail(n, "net '" + p.name + "' has no state '" + s + "'" + did_you_mean(s, names));
}

std::vector<Action> ScriptsLoader::actions(const YAML::Node& list, const Scope& scope, int behavior) {
  std::vector<Action> out;
  if (!list.IsSequence()) {
    action(list, scope, behavior, out);
    return out;
  }
  for (const auto& item : list) action(item, scope, behavior, out);
  return out;
}

int ScriptsLoader::sensor_node(const YAML::Node& n, int behavior, NodeKind kind) {
  const NetTemplate& net = nets_[behavior];
  const std::string name = r_->string(n, "sensor");
  const int i = net.find_node(name);
  if (i < 0 || net.nodes()[i].kind != kind)
    r_->fail(n, "'" + name + "' is not " + (kind == NodeKind::ObjectSensor ? "an " : "a ") +
                    kind_info(kind).name + " of behavior net '" + net.name() + "'");
  return i;
}

int ScriptsLoader::control_node(const YAML::Node& n, int behavior, const char* verb) {
  const NetTemplate& net = nets_[behavior];
  const std::string name = r_->string(n, "node");
  const int i = net.find_node(name);
  std::vector<std::string> names;
  for (const auto& nd : net.nodes()) names.push_back(nd.name);
  if (i < 0)
    r_->fail(n, "behavior net '" + net.name() + "' has no node '" + name + "'" + did_you_mean(name, names));
  const NodeKind k = net.nodes()[i].kind;
  if (bound_param(k) < 0)
    r_->fail(n, std::string("only attract and avoid nodes can be ") + verb + "; '" + name +
                   "' is a " + kind_info(k).name +
                   " (so can Reich's behaviors: inertia, terrain_lookahead, predictive_attract, "
                   "predictive_avoid, passive_avoid)");
  return i;
}

// Appends the actions of one list item: `bind: [a, b]` and `set: {x: 1, y: 2}` expand to one
// action per node or value, in document order.
void ScriptsLoader::action(const YAML::Node& item, const Scope& scope, int behavior,
                           std::vector<Action>& out) {
  const bool agent = behavior >= 0;
  const auto need_agent = [&](const YAML::Node& at, const std::string& verb) {
    if (!agent) r_->fail(at, "'" + verb + "' acts on an agent; a global net has none");
  };
  if (item.IsScalar()) {
    const std::string verb = item.Scalar();
    if (verb == "leave") { need_agent(item, verb); out.push_back(Leave{}); return; }
    if (verb == "next_leg") { need_agent(item, verb); out.push_back(NextLeg{}); return; }
    if (verb == "next_waypoint") { need_agent(item, verb); out.push_back(NextWaypoint{}); return; }
    r_->fail(item, "unknown action '" + verb + "'" +
                       did_you_mean(verb, {"leave", "next_leg", "next_waypoint"}));
  }
  r_->expect_map(item, "an action", {"bind", "unbind", "set", "target", "spawn", "kill", "show",
                                     "turn", "plan_path", "waypoint"});
  if (item.size() != 1) r_->fail(item, "an action is a map with one key: bind, unbind, set, ...");
  const std::string verb = item.begin()->first.Scalar();
  const YAML::Node v = item.begin()->second;
  if (verb == "bind" || verb == "unbind") {
    need_agent(item, verb);
    std::vector<YAML::Node> nodes;
    if (v.IsSequence()) {
      for (const auto& node : v) nodes.push_back(node);
    } else {
      nodes.push_back(v);
    }
    for (const auto& node : nodes) {
      // level0: every reflexive or physics-based behavior of the net (Reich §7.5).
      if (node.IsScalar() && node.Scalar() == "level0") {
        for (const NetNode& nn : nets_[behavior].nodes())
          if (is_level0(nn.kind))
            out.push_back(SetAgentParam{nn.param_offset + static_cast<std::uint32_t>(bound_param(nn.kind)),
                                        Compiled::of_constant(verb == "bind" ? 1.0 : 0.0)});
        continue;
      }
      const int i = control_node(node, behavior, verb == "bind" ? "bound" : "unbound");
      const NetNode& nn = nets_[behavior].nodes()[i];
      const int bound = bound_param(nn.kind);
      out.push_back(SetAgentParam{nn.param_offset + static_cast<std::uint32_t>(bound),
                                  Compiled::of_constant(verb == "bind" ? 1.0 : 0.0)});
    }
    return;
  }
  if (verb == "set") {
    r_->expect_map(v, "set", {});
    for (const auto& kv : v) {
      const YAML::Node key = kv.first, value = kv.second;
      const std::string name = r_->string(key, "name");
      const int own = scope.program->find_value(name);
      if (own >= 0) {
        out.push_back(SetValue{static_cast<std::uint32_t>(own), expression(value, scope, false)});
        continue;
      }
      need_agent(key, "set " + name);
      const auto dot = name.find('.');
      const int slot = dot == std::string::npos
                           ? -1
                           : nets_[behavior].find_param(name.substr(0, dot), name.substr(dot + 1));
      if (slot < 0)
        r_->fail(key, "'" + name + "' is neither a parameter or local of net '" +
                         scope.program->name + "' nor node.param of behavior net '" +
                         nets_[behavior].name() + "'");
      out.push_back(SetAgentParam{static_cast<std::uint32_t>(slot), expression(value, scope, false)});
    }
    return;
  }
  if (verb == "target") {
    need_agent(item, verb);
    r_->expect_map(v, "target", {});
    const NetTemplate& net = nets_[behavior];
    if (v["sensor"] && (v["x"] || v["y"])) {  // a point: {sensor, x, y}
      r_->expect_map(v, "target", {"sensor", "x", "y"});
      if (!v["x"] || !v["y"]) r_->fail(v, "target at a point needs both 'x' and 'y'");
      const int i = sensor_node(v["sensor"], behavior, NodeKind::LocationSensor);
      out.push_back(SetPoint{net.nodes()[i].param_offset + location_p::X,
                             expression(v["x"], scope, false), expression(v["y"], scope, false)});
      return;
    }
    if (v["sensor"] && v["agent"]) {  // an object sensor following an agent: {sensor, agent}
      r_->expect_map(v, "target", {"sensor", "agent"});
      const int i = sensor_node(v["sensor"], behavior, NodeKind::ObjectSensor);
      out.push_back(SetObject{net.nodes()[i].param_offset + object_p::Agent,
                              reference(v["agent"], scope, ParamType::Agent)});
      return;
    }
    if (v["sensor"]) {  // long form: {sensor, at, lane, ahead, along: [a, b], within}
      r_->expect_map(v, "target", {"sensor", "at", "lane", "ahead", "along", "within"});
      if (!v["at"]) r_->fail(v, "target needs 'at': the location");
      const int i = net.find_node(r_->string(v["sensor"], "sensor"));
      if (i < 0 || net.nodes()[i].kind != NodeKind::LocationSensor)
        r_->fail(v["sensor"], "'" + v["sensor"].Scalar() + "' is not a location_sensor of behavior net '" +
                                 net.name() + "'");
      SetTarget t{net.nodes()[i].param_offset + location_p::X,
                  reference(v["at"], scope, ParamType::Location), {}, {}, {}, {}, {}, {}};
      note_target(net, i, t.location, v["at"]);
      if (v["lane"] || v["ahead"]) {
        const YAML::Node along = v["along"];
        if (!along || !along.IsSequence() || along.size() != 2)
          r_->fail(v, "'lane' and 'ahead' need 'along: [from, to]', the direction of the path");
        if (const YAML::Node lane = v["lane"]; lane && lane.IsSequence()) {  // a band: [from, to]
          if (lane.size() != 2)
            r_->fail(lane, "'lane' is an offset or a band [from, to] of two offsets, not " +
                               std::to_string(lane.size()) + " values");
          t.lane = expression(lane[0], scope, false);
          t.lane_to = expression(lane[1], scope, false);
        } else if (lane) {
          t.lane = expression(lane, scope, false);
        }
        if (v["ahead"]) t.ahead = expression(v["ahead"], scope, false);
        t.along_from = reference(along[0], scope, ParamType::Location);
        t.along_to = reference(along[1], scope, ParamType::Location);
      }
      if (v["within"]) {
        if (!v["ahead"]) r_->fail(v["within"], "'within' shapes the point 'ahead': give 'ahead' too");
        t.within = reference(v["within"], scope, ParamType::Region);
      }
      out.push_back(std::move(t));
      return;
    }
    if (v.size() != 1) r_->fail(v, "target points one location sensor per action");
    const YAML::Node key = v.begin()->first;
    const int i = net.find_node(r_->string(key, "node"));
    if (i < 0 || net.nodes()[i].kind != NodeKind::LocationSensor)
      r_->fail(key, "'" + key.Scalar() + "' is not a location_sensor of behavior net '" + net.name() + "'");
    out.push_back(SetTarget{net.nodes()[i].param_offset + location_p::X,
                            reference(v.begin()->second, scope, ParamType::Location), {}, {}, {}, {}, {}, {}});
    note_target(net, i, std::get<SetTarget>(out.back()).location, v.begin()->second);
    return;
  }
  if (verb == "turn") {  // turn: heading (an expression), or turn: off
    need_agent(item, verb);
    const std::uint32_t walk = nets_[behavior].nodes()[nets_[behavior].walk_node()].param_offset;
    Turn t{walk + walk_p::Turning, walk + walk_p::TurnTo, std::nullopt};
    if (!(v.IsScalar() && v.Scalar() == "off")) t.heading = expression(v, scope, false);
    out.push_back(std::move(t));
    return;
  }
  if (verb == "waypoint") {  // waypoint: sensor
    need_agent(item, verb);
    const int i = sensor_node(v, behavior, NodeKind::LocationSensor);
    out.push_back(AimAtWaypoint{nets_[behavior].nodes()[i].param_offset + location_p::X});
    return;
  }
  if (verb == "plan_path") {
    need_agent(item, verb);
    r_->expect_map(v, "plan_path", {"x", "y", "clearance", "resolution", "boundary", "obstacles"});
    if (!v["x"] || !v["y"]) r_->fail(v, "plan_path needs 'x' and 'y', the goal");
    const auto value = [&](const char* key, double fallback) {
      return v[key] ? expression(v[key], scope, false) : Compiled::of_constant(fallback);
    };
    out.push_back(PlanPath{value("x", 0), value("y", 0), value("clearance", 0.3),
                           value("resolution", 0.1), value("boundary", 2.0),
                           v["obstacles"] ? reference(v["obstacles"], scope, ParamType::Classes)
                                          : Compiled::of_constant(-1)});
    return;
  }
  if (verb == "spawn") {
    r_->expect_map(v, "spawn", {"net", "args", "wait", "prompt"});
    if (!v["net"]) r_->fail(v, "spawn needs 'net'");
    Spawn s;
    const std::string net = r_->string(v["net"], "net");
    s.program = program(net, v["net"], behavior);
    spawns_.push_back({compiling_program_, s.program, v["net"], r_});
    s.args = arguments(v["args"], v, net, scope);
    note_goals(declared_[index_.at(net)], s.args, v["args"], compiling_program_);
    s.wait = v["wait"] ? r_->boolean(v["wait"], "wait") : false;
    s.prompt = v["prompt"] ? r_->boolean(v["prompt"], "prompt") : false;
    if (s.prompt && !s.wait) r_->fail(v["prompt"], "'prompt' is about resuming after a 'wait'");
    out.push_back(std::move(s));
    return;
  }
  if (verb == "kill") {
    out.push_back(Kill{program(r_->string(v, "net"), v, behavior)});
    return;
  }
  // show
  if (agent) r_->fail(item, "'show' sets a traffic signal; only global nets may");
  r_->expect_map(v, "show", {"signal", "lamp", "head"});
  if (!v["signal"]) r_->fail(v, "show needs 'signal'");
  Show s{reference(v["signal"], scope, ParamType::Signal)};
  // Lamp and head names are listed in the order of their enums.
  const auto one_of = [&](const char* key, const std::vector<std::string>& names) {
    const std::string name = r_->string(v[key], key);
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      r_->fail(v[key], std::string("a ") + key + " is one of " + list);
    }
    return static_cast<int>(it - names.begin());
  };
  if (v["lamp"]) s.lamp = one_of("lamp", {"GREEN", "YELLOW", "RED"});
  if (v["head"]) s.head = one_of("head", {"WALK", "FLASHING_DONT_WALK", "DONT_WALK"});
  out.push_back(std::move(s));
}

// Spawn arguments by parameter name; a location, signal or region parameter takes a name (of the
// world, or a parameter of the calling net of that type), a number parameter an expression.
std::vector<Compiled> ScriptsLoader::arguments(const YAML::Node& args, const YAML::Node& at,
                                               const std::string& net, const Scope& scope) {
  const Declared& d = declared_[index_.at(net)];
  std::vector<Compiled> out(d.params.size());
  std::vector<bool> given(d.params.size(), false);
  if (args && !args.IsNull()) {
    r_->expect_map(args, "args", {});
    for (const auto& kv : args) {
      const std::string name = r_->string(kv.first, "argument");
      std::size_t k = 0;
      while (k < d.params.size() && d.params[k].name != name) ++k;
      if (k == d.params.size()) {
        std::vector<std::string> names;
        for (const auto& p : d.params) names.push_back(p.name);
        r_->fail(kv.first, "net '" + d.name + "' has no parameter '" + name + "'" + did_you_mean(name, names));
      }
      out[k] = d.params[k].type == ParamType::Number ? expression(kv.second, scope, false)
                                                     : reference(kv.second, scope, d.params[k].type);
      given[k] = true;
    }
  }
  for (std::size_t k = 0; k < d.params.size(); ++k) {
    if (given[k]) continue;
    if (d.params[k].required)
      r_->fail(args && !args.IsNull() ? args : at,
              "net '" + d.name + "' needs argument '" + d.params[k].name + "'");
    out[k] = Compiled::of_constant(d.params[k].fallback);
  }
  return out;
}

Compiled ScriptsLoader::expression(const YAML::Node& n, const Scope& scope, bool condition) {
  if (!n.IsScalar()) r_->fail(n, condition ? "a condition must be an expression" : "expected a value");
  Scope here = scope;
  here.site = (static_cast<std::uint64_t>(n.Mark().line) << 20) ^ static_cast<std::uint64_t>(n.Mark().column);
  const Symbols symbols = make_symbols(here);
  try {
    return condition ? compile_condition(n.Scalar(), symbols) : compile_number(n.Scalar(), symbols);
  } catch (const ExprError& e) {
    fail_in(n, e.offset(), e.what());
  }
}

Compiled ScriptsLoader::reference(const YAML::Node& n, const Scope& scope, ParamType type) {
  if (type == ParamType::Classes && n.IsSequence()) {  // [pole, tree]: a set of classes
    std::uint64_t mask = 0;
    for (const auto& c : n) {
      const double bits = reference(c, scope, type).value;
      if (bits < 0) r_->fail(c, "'default' stands alone, not in a list of classes");
      mask |= static_cast<std::uint64_t>(bits);
    }
    return Compiled::of_constant(static_cast<double>(mask));
  }
  const std::string name = r_->string(n, param_type_name(type));
  Arg arg;
  arg.name = name;
  try {
    return typed_reference(scope, arg, type);
  } catch (const ExprError& e) {
    fail_in(n, 0, e.what());
  }
}

NetStart ScriptsLoader::start(const YAML::Node& entry, int behavior) {
  YAML::Node name_node = entry, args;
  if (!entry.IsScalar()) {
    r_->expect_map(entry, "a net to start", {"net", "args"});
    if (!entry["net"]) r_->fail(entry, "a net to start needs 'net'");
    // Node::operator= would write into the YAML tree; reset() rebinds the handle.
    name_node.reset(entry["net"]);
    args.reset(entry["args"]);
  }
  const std::string net = r_->string(name_node, "net");
  NetStart s{program(net, name_node, behavior), {}};
  // Start arguments are constants: names of the world or numbers.
  const Scope scope = scope_for(nullptr, behavior);
  const std::vector<Compiled> given = arguments(args, entry, net, scope);
  for (const Compiled& c : given) {
    if (!c.constant) r_->fail(entry["args"], "arguments of a starting net must be constants");
    s.args.push_back(c.value);
  }
  note_goals(declared_[index_.at(net)], given, args, s.program);
  return s;
}

void ScriptsLoader::note_goals(const Declared& d, const std::vector<Compiled>& args, const YAML::Node& at,
                               std::uint32_t program) {
  // Only the built-in locomotion nets say that a location parameter is a destination.
  if (!d.builtin || r_ != scenario_reader_ || !at || !at.IsMap()) return;
  for (std::size_t k = 0; k < d.params.size() && k < args.size(); ++k)
    if (d.params[k].type == ParamType::Location && args[k].constant && at[d.params[k].name])
      goal_sites_.push_back({program, static_cast<int>(args[k].value), at[d.params[k].name]});
}

void ScriptsLoader::note_target(const NetTemplate& net, int sensor, const Compiled& location,
                                const YAML::Node& at) {
  if (r_ != scenario_reader_ || !location.constant) return;
  for (const Attraction& a : attractions(net))
    if (a.sensor == sensor) {
      goal_sites_.push_back({compiling_program_, static_cast<int>(location.value), at});
      return;
    }
}

std::vector<std::uint32_t> ScriptsLoader::spawn_closure(std::uint32_t program) const {
  std::vector<std::uint32_t> out{program};
  std::vector<std::uint8_t> seen(scripts_.programs.size(), 0);
  if (program < seen.size()) seen[program] = 1;
  for (std::size_t k = 0; k < out.size(); ++k)
    for (const Site& s : spawns_)
      if (s.from == out[k] && s.to < seen.size() && !seen[s.to]) {
        seen[s.to] = 1;
        out.push_back(s.to);
      }
  return out;
}

void ScriptsLoader::light_nets(const std::vector<SignalTiming>& timings) {
  if (timings.empty()) return;
  const auto id = static_cast<std::uint32_t>(scripts_.programs.size());
  scripts_.programs.push_back(light_net_program(world_));
  for (std::size_t s = 0; s < timings.size(); ++s)
    scripts_.global.push_back({id, light_net_args(static_cast<int>(s), timings[s])});
  scripts_.timings = timings;
}

void ScriptsLoader::routes(const YAML::Node& walk_net, const YAML::Node& cross_net, int behavior,
                           PopulationSpec& population) {
  RoutePrograms& rp = scripts_.routes;
  const auto param_of = [&](std::uint32_t program, const YAML::Node& at, const char* name,
                            ParamType type) {
    const Program& p = scripts_.programs[program];
    const int i = p.find_value(name);
    if (i < 0 || static_cast<std::size_t>(i) >= p.params.size() || p.params[i].type != type)
      r_->fail(at, "net '" + p.name + "' is used for route legs, so it needs a " +
                      param_type_name(type) + " parameter '" + name + "'");
    return static_cast<std::uint32_t>(i);
  };
  const std::uint32_t walk = program(r_->string(walk_net, "walk_net"), walk_net, behavior);
  rp.walk = static_cast<int>(walk);
  rp.walk_to = param_of(walk, walk_net, "to", ParamType::Location);
  const auto optional_param = [&](const char* name) {
    const int i = scripts_.programs[walk].find_value(name);
    return i >= 0 && static_cast<std::size_t>(i) < scripts_.programs[walk].params.size()
               ? static_cast<int>(param_of(walk, walk_net, name, ParamType::Location))
               : -1;
  };
  rp.walk_next = optional_param("next");
  rp.walk_from = optional_param("from");
  if (cross_net) {
    const std::uint32_t cross = program(r_->string(cross_net, "cross_net"), cross_net, behavior);
    rp.cross = static_cast<int>(cross);
    rp.cross_from = param_of(cross, cross_net, "from", ParamType::Location);
    rp.cross_to = param_of(cross, cross_net, "to", ParamType::Location);
    rp.cross_signal = param_of(cross, cross_net, "signal", ParamType::Signal);
    rp.cross_crosswalk = param_of(cross, cross_net, "crosswalk", ParamType::Region);
  }
  population.route_program = static_cast<std::uint32_t>(scripts_.programs.size());
  scripts_.programs.push_back(route_program(world_, nets_[behavior]));
}

}  // namespace footfall

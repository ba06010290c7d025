// The scenario's `action_selection:` section: see action_loader.hpp and docs/action_selection.md.
#include "action_loader.hpp"

#include <algorithm>
#include <initializer_list>
#include <utility>

namespace footfall {
namespace {

using action::kNone;

class ActionLoader {
 public:
  ActionLoader(const yaml::Reader& r, const World& world, const std::vector<NetTemplate>& nets,
               ScriptsLoader& scripts, const Agents& agents, const AgentModel& model)
      : r_(r), world_(world), nets_(nets), scripts_(scripts), agents_(agents), model_(model) {}

  ActionSelection load(const YAML::Node& n) {
    r_.expect_map(n, "action_selection", {"kinds", "fields", "objects", "systems", "control"});
    out_.fields = {"occupied"};
    if (const auto f = n["fields"]) {
      r_.expect_seq(f, "action_selection.fields");
      for (const auto& name : f) out_.fields.push_back(r_.string(name, "action_selection.fields"));
      if (out_.fields.size() > 32) r_.fail(f, "action_selection.fields: at most 31 fields");
    }
    if (const auto k = n["kinds"]) {
      r_.expect_seq(k, "action_selection.kinds");
      for (const auto& name : k) out_.kinds.push_back(r_.string(name, "action_selection.kinds"));
    }
    out_.acquaintance = kind_index("acquaintance", true);
    if (const auto objects = n["objects"]) {
      r_.expect_seq(objects, "action_selection.objects");
      for (const auto& o : objects) out_.objects.push_back(object(o, "action_selection.objects"));
    }
    if (!n["systems"]) r_.fail(n, "action_selection has no 'systems'");
    r_.expect_map(n["systems"], "action_selection.systems", {});
    for (const auto& kv : n["systems"]) out_.systems.push_back(system(r_.string(kv.first, "a system's name"), kv.second));
    if (const auto c = n["control"]) {
      r_.expect_seq(c, "action_selection.control");
      for (const auto& entry : c) out_.controls.push_back(control(entry));
    }
    return std::move(out_);
  }

 private:
  std::uint32_t kind_index(const std::string& name, bool add) {
    const auto it = std::find(out_.kinds.begin(), out_.kinds.end(), name);
    if (it != out_.kinds.end()) return static_cast<std::uint32_t>(it - out_.kinds.begin());
    if (!add) return kNone;
    out_.kinds.push_back(name);
    return static_cast<std::uint32_t>(out_.kinds.size() - 1);
  }

  std::uint32_t field_index(const std::string& name) {
    const auto it = std::find(out_.fields.begin(), out_.fields.end(), name);
    if (it != out_.fields.end()) return static_cast<std::uint32_t>(it - out_.fields.begin());
    out_.fields.push_back(name);
    return static_cast<std::uint32_t>(out_.fields.size() - 1);
  }

  std::uint32_t kind(const YAML::Node& n, const std::string& what) {
    return kind_index(r_.string(n, what), true);
  }

  std::uint32_t fields(const YAML::Node& n, const std::string& what) {
    std::uint32_t bits = 0;
    r_.expect_seq(n, what);
    for (const auto& f : n) {
      const std::string name = r_.string(f, what);
      const auto it = std::find(out_.fields.begin(), out_.fields.end(), name);
      if (it == out_.fields.end())
        r_.fail(f, what + ": unknown field '" + name + "'" + yaml::suggest(name, out_.fields) +
                       " (declare it under action_selection.fields)");
      bits |= 1u << (it - out_.fields.begin());
    }
    return bits;
  }

  Vec2 place(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar()) {
      const int l = world_.find_location(n.Scalar());
      if (l < 0) r_.fail(n, what + ": unknown location '" + n.Scalar() + "'");
      return world_.locations[l].position;
    }
    return r_.vec2(n, what);
  }

  ActionObject object(const YAML::Node& n, const std::string& what) {
    r_.expect_map(n, what, {"name", "kind", "at", "fields", "capacity", "occupied_within", "queue"});
    for (const char* key : {"name", "kind", "at"})
      if (!n[key]) r_.fail(n, what + ": an object needs '" + key + "'");
    ActionObject o;
    o.name = r_.string(n["name"], what + ".name");
    o.kind = kind(n["kind"], what + ".kind");
    o.at = place(n["at"], what + ".at");
    if (n["fields"]) o.fields = fields(n["fields"], what + ".fields");
    if (n["capacity"]) o.capacity = static_cast<std::uint32_t>(r_.integer(n["capacity"], what + ".capacity", 0, 1000));
    if (n["occupied_within"]) o.occupied_within = r_.number(n["occupied_within"], what + ".occupied_within", 0, 100);
    if (const auto q = n["queue"]) {
      const std::string qw = what + ".queue";
      r_.expect_map(q, qw, {"toward", "spacing", "width", "places"});
      if (!q["toward"]) r_.fail(q, qw + " needs 'toward' (the line's direction from the counter)");
      const Vec2 toward = r_.vec2(q["toward"], qw + ".toward");
      if (toward.norm() < 1e-9) r_.fail(q["toward"], qw + ".toward: a direction, not [0, 0]");
      o.queue_toward = toward.normalized();
      o.queue_spacing = q["spacing"] ? r_.number(q["spacing"], qw + ".spacing", 0.3, 10) : 0.8;
      if (q["width"]) o.queue_width = r_.number(q["width"], qw + ".width", 0.05, 10);
      if (q["places"]) o.queue_places = static_cast<std::uint32_t>(r_.integer(q["places"], qw + ".places", 1, 1000));
    }
    return o;
  }

  // ---- one system ---------------------------------------------------------------------------
  ActionSystemSpec system(const std::string& name, const YAML::Node& n) {
    const std::string what = "action_selection.systems." + name;
    r_.expect_map(n, what, {"net", "tick", "range", "memory", "object_of_interest", "travel", "acquaintances",
                            "spring_back", "variables", "releasing", "groups", "motor_commands", "gaze",
                            "goal", "open_space", "sit_seconds"});
    for (const char* key : {"net", "groups"})
      if (!n[key]) r_.fail(n, what + " needs '" + key + "'");
    ActionSystemSpec spec;
    action::System& s = spec.system;
    s.name = name;
    const std::string net_name = r_.string(n["net"], what + ".net");
    const auto net_it = std::find_if(nets_.begin(), nets_.end(), [&](const NetTemplate& t) { return t.name() == net_name; });
    if (net_it == nets_.end()) r_.fail(n["net"], what + ".net: no behavior net '" + net_name + "'");
    spec.net = static_cast<std::uint32_t>(net_it - nets_.begin());
    net_ = &*net_it;
    if (n["tick"]) s.tick = r_.number(n["tick"], what + ".tick", 1e-3, 10);
    if (n["range"]) spec.range = r_.number(n["range"], what + ".range", 0, 1e4);
    if (n["memory"]) s.memory = static_cast<std::uint32_t>(r_.integer(n["memory"], what + ".memory", 0, 1000));
    if (n["spring_back"]) spec.spring_back = r_.boolean(n["spring_back"], what + ".spring_back");
    if (n["acquaintances"]) spec.acquaintances = r_.number(n["acquaintances"], what + ".acquaintances", 0, 1);
    if (n["object_of_interest"]) spec.it_x_slot = sensor_slot(n["object_of_interest"], what + ".object_of_interest");
    const NetNode& walk = net_->nodes()[net_->walk_node()];
    const int slots[4] = {walk_p::StepLength, walk_p::MinStep, walk_p::MaxStep, walk_p::StepTime};
    for (int k = 0; k < 4; ++k) spec.step_slots[k] = walk.param_offset + static_cast<std::uint32_t>(slots[k]);
    if (n["gaze"]) gaze(spec.gaze, n["gaze"], what + ".gaze");
    if (n["sit_seconds"]) spec.sit_seconds = r_.number(n["sit_seconds"], what + ".sit_seconds", 0.05, 10);
    // Navigation signals about the goal (D-LOI-07, §5.7.5 Fig. 34): an object of kind `goal` where
    // this sensor points, with fields free_path, behind and open_space.
    if (n["goal"]) {
      spec.goal_x_slot = sensor_slot(n["goal"], what + ".goal");
      spec.goal_kind = kind_index("goal", true);
      const std::uint32_t bits[3] = {field_index("free_path"), field_index("behind"), field_index("open_space")};
      if (bits[2] >= 32) r_.fail(n["goal"], what + ".goal: at most 31 fields with free_path, behind and open_space");
      spec.free_path_bit = bits[0], spec.behind_bit = bits[1], spec.open_space_bit = bits[2];
    }
    if (n["open_space"]) {
      if (!n["goal"]) r_.fail(n["open_space"], what + ".open_space: only with 'goal'");
      spec.open_space = r_.number(n["open_space"], what + ".open_space", 0.1, 100);
    }

    // Names first, so that behaviors, groups and RMs may refer to each other in any order.
    if (const auto v = n["variables"]) {
      r_.expect_map(v, what + ".variables", {});
      for (const auto& kv : v) s.variables.emplace_back().name = r_.string(kv.first, "a variable's name");
    }
    if (const auto rm = n["releasing"]) {
      r_.expect_map(rm, what + ".releasing", {});
      for (const auto& kv : rm) s.rms.emplace_back().name = r_.string(kv.first, "a releasing mechanism's name");
    }
    r_.expect_map(n["groups"], what + ".groups", {});
    for (const auto& g : n["groups"]) {
      s.groups.emplace_back().name = r_.string(g.first, "a group's name");
      r_.expect_map(g.second, what + ".groups." + s.groups.back().name,
                    {"behaviors", "gains", "max_iterations"});
      if (!g.second["behaviors"]) r_.fail(g.second, what + ".groups." + s.groups.back().name + " needs 'behaviors'");
      r_.expect_map(g.second["behaviors"], what + ".groups." + s.groups.back().name + ".behaviors", {});
      for (const auto& b : g.second["behaviors"]) {
        const std::string bname = r_.string(b.first, "a behavior's name");
        if (s.find_behavior(bname) != kNone) r_.fail(b.first, what + ": two behaviors named '" + bname + "'");
        s.groups.back().members.push_back(static_cast<std::uint32_t>(s.behaviors.size()));
        s.behaviors.emplace_back().name = bname;
      }
    }
    s.kinds = out_.kinds;  // grows below; copied again at the end
    command_table(s, spec, n["motor_commands"], what + ".motor_commands");
    if (const auto v = n["variables"])
      for (const auto& kv : v) variable(s, spec, kv.first.Scalar(), kv.second, what + ".variables." + kv.first.Scalar());
    if (const auto rm = n["releasing"])
      for (const auto& kv : rm) releasing(s, kv.first.Scalar(), kv.second, what + ".releasing." + kv.first.Scalar());
    std::uint32_t g = 0;
    for (const auto& gkv : n["groups"]) {
      const std::string gwhat = what + ".groups." + gkv.first.Scalar();
      for (const auto& b : gkv.second["behaviors"])
        behavior(s, spec, s.find_behavior(b.first.Scalar()), b.second, gwhat + ".behaviors." + b.first.Scalar());
      group(s, g++, gkv.second, gwhat);
    }
    if (n["travel"]) {
      spec.travel = s.find_behavior(r_.string(n["travel"], what + ".travel"));
      const auto& top = s.groups[0].members;
      if (std::find(top.begin(), top.end(), spec.travel) == top.end())
        r_.fail(n["travel"], what + ".travel: must name a behavior of the first (top) group");
    }
    s.kinds = out_.kinds;
    s.fields = out_.fields;
    spec.walk_skill = action::find_skill(spec.skills, "walk");
    spec.sit_skill = action::find_skill(spec.skills, "sit");
    spec.acquaintance_range = 0;
    for (const action::ReleasingMechanism& rm : s.rms)
      if (!rm.it && rm.kind == out_.acquaintance) spec.acquaintance_range = std::max(spec.acquaintance_range, std::min(rm.max, spec.range));
    if (const std::string problem = action::finish(s); !problem.empty()) r_.fail(n, what + ": " + problem);
    return spec;
  }

  std::uint32_t sensor_slot(const YAML::Node& n, const std::string& what) {
    const std::string node = r_.string(n, what);
    const int i = net_->find_node(node);
    if (i < 0 || net_->nodes()[i].kind != NodeKind::LocationSensor)
      r_.fail(n, what + ": '" + node + "' is not a location_sensor of behavior net '" + net_->name() + "'");
    return static_cast<std::uint32_t>(net_->find_param(node, "x"));
  }

  // One of a few words, each standing for a value; anything else is an error listing them.
  template <class E>
  E choice(const YAML::Node& n, const std::string& what, std::initializer_list<std::pair<const char*, E>> options) {
    const std::string text = r_.string(n, what);
    std::string listed;
    for (const auto& [word, value] : options) {
      if (text == word) return value;
      listed += (listed.empty() ? "" : ", ") + std::string(word);
    }
    r_.fail(n, what + ": '" + text + "' is not one of " + listed);
  }

  std::uint32_t named(const YAML::Node& n, const std::string& what, std::uint32_t found, const char* thing) {
    if (found == kNone) r_.fail(n, what + ": no " + thing + " '" + n.Scalar() + "'");
    return found;
  }

  void variable(action::System& s, ActionSystemSpec& spec, const std::string& name, const YAML::Node& n,
                const std::string& what) {
    r_.expect_map(n, what, {"initial", "growth", "damping", "min", "max", "model"});
    const std::uint32_t index = s.find_variable(name);
    action::InternalVariable& v = s.variables[index];
    if (n["growth"]) v.growth = r_.number(n["growth"], what + ".growth", -1e6, 1e6);
    if (n["damping"]) v.damping = r_.number(n["damping"], what + ".damping", 0, 1);
    if (n["min"]) v.min = r_.number(n["min"], what + ".min", -1e12, 1e12);
    if (n["max"]) v.max = r_.number(n["max"], what + ".max", -1e12, 1e12);
    if (v.min > v.max) r_.fail(n, what + ": min > max");
    Motivation m;
    m.variable = index;
    if (const auto i = n["initial"]; i && i.IsSequence()) {
      const Vec2 range = r_.vec2(i, what + ".initial");
      m.lo = range.x(), m.hi = range.y();
      if (m.lo > m.hi) r_.fail(i, what + ".initial: [low, high] with low ≤ high");
    } else if (i) {
      m.lo = m.hi = r_.number(i, what + ".initial", -1e12, 1e12);
    }
    v.initial = std::clamp(0.5 * (m.lo + m.hi), v.min, v.max);
    if (const auto mm = n["model"]) {
      r_.expect_map(mm, what + ".model", {"parameter", "weight"});
      if (!mm["parameter"]) r_.fail(mm, what + ".model needs 'parameter'");
      const std::string p = r_.string(mm["parameter"], what + ".model.parameter");
      m.model_parameter = model_.find_parameter(p);
      if (m.model_parameter < 0)
        r_.fail(mm["parameter"], what + ".model.parameter: no agent-model parameter '" + p + "'" +
                                     yaml::suggest(p, model_.parameters));
      m.model_default = model_.defaults[m.model_parameter];
      m.model_weight = mm["weight"] ? r_.number(mm["weight"], what + ".model.weight", -100, 100) : 1.0;
    }
    spec.motivations.push_back(m);
  }

  void modifies(const action::System& s, const YAML::Node& n, const std::string& what,
                std::vector<action::ModifyVariable>& out) {
    r_.expect_seq(n, what);
    for (const auto& m : n) {
      r_.expect_map(m, what, {"variable", "gain", "mode"});
      if (!m["variable"] || !m["gain"]) r_.fail(m, what + ": a modify needs 'variable' and 'gain'");
      action::ModifyVariable mv;
      mv.variable = named(m["variable"], what + ".variable", s.find_variable(r_.string(m["variable"], what)), "internal variable");
      mv.gain = r_.number(m["gain"], what + ".gain", -1e6, 1e6);
      if (const auto mode = m["mode"]) {
        mv.mode = choice<action::ModifyMode>(mode, what + ".mode", {{"multiply", action::ModifyMode::Multiply},
                                                {"absolute", action::ModifyMode::Absolute},
                                                {"set", action::ModifyMode::Set}});
      }
      out.push_back(mv);
    }
  }

  void releasing(action::System& s, const std::string& name, const YAML::Node& n, const std::string& what) {
    r_.expect_map(n, what, {"find", "filter", "range", "max_value", "weighting", "steepness", "temporal", "novel", "modify"});
    action::ReleasingMechanism& rm = s.rms[s.find_rm(name)];
    if (!n["find"]) r_.fail(n, what + " needs 'find' (a kind, or `it` for the object of interest)");
    if (r_.string(n["find"], what + ".find") == "it") rm.it = true;
    else rm.kind = kind(n["find"], what + ".find");
    if (const auto f = n["filter"]) {
      r_.expect_map(f, what + ".filter", {"any", "all", "not", "nand"});
      if (f.size() != 1) r_.fail(f, what + ".filter: one of any, all, not, nand");
      const std::string op = f.begin()->first.Scalar();
      rm.logic = op == "any" ? action::FieldLogic::Any : op == "all" ? action::FieldLogic::All
               : op == "not" ? action::FieldLogic::Not : action::FieldLogic::Nand;
      rm.fields = fields(f.begin()->second, what + ".filter." + op);
    }
    if (const auto range = n["range"]) {
      r_.expect_seq(range, what + ".range");
      if (range.size() != 3) r_.fail(range, what + ".range: [min, optimal, max] metres");
      rm.min = r_.number(range[0], what + ".range", 0, 1e6);
      rm.optimal = r_.number(range[1], what + ".range", 0, 1e6);
      rm.max = r_.number(range[2], what + ".range", 0, 1e6);
      if (!(rm.min <= rm.optimal && rm.optimal <= rm.max)) r_.fail(range, what + ".range: min ≤ optimal ≤ max");
    }
    if (n["max_value"]) rm.max_value = r_.number(n["max_value"], what + ".max_value", 0, 1e9);
    if (const auto w = n["weighting"])
      rm.weighting = choice<action::Weighting>(w, what + ".weighting", {{"linear", action::Weighting::Linear},
                                                     {"exponential", action::Weighting::Exponential},
                                                     {"flat", action::Weighting::Flat}});
    if (n["steepness"]) rm.steepness = r_.number(n["steepness"], what + ".steepness", 1e-3, 100);
    if (const auto t = n["temporal"]) {
      r_.expect_map(t, what + ".temporal", {"average", "sum", "latch"});
      if (t.size() != 1) r_.fail(t, what + ".temporal: one of average, sum, latch: ticks");
      const std::string op = t.begin()->first.Scalar();
      rm.temporal = op == "average" ? action::Temporal::Average : op == "sum" ? action::Temporal::Sum : action::Temporal::Latch;
      rm.window = static_cast<std::uint32_t>(r_.integer(t.begin()->second, what + ".temporal." + op, 1, 100000));
    }
    if (n["novel"]) rm.novel = r_.boolean(n["novel"], what + ".novel");
    if (n["modify"]) modifies(s, n["modify"], what + ".modify", rm.modifies);
  }

  void behavior(action::System& s, ActionSystemSpec& spec, std::uint32_t index, const YAML::Node& n,
                const std::string& what) {
    r_.expect_map(n, what, {"variables", "releasing", "combine", "level_of_interest", "modify", "child", "action", "suggest"});
    action::Behavior& b = s.behaviors[index];
    if (const auto v = n["variables"]) {
      r_.expect_seq(v, what + ".variables");
      for (const auto& x : v) b.variables.push_back(named(x, what + ".variables", s.find_variable(r_.string(x, what)), "internal variable"));
    }
    if (const auto v = n["releasing"]) {
      r_.expect_seq(v, what + ".releasing");
      for (const auto& x : v) b.rms.push_back(named(x, what + ".releasing", s.find_rm(r_.string(x, what)), "releasing mechanism"));
    }
    if (const auto c = n["combine"])
      b.combine = choice<action::Combine>(c, what + ".combine", {{"add", action::Combine::Add}, {"multiply", action::Combine::Multiply}});
    if (const auto l = n["level_of_interest"]) {
      const std::string lw = what + ".level_of_interest";
      r_.expect_map(l, lw, {"mode", "decay", "recovery", "progress", "hold", "fade", "recover_on"});
      b.loi.mode = !l["mode"] ? action::LoiMode::Time
                              : choice<action::LoiMode>(l["mode"], lw + ".mode", {{"time", action::LoiMode::Time},
                                                                 {"progress", action::LoiMode::Progress},
                                                                 {"course", action::LoiMode::Course},
                                                                 {"off", action::LoiMode::Off}});
      if (b.loi.mode != action::LoiMode::Course)
        for (const char* key : {"hold", "fade"})
          if (l[key]) r_.fail(l[key], lw + "." + key + ": only for mode course");
      if (l["hold"]) b.loi.hold = r_.number(l["hold"], lw + ".hold", 0, 1e9);
      if (l["fade"]) b.loi.fade = r_.number(l["fade"], lw + ".fade", 1, 1e9);
      if (l["decay"]) b.loi.decay = r_.number(l["decay"], lw + ".decay", 0, 1);
      if (l["recovery"]) b.loi.recovery = r_.number(l["recovery"], lw + ".recovery", 0, 1);
      if (l["progress"]) b.loi.progress = r_.number(l["progress"], lw + ".progress", 0, 100);
      if (const auto ro = l["recover_on"]) {
        if (b.loi.mode != action::LoiMode::Time) r_.fail(ro, lw + ".recover_on: only for mode time");
        r_.expect_seq(ro, lw + ".recover_on");
        for (const auto& x : ro)
          b.loi.recover_on.push_back(named(x, lw + ".recover_on", s.find_rm(r_.string(x, lw + ".recover_on")), "releasing mechanism"));
      }
    }
    if (n["modify"]) modifies(s, n["modify"], what + ".modify", b.modifies);
    if (const auto c = n["child"]) b.child = named(c, what + ".child", s.find_group(r_.string(c, what + ".child")), "behavior group");
    if (n["action"]) acts(s, spec, n["action"], what + ".action", b.action);
    if (n["suggest"]) acts(s, spec, n["suggest"], what + ".suggest", b.suggestion);
  }

  void group(action::System& s, std::uint32_t g, const YAML::Node& n, const std::string& what) {
    action::Group& group = s.groups[g];
    const std::size_t m = group.members.size();
    group.gains.assign(m * m, action::kDefaultGain);
    if (n["max_iterations"]) group.max_iterations = static_cast<std::uint32_t>(r_.integer(n["max_iterations"], what + ".max_iterations", 1, 10000));
    const auto gains = n["gains"];
    if (!gains) return;
    // gains: {a: 3} — a's gain against every other member; {a: {b: 3}} — a's gain against b.
    r_.expect_map(gains, what + ".gains", {});
    auto member = [&](const YAML::Node& key) {
      const std::uint32_t b = s.find_behavior(key.Scalar());
      const auto it = std::find(group.members.begin(), group.members.end(), b);
      if (it == group.members.end()) r_.fail(key, what + ".gains: '" + key.Scalar() + "' is not a behavior of this group");
      return static_cast<std::size_t>(it - group.members.begin());
    };
    auto gain = [&](const YAML::Node& v, const std::string& key) {
      const double x = r_.number(v, key, -1e9, 1e9);
      if (!(x > 1.0)) r_.fail(v, key + ": an inhibitory gain must be > 1 (Blumberg 1996 §5.2), not " + v.Scalar());
      return x;
    };
    for (const auto& kv : gains) {
      const std::size_t from = member(kv.first);
      const std::string key = what + ".gains." + kv.first.Scalar();
      if (kv.second.IsMap()) {
        for (const auto& to : kv.second) {
          const std::size_t i = member(to.first);
          if (i == from) r_.fail(to.first, key + ": a behavior does not inhibit itself");
          group.gains[from * m + i] = gain(to.second, key + "." + to.first.Scalar());
        }
      } else {
        const double x = gain(kv.second, key);
        for (std::size_t i = 0; i < m; ++i)
          if (i != from) group.gains[from * m + i] = x;
      }
    }
  }

  // What a behavior does: bind, unbind, set (behavior-net parameters), aim (a location sensor at
  // the object of interest), start and stop (PaT-Nets), motor (skill commands), interest (another
  // behavior's level of interest).
  void acts(const action::System& s, const ActionSystemSpec& spec, const YAML::Node& n, const std::string& what,
            std::vector<action::Act>& out, bool allow_motor = true) {
    r_.expect_seq(n, what);
    for (const auto& item : n) {
      r_.expect_map(item, what, {"bind", "unbind", "set", "aim", "start", "stop", "motor", "interest"});
      if (item.size() != 1) r_.fail(item, what + ": an act is a map with one key: bind, unbind, set, aim, start, stop, motor, interest");
      const std::string verb = item.begin()->first.Scalar();
      const YAML::Node v = item.begin()->second;
      const std::string vw = what + "." + verb;
      if (verb == "bind" || verb == "unbind") {
        std::vector<YAML::Node> nodes;
        if (v.IsSequence()) for (const auto& x : v) nodes.push_back(x);
        else nodes.push_back(v);
        for (const auto& x : nodes) {
          const std::string node = r_.string(x, vw);
          const int i = net_->find_node(node);
          if (i < 0 || bound_param(net_->nodes()[i].kind) < 0)
            r_.fail(x, vw + ": '" + node + "' is not a control node of behavior net '" + net_->name() + "'");
          out.push_back(action::SetParam{net_->nodes()[i].param_offset + static_cast<std::uint32_t>(bound_param(net_->nodes()[i].kind)),
                                         verb == "bind" ? 1.0 : 0.0});
        }
      } else if (verb == "set") {
        r_.expect_map(v, vw, {});
        for (const auto& kv : v) {
          const std::string name = r_.string(kv.first, vw);
          const auto dot = name.find('.');
          const int slot = dot == std::string::npos ? -1 : net_->find_param(name.substr(0, dot), name.substr(dot + 1));
          if (slot < 0) r_.fail(kv.first, vw + ": '" + name + "' is not node.param of behavior net '" + net_->name() + "'");
          out.push_back(action::SetParam{static_cast<std::uint32_t>(slot), r_.number(kv.second, vw + "." + name, -1e12, 1e12)});
        }
      } else if (verb == "aim") {
        out.push_back(action::AimAt{sensor_slot(v, vw)});
      } else if (verb == "start" || verb == "stop") {
        const std::string name = r_.string(v, vw);
        if (!scripts_.declared(name)) r_.fail(v, vw + ": no PaT-Net '" + name + "'");
        const std::uint32_t program = scripts_.program(name, v, static_cast<int>(spec.net));
        const patnet::Program& p = scripts_.scripts().programs[program];
        if (p.global) r_.fail(v, vw + ": '" + name + "' is a global net");
        if (verb == "start")
          for (const patnet::ParamDecl& d : p.params)
            if (d.required) r_.fail(v, vw + ": PaT-Net '" + name + "' needs parameter '" + d.name + "'; give it a default to start it from a behavior");
        if (verb == "start") out.push_back(action::StartNet{program});
        else out.push_back(action::StopNet{program});
      } else if (verb == "motor") {
        if (!allow_motor) r_.fail(item, vw + ": a motor command's acts cannot issue motor commands");
        const YAML::Node name_node = v.IsMap() ? v["skill"] : v;
        if (v.IsMap()) r_.expect_map(v, vw, {"skill", "form", "args"});
        if (!name_node) r_.fail(v, vw + " needs 'skill'");
        const std::string name = r_.string(name_node, vw + ".skill");
        // A generic command of this template's table (D-MOT-10); a skill's own name is one.
        const std::uint32_t k = spec.find_command(name);
        if (k == kNone) {
          std::vector<std::string> names;
          for (const auto& g : spec.commands) names.push_back(g.name);
          r_.fail(name_node, vw + ": no motor command or skill '" + name + "'" + yaml::suggest(name, names) +
                                 " (add it under the system's motor_commands)");
        }
        const GenericCommand& g = spec.commands[k];
        action::MotorCommand c = g.command;
        if (v.IsMap()) motor_form(v, vw, c);
        out.insert(out.end(), g.acts.begin(), g.acts.end());
        out.push_back(c);
      } else {  // interest
        r_.expect_map(v, vw, {"behavior", "value"});
        if (!v["behavior"] || !v["value"]) r_.fail(v, vw + " needs 'behavior' and 'value'");
        out.push_back(action::SetLoi{named(v["behavior"], vw + ".behavior", s.find_behavior(r_.string(v["behavior"], vw)), "behavior"),
                                     r_.number(v["value"], vw + ".value", 0, 1)});
      }
    }
  }

  // A motor command's form and arguments, where given.
  void motor_form(const YAML::Node& v, const std::string& vw, action::MotorCommand& c) {
    if (v["form"])
      c.form = choice<action::Form>(v["form"], vw + ".form", {{"primary", action::Form::Primary},
                                                {"secondary", action::Form::Secondary},
                                                {"meta", action::Form::Meta}});
    if (v["args"]) {
      const Vec2 args = r_.vec2(v["args"], vw + ".args");
      c.arg0 = args.x(), c.arg1 = args.y();
      if (!(c.arg0 > 0 && c.arg1 > 0)) r_.fail(v["args"], vw + ".args: factors > 0");
    }
  }

  // The template's generic motor commands (D-MOT-10): the defaults, then the file's entries over
  // them. Defaults: every skill by its own name (so files that name skills run as before), and
  // move_forward, turn and walk_to → walk (walk_to aiming the object-of-interest sensor, when the
  // system has one), look → look_at, stop → stand.
  void command_table(const action::System& s, ActionSystemSpec& spec, const YAML::Node& n, const std::string& what) {
    const auto skill = [&](const char* name) { return action::find_skill(spec.skills, name); };
    for (std::uint32_t k = 0; k < spec.skills.size(); ++k) spec.commands.push_back({spec.skills[k].name, {k}, {}});
    for (const char* name : {"move_forward", "turn"}) spec.commands.push_back({name, {skill("walk")}, {}});
    spec.commands.push_back({"walk_to", {skill("walk")}, {}});
    if (spec.it_x_slot != kNone) spec.commands.back().acts.push_back(action::AimAt{spec.it_x_slot});
    spec.commands.push_back({"look", {skill("look_at")}, {}});
    spec.commands.push_back({"stop", {skill("stand")}, {}});
    if (!n) return;
    r_.expect_map(n, what, {});
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, what);
      const std::string ew = what + "." + name;
      const YAML::Node v = kv.second;
      if (v.IsMap()) r_.expect_map(v, ew, {"skill", "form", "args", "act"});
      const YAML::Node skill_node = v.IsMap() ? v["skill"] : v;
      if (!skill_node) r_.fail(v, ew + " needs 'skill'");
      const std::string skill_name = r_.string(skill_node, ew + ".skill");
      GenericCommand g{name, {skill(skill_name.c_str())}, {}};
      if (g.command.skill == kNone) {
        std::vector<std::string> names;
        for (const auto& k : spec.skills) names.push_back(k.name);
        r_.fail(skill_node, ew + ".skill: no motor skill '" + skill_name + "'" + yaml::suggest(skill_name, names));
      }
      if (v.IsMap()) {
        motor_form(v, ew, g.command);
        if (v["act"]) acts(s, spec, v["act"], ew + ".act", g.acts, false);
      }
      if (const std::uint32_t k = spec.find_command(name); k != kNone) spec.commands[k] = std::move(g);
      else spec.commands.push_back(std::move(g));
    }
  }

  // Gaze speeds (°/s), lags (s) and ranges (°) of eyes, head and trunk (D-MOT-12, select/gaze.hpp).
  void gaze(action::GazeLimits& g, const YAML::Node& n, const std::string& what) {
    r_.expect_map(n, what, {"eye_speed", "head_speed", "trunk_speed", "head_lag", "trunk_lag", "eye_range",
                            "head_range", "trunk_range"});
    const auto deg = [&](const char* key, double& out, double lo, double hi) {
      if (n[key]) out = r_.number(n[key], what + "." + key, lo, hi) * action::kDegree;
    };
    deg("eye_speed", g.eye_speed, 1, 2000);
    deg("head_speed", g.head_speed, 1, 2000);
    deg("trunk_speed", g.trunk_speed, 1, 2000);
    deg("eye_range", g.eye_range, 0, 90);
    deg("head_range", g.head_range, 0, 120);
    deg("trunk_range", g.trunk_range, 0, 90);
    if (n["head_lag"]) g.head_lag = r_.number(n["head_lag"], what + ".head_lag", 0, 10);
    if (n["trunk_lag"]) g.trunk_lag = r_.number(n["trunk_lag"], what + ".trunk_lag", 0, 10);
    if (g.trunk_lag < g.head_lag) r_.fail(n, what + ": trunk_lag < head_lag: the head turns before the body (Blumberg 1996 §6.1.3)");
  }

  // Direct motor control at given times (D-EXT-05): {at: s, suspend: true | resume: true |
  // command: generic | walk_to: [x, y] or a location (tolerance: m) | place: [x, y] or a location}.
  void timed(const ActionSystemSpec& spec, const YAML::Node& n, const std::string& what,
             std::vector<ActionControl::Timed>& out) {
    using Kind = ActionControl::Timed::Kind;
    r_.expect_seq(n, what);
    for (const auto& e : n) {
      r_.expect_map(e, what, {"at", "suspend", "resume", "command", "walk_to", "place", "tolerance"});
      ActionControl::Timed k;
      k.at = e["at"] ? r_.number(e["at"], what + ".at", 0, 1e9) : 0.0;
      int verbs = 0;
      for (const char* v : {"suspend", "resume", "command", "walk_to", "place"}) verbs += e[v] ? 1 : 0;
      if (verbs != 1) r_.fail(e, what + ": an entry has one of suspend, resume, command, walk_to, place");
      if (e["suspend"] || e["resume"]) {
        const char* key = e["suspend"] ? "suspend" : "resume";
        if (!r_.boolean(e[key], what + "." + key)) r_.fail(e[key], what + "." + key + ": only true");
        k.kind = e["suspend"] ? Kind::Suspend : Kind::Resume;
      } else if (e["command"]) {
        k.kind = Kind::Command;
        const std::string name = r_.string(e["command"], what + ".command");
        k.command = spec.find_command(name);
        if (k.command == kNone) {
          std::vector<std::string> names;
          for (const auto& g : spec.commands) names.push_back(g.name);
          r_.fail(e["command"], what + ".command: no motor command '" + name + "'" + yaml::suggest(name, names));
        }
      } else if (e["walk_to"]) {
        k.kind = Kind::WalkTo;
        k.command = spec.find_command("walk_to");
        k.target = place(e["walk_to"], what + ".walk_to");
      } else {
        k.kind = Kind::Place;
        k.target = place(e["place"], what + ".place");
      }
      if (e["tolerance"]) {
        if (k.kind != Kind::WalkTo) r_.fail(e["tolerance"], what + ".tolerance: only for walk_to");
        k.tolerance = r_.number(e["tolerance"], what + ".tolerance", 0.05, 100);
      }
      out.push_back(k);
    }
  }

  // ---- external control of one scenario agent -----------------------------------------------
  ActionControl control(const YAML::Node& n) {
    const std::string what = "action_selection.control";
    r_.expect_map(n, what, {"agent", "set", "force", "private_objects", "hold", "suspend", "commands"});
    if (!n["agent"]) r_.fail(n, what + ": an entry needs 'agent'");
    ActionControl c;
    const std::string name = r_.string(n["agent"], what + ".agent");
    const int a = agents_.find(name);
    if (a < 0) r_.fail(n["agent"], what + ".agent: no agent '" + name + "'");
    c.agent = static_cast<std::uint32_t>(a);
    const auto sys = std::find_if(out_.systems.begin(), out_.systems.end(),
                                  [&](const ActionSystemSpec& s) { return s.net == agents_.net[a]; });
    if (sys == out_.systems.end()) r_.fail(n["agent"], what + ".agent: '" + name + "' runs no action-selection system");
    const action::System& s = sys->system;
    net_ = &nets_[agents_.net[a]];
    if (const auto set = n["set"]) {
      r_.expect_map(set, what + ".set", {});
      for (const auto& kv : set)
        c.variables.emplace_back(named(kv.first, what + ".set", s.find_variable(kv.first.Scalar()), "internal variable"),
                                 r_.number(kv.second, what + ".set." + kv.first.Scalar(), -1e12, 1e12));
    }
    if (const auto f = n["force"]) c.forced = named(f, what + ".force", s.find_behavior(r_.string(f, what + ".force")), "behavior");
    if (const auto p = n["private_objects"]) {
      r_.expect_seq(p, what + ".private_objects");
      for (const auto& o : p) c.private_objects.push_back(object(o, what + ".private_objects"));
    }
    if (const auto h = n["hold"]) {
      std::vector<action::Act> held;
      acts(s, *sys, h, what + ".hold", held);
      for (const action::Act& act : held) {
        if (!std::holds_alternative<action::SetParam>(act)) r_.fail(h, what + ".hold: only bind, unbind and set");
        c.held.push_back(std::get<action::SetParam>(act));
      }
    }
    if (n["suspend"]) c.suspended = r_.boolean(n["suspend"], what + ".suspend");
    if (const auto cs = n["commands"]) timed(*sys, cs, what + ".commands", c.timed);
    return c;
  }

  const yaml::Reader& r_;
  const World& world_;
  const std::vector<NetTemplate>& nets_;
  ScriptsLoader& scripts_;
  const Agents& agents_;
  const AgentModel& model_;
  const NetTemplate* net_ = nullptr;
  ActionSelection out_;
};

}  // namespace

ActionSelection load_action_selection(const yaml::Reader& r, const YAML::Node& n, const World& world,
                                      const std::vector<NetTemplate>& nets, ScriptsLoader& scripts,
                                      const Agents& agents, const AgentModel& model) {
  return ActionLoader(r, world, nets, scripts, agents, model).load(n);
}

}  // namespace footfall

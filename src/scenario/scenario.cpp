#include "footfall/scenario/scenario.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <unordered_map>
#include <sstream>

#include "footfall/behavior/model_effects.hpp"
#include "footfall/behavior/node_kinds.hpp"
#include "footfall/world/city.hpp"
#include "action_loader.hpp"
#include "scripts_loader.hpp"
#include "world_checks.hpp"
#include "intent_checks.hpp"
#include "navigation_settings.hpp"
#include "view_settings.hpp"
#include "measurement_spec.hpp"
#include "sources_loader.hpp"
#include "yaml_reader.hpp"

namespace footfall {
namespace {

using yaml::Reader;

constexpr double kWorld = 1e7;

struct DefaultGround {
  const char* name;
  double navigability;
  bool jaywalk;
};
// Built-in ground types; a scenario may retune them or add its own.
constexpr DefaultGround kDefaultGround[] = {
    {"sidewalk", 1.0, false}, {"crosswalk", 1.0, false}, {"street", 0.3, true},
    {"grass", 0.7, false},    {"water", 0.0, false},
};

class Loader {
 public:
  Loader(std::string file, const ScenarioOverrides& overrides)
      : r_(std::move(file)), overrides_(overrides) {}

  Scenario load(const YAML::Node& root) {
    if (!root.IsDefined() || root.IsNull()) r_.fail_mark(YAML::Mark(), "the scenario is empty");
    r_.expect_map(root, "the scenario",
                  {"name", "description", "seed", "frame_rate", "duration", "world", "city",
                   "behaviors", "patnets", "global_nets", "agents", "population", "agent_model",
                   "view", "measurement", "stuck_after", "sources", "navigation", "action_selection",
                   "variants"});
    Scenario s;
    if (const auto v = root["variants"])
      for (const auto& kv : v) s.variants.push_back(kv.first.Scalar());
    s.path = r_.file();
    s.name = root["name"] ? r_.string(root["name"], "name") : std::string("scenario");
    if (root["seed"]) s.config.seed = static_cast<std::uint64_t>(r_.integer(root["seed"], "seed", 0, (1l << 53)));
    if (root["frame_rate"]) s.config.dt = 1.0 / r_.number(root["frame_rate"], "frame_rate", 1, 1000);
    if (root["duration"]) s.duration = r_.number(root["duration"], "duration", 0, 1e6);
    if (root["stuck_after"]) s.config.stuck_seconds = r_.number(root["stuck_after"], "stuck_after", 1, 1e6);
    if (!root["world"]) r_.fail(root, "the scenario has no 'world'");
    world(root["world"], s.world);
    std::optional<CityTiling> city;
    if (root["city"]) city = parse_city(root["city"]);
    if (overrides_.city_nx > 0) {
      if (!city)
        r_.fail(root, "to tile this scenario into a city, give its tile size: "
                      "`city: {nx: 1, ny: 1, pitch: [width, depth]}`");
      city->nx = overrides_.city_nx;
      city->ny = overrides_.city_ny;
    }
    // A 1 × 1 city is the world itself; the file then only states its pitch.
    const bool tiled = city && city->nx * city->ny > 1;
    if (city) {
      // The tile as the file gives it, checked before it is repeated.
      World tile_only;
      if (tiled) tile_only = s.world;
      World& tile = tiled ? tile_only : s.world;
      finalize_world(tile, root);
      check_tile(tile, *city, root);
      check_memory(tile, *city, root);
    }
    if (tiled) tile_grid(*city, s);
    if (!city || tiled) finalize_world(s.world, root);
    if (!city) check_tile_endpoints(s.world);
    if (!root["behaviors"]) r_.fail(root, "the scenario has no 'behaviors'");
    behaviors(root["behaviors"], s);
    if (const auto m = root["agent_model"]) agent_model(m, s.model);
    ScriptsLoader scripts(r_, s.world, s.nets);
    if (s.tiles > 1) scripts.set_tile_prefix("x0y0_");
    if (root["patnets"]) scripts.declare(root["patnets"]);
    scripts.declare_locomotion_nets();
    scripts.set_model(&s.model);
    scripts.set_agents(&s.agents);
    scripts.light_nets(timings_);
    if (!root["agents"] && !root["population"] && !root["sources"])
      r_.fail(root, "the scenario has no 'agents', no 'population' and no 'sources'");
    if (root["agents"]) agents(root["agents"], s, scripts);
    if (const auto g = root["global_nets"]) {
      r_.expect_seq(g, "global_nets");
      for (const auto& entry : g) scripts.scripts().global.push_back(scripts.start(entry, -1));
    }
    if (const auto pop = root["population"]) population(pop, s, scripts);
    if (const auto src = root["sources"]) sources(src, s, scripts);
    if (const auto as = root["action_selection"])
    {
      scripts.scripts().action = load_action_selection(r_, as, s.world, s.nets, scripts, s.agents, s.model);
      if (tiled) tile_objects(scripts.scripts().action.objects, *city);
    }
    if (const auto view = root["view"]) s.view = view_settings(r_, view);
    if (const auto m = root["measurement"]) s.measurement = measurement_spec(r_, m);
    if (const auto nav = root["navigation"]) s.config.crowd = navigation_settings(r_, nav);
    scripts.check_spawn_cycles();
    scripts.validate_unused();
    if (root["agents"]) check_intent(s, scripts);
    s.scripts = std::move(scripts.scripts());
    s.warnings = std::move(warnings_);
    return s;
  }

 private:
  // ---- world ---------------------------------------------------------------------------------
  void finalize_world(World& w, const YAML::Node& root) {
    w.finalize();
    try {
      w.walkways.finalize(w);
    } catch (const std::invalid_argument& e) {
      r_.fail(root["world"], e.what());
    }
  }

  void warn(const YAML::Node& at, const std::string& message) {
    warnings_.push_back(r_.where(at) + ": warning: " + message);
  }

  // Endpoints inside a solid obstacle: whoever enters there is stuck (a warning each), and the
  // population's routes leave them out.
  void check_tile_endpoints(const World& tile) {
    const std::vector<int> inside = endpoints_inside_obstacles(tile);
    for (std::size_t i = 0; i < inside.size() && i < endpoint_nodes_.size(); ++i) {
      if (inside[i] < 0) continue;
      const std::string& name = tile.obstacles[inside[i]].name;
      warn(endpoint_nodes_[i], "walkway endpoint '" + endpoint_nodes_[i].Scalar() + "' lies inside solid obstacle" +
                                   (name.empty() ? std::string() : " '" + name + "'") +
                                   ": pedestrians entering there would be stuck");
    }
  }

  void check_tile(const World& tile, const CityTiling& city, const YAML::Node& root) {
    check_tile_endpoints(tile);
    const Aabb b = content_bounds(tile);
    const Vec2 extent = b.lo.x() <= b.hi.x() ? Vec2(b.hi - b.lo) : Vec2::Zero();
    constexpr double kSeam = 1e-3;  // neighbouring tiles may touch
    if (city.nx * city.ny > 1 && (extent.x() > city.pitch.x() + kSeam || extent.y() > city.pitch.y() + kSeam)) {
      char size[96];
      std::snprintf(size, sizeof size, "%.2f × %.2f m", extent.x(), extent.y());
      warn(root["city"]["pitch"], std::string("city pitch is smaller than the tile (") + size +
                                      "): neighbouring intersections overlap");
    }
  }

  // Memory is estimated before the city is built, so that one too large for this machine is an
  // error here and not std::bad_alloc half-way through.
  void check_memory(const World& tile, const CityTiling& city, const YAML::Node& root) {
    const double tiles = static_cast<double>(city.nx) * city.ny;
    double per_tile = 0;
    if (const YAML::Node pop = root["population"]; pop && pop.IsMap() && pop["target"])
      per_tile = overrides_.population ? *overrides_.population
                                       : static_cast<double>(r_.integer(pop["target"], "target", 0, 1000000));
    const double need = estimated_bytes(tile, tiles, tiles * per_tile);
    const double limit = static_cast<double>(memory_limit());
    if (need > limit) {
      char message[256];
      std::snprintf(message, sizeof message,
                    "a %d × %d city needs about %.1f GB of memory, more than the %.1f GB this process may use "
                    "(the machine's memory, ulimit -v or -d): use fewer intersections",
                    city.nx, city.ny, need / 1e9, limit / 1e9);
      r_.fail(root["city"], message);
    }
  }

  void world(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world",
                  {"ground_types", "default_ground", "signals", "regions", "boxes", "cylinders",
                   "segments", "locations", "walkways", "periodic", "paths", "flow_fields"});
    if (const auto sig = n["signals"]) signals(sig, w);
    for (const auto& g : kDefaultGround) w.ground_types.push_back({g.name, g.navigability, g.jaywalk});
    if (const auto gt = n["ground_types"]) {
      r_.expect_map(gt, "world.ground_types", {});
      for (const auto& kv : gt) {
        const std::string name = r_.string(kv.first, "ground type name");
        r_.expect_map(kv.second, "ground type '" + name + "'", {"navigability", "jaywalk"});
        int t = w.find_ground_type(name);
        if (t < 0) {
          if (w.ground_types.size() >= 64) r_.fail(kv.first, "at most 64 ground types are supported");
          w.ground_types.push_back({name, 1.0, false});
          t = static_cast<int>(w.ground_types.size()) - 1;
        }
        if (kv.second["navigability"])
          w.ground_types[t].navigability = r_.number(kv.second["navigability"], "navigability", 0, 1);
        if (kv.second["jaywalk"]) w.ground_types[t].jaywalk = r_.boolean(kv.second["jaywalk"], "jaywalk");
      }
    }
    if (n["default_ground"]) w.default_ground = ground_type(n["default_ground"], w);
    if (const auto regions = n["regions"]) {
      r_.expect_seq(regions, "world.regions");
      for (const auto& g : regions) {
        r_.expect_map(g, "a region", {"name", "type", "polygon", "signal"});
        require(g, {"type", "polygon"}, "a region");
        const std::string name = g["name"] ? r_.string(g["name"], "region name") : std::string();
        if (!name.empty() && w.find_region(name) >= 0)
          r_.fail(g["name"], "region '" + name + "' is defined twice");
        w.regions.push_back({name, ground_type(g["type"], w), r_.polygon(g["polygon"], "region polygon")});
        w.index_names();  // each name is looked up as the next one comes: keep loading linear
        if (const auto sig = g["signal"]) {
          w.regions.back().signal = w.find_signal(r_.string(sig, "signal"));
          if (w.regions.back().signal < 0)
            r_.fail(sig, "no signal named '" + sig.Scalar() + "'" + did_you_mean(sig.Scalar(), w.signals));
        }
      }
    }
    if (const auto boxes = n["boxes"]) {
      r_.expect_seq(boxes, "world.boxes");
      for (const auto& b : boxes) {
        r_.expect_map(b, "a box", {"name", "center", "size", "rotation", "class", "solid"});
        require(b, {"center", "size"}, "a box");
        const Vec2 size = r_.vec2(b["size"], "box size");
        if (size.x() <= 0 || size.y() <= 0) r_.fail(b["size"], "box size must be positive");
        Box shape{r_.vec2(b["center"], "box center"), 0.5 * size,
                  b["rotation"] ? r_.number(b["rotation"], "box rotation", -2 * kPi, 2 * kPi) : 0.0};
        obstacle(b, w, shape, "building");
      }
    }
    if (const auto cyls = n["cylinders"]) {
      r_.expect_seq(cyls, "world.cylinders");
      for (const auto& c : cyls) {
        r_.expect_map(c, "a cylinder", {"name", "center", "radius", "class", "solid"});
        require(c, {"center", "radius"}, "a cylinder");
        Cylinder shape{r_.vec2(c["center"], "cylinder center"),
                       r_.number(c["radius"], "cylinder radius", 1e-3, 1e3)};
        obstacle(c, w, shape, "pole");
      }
    }
    if (const auto segs = n["segments"]) {
      r_.expect_seq(segs, "world.segments");
      for (const auto& s : segs) {
        r_.expect_map(s, "a segment", {"name", "from", "to", "class", "solid"});
        require(s, {"from", "to"}, "a segment");
        Segment shape{r_.vec2(s["from"], "segment from"), r_.vec2(s["to"], "segment to")};
        if ((shape.a - shape.b).norm() < 1e-9) r_.fail(s, "a segment needs two distinct ends");
        obstacle(s, w, shape, "wall");
      }
    }
    if (const auto locs = n["locations"]) {
      r_.expect_map(locs, "world.locations", {});
      for (const auto& kv : locs) {
        const std::string name = r_.string(kv.first, "location name");
        if (w.find_location(name) >= 0) r_.fail(kv.first, "location '" + name + "' is defined twice");
        w.locations.push_back({name, r_.vec2(kv.second, "location '" + name + "'")});
        w.index_names();
      }
    }
    if (const auto ww = n["walkways"]) walkways(ww, w);
    if (const auto per = n["periodic"]) periodic(per, w);
    if (const auto paths = n["paths"]) steer_paths(paths, w);
    if (const auto fields = n["flow_fields"]) flow_fields(fields, w);
  }

  // `paths: {name: [[x, y], ...]}`: spines for path-following nodes (docs/steering.md).
  void steer_paths(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world.paths", {});
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, "path name");
      if (w.find_path(name) >= 0) r_.fail(kv.first, "path '" + name + "' is defined twice");
      r_.expect_seq(kv.second, "path '" + name + "'");
      SteerPath path{name, {}};
      for (const auto& pt : kv.second) {
        const Vec2 v = pt.IsScalar() && w.find_location(pt.Scalar()) >= 0
                           ? w.locations[w.find_location(pt.Scalar())].position
                           : r_.vec2(pt, "path point (a location name or [x, y])");
        if (!path.points.empty() && (v - path.points.back()).norm() < 1e-9)
          r_.fail(pt, "path '" + name + "' repeats a point");
        path.points.push_back(v);
      }
      if (path.points.size() < 2) r_.fail(kv.second, "path '" + name + "' needs at least two points");
      w.paths.push_back(std::move(path));
    }
  }

  // `flow_fields: {name: {type: grid|uniform|vortex|source|sink, ...}}` (docs/steering.md).
  void flow_fields(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world.flow_fields", {});
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, "flow field name");
      if (w.find_flow_field(name) >= 0) r_.fail(kv.first, "flow field '" + name + "' is defined twice");
      const YAML::Node f = kv.second;
      r_.expect_map(f, "flow field '" + name + "'",
                    {"type", "origin", "center", "cell", "size", "vectors", "velocity", "speed"});
      require(f, {"type"}, "flow field '" + name + "'");
      const std::string type = r_.string(f["type"], "flow field type");
      FlowField ff;
      ff.name = name;
      const std::vector<std::string> types{"grid", "uniform", "vortex", "source", "sink"};
      const auto it = std::find(types.begin(), types.end(), type);
      if (it == types.end())
        r_.fail(f["type"], "unknown flow field type '" + type + "' (grid, uniform, vortex, source, sink)" +
                               did_you_mean(type, types));
      ff.kind = static_cast<FlowField::Kind>(it - types.begin());
      const auto allow_only = [&](std::initializer_list<const char*> keys) {
        for (const auto& k : f) {
          const std::string key = k.first.Scalar();
          if (key == "type") continue;
          if (std::find_if(keys.begin(), keys.end(), [&](const char* a) { return key == a; }) == keys.end())
            r_.fail(k.first, "a " + type + " flow field takes no '" + key + "'");
        }
      };
      switch (ff.kind) {
        case FlowField::Kind::Grid: {
          allow_only({"origin", "cell", "size", "vectors"});
          require(f, {"origin", "cell", "size", "vectors"}, "a grid flow field");
          ff.origin = r_.vec2(f["origin"], "origin");
          ff.cell = r_.number(f["cell"], "cell", 1e-3, 1e4);
          const YAML::Node size = f["size"];
          r_.expect_seq(size, "size");
          if (size.size() != 2) r_.fail(size, "size is [columns, rows]");
          ff.nx = static_cast<int>(r_.integer(size[0], "columns", 1, 10000));
          ff.ny = static_cast<int>(r_.integer(size[1], "rows", 1, 10000));
          const YAML::Node vs = f["vectors"];
          r_.expect_seq(vs, "vectors");
          if (vs.size() != static_cast<std::size_t>(ff.nx) * ff.ny)
            r_.fail(vs, "flow field '" + name + "' has " + std::to_string(vs.size()) + " vectors; " +
                            std::to_string(ff.nx) + " × " + std::to_string(ff.ny) +
                            " cells need one each, row by row from the lower-left");
          for (const auto& v : vs) ff.vectors.push_back(r_.vec2(v, "flow vector"));
          break;
        }
        case FlowField::Kind::Uniform:
          allow_only({"velocity"});
          require(f, {"velocity"}, "a uniform flow field");
          ff.velocity = r_.vec2(f["velocity"], "velocity");
          break;
        default:
          allow_only({"center", "speed"});
          require(f, {"center", "speed"}, "a " + type + " flow field");
          ff.origin = r_.vec2(f["center"], "center");
          ff.speed = r_.number(f["speed"], "speed", -20, 20);
          break;
      }
      w.flow_fields.push_back(std::move(ff));
    }
  }

  // Traffic signals: a light-net each, with its timing (patnet/light_net.hpp).
  void signals(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world.signals", {});
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, "signal name");
      if (w.find_signal(name) >= 0) r_.fail(kv.first, "signal '" + name + "' is defined twice");
      const YAML::Node t = kv.second;
      r_.expect_map(t, "signal '" + name + "'", {"green", "yellow", "red", "walk", "offset"});
      require(t, {"green", "yellow", "red", "walk"}, "signal '" + name + "'");
      patnet::SignalTiming timing;
      timing.green = r_.number(t["green"], "green", 1, 600);
      timing.yellow = r_.number(t["yellow"], "yellow", 0, 60);
      timing.red = r_.number(t["red"], "red", 0, 600);
      timing.walk = r_.number(t["walk"], "walk", 1, timing.green);
      if (t["offset"]) timing.offset = r_.number(t["offset"], "offset", 0, timing.cycle() - 1e-9);
      w.signals.push_back(name);
      w.index_names();
      timings_.push_back(timing);
    }
  }

  // The walkway graph: sidewalk edges between locations, crossings over signalled crosswalks, and
  // the endpoints where pedestrians enter and leave.
  void walkways(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world.walkways", {"edges", "crossings", "endpoints"});
    const auto loc = [&](const YAML::Node& x) {
      const std::string name = r_.string(x, "location");
      const int l = w.find_location(name);
      if (l < 0) r_.fail(x, "no location named '" + name + "'" + did_you_mean(name, location_names(w)));
      return static_cast<std::uint32_t>(l);
    };
    if (const auto edges = n["edges"]) {
      r_.expect_seq(edges, "walkways.edges");
      for (const auto& e : edges) {
        if (!e.IsSequence() || e.size() < 2)
          r_.fail(e, "a walkway is a list of at least two locations [a, b, ...]");
        for (std::size_t i = 0; i + 1 < e.size(); ++i) w.walkways.edges.push_back({loc(e[i]), loc(e[i + 1])});
      }
    }
    if (const auto crossings = n["crossings"]) {
      r_.expect_seq(crossings, "walkways.crossings");
      for (const auto& c : crossings) {
        r_.expect_map(c, "a crossing", {"from", "to", "crosswalk"});
        require(c, {"from", "to", "crosswalk"}, "a crossing");
        const std::string cw = r_.string(c["crosswalk"], "crosswalk");
        const int r = w.find_region(cw);
        if (r < 0) r_.fail(c["crosswalk"], "no region named '" + cw + "'");
        if (w.regions[r].signal < 0)
          r_.fail(c["crosswalk"], "crosswalk '" + cw + "' has no 'signal' to wait for");
        w.walkways.edges.push_back({loc(c["from"]), loc(c["to"]), r, w.regions[r].signal});
      }
    }
    if (const auto ends = n["endpoints"]) {
      r_.expect_seq(ends, "walkways.endpoints");
      for (const auto& e : ends) {
        w.walkways.endpoints.push_back(loc(e));
        endpoint_nodes_.push_back(e);
      }
    }
  }

  static std::vector<std::string> location_names(const World& w) {
    std::vector<std::string> names;
    for (const auto& l : w.locations) names.push_back(l.name);
    return names;
  }

  // `city: {nx, ny, pitch}` repeats the world on a grid of intersections (world/city.hpp).
  CityTiling parse_city(const YAML::Node& n) {
    r_.expect_map(n, "city", {"nx", "ny", "pitch"});
    require(n, {"nx", "ny", "pitch"}, "city");
    CityTiling t;
    t.nx = static_cast<int>(r_.integer(n["nx"], "nx", 1, 1000));
    t.ny = static_cast<int>(r_.integer(n["ny"], "ny", 1, 1000));
    t.pitch = r_.vec2(n["pitch"], "pitch");
    if (t.pitch.x() <= 0 || t.pitch.y() <= 0) r_.fail(n["pitch"], "pitch must be positive");
    if (static_cast<long>(t.nx) * t.ny > 100000) r_.fail(n, "at most 100000 intersections");
    return t;
  }

  // Action selection's objects repeat in every tile, as the world does (world/city.hpp).
  static void tile_objects(std::vector<ActionObject>& objects, const CityTiling& t) {
    std::vector<ActionObject> tiled;
    for (int iy = 0; iy < t.ny; ++iy)
      for (int ix = 0; ix < t.nx; ++ix)
        for (ActionObject o : objects) {
          std::string prefix("x");  // appended, not `"x" + ...`: GCC 12's -Wrestrict false alarm
          prefix.append(std::to_string(ix)).append("y").append(std::to_string(iy)).append("_");
          o.name = prefix + o.name;
          o.at += Vec2(ix * t.pitch.x(), iy * t.pitch.y());
          tiled.push_back(std::move(o));
        }
    objects = std::move(tiled);
  }

  void tile_grid(const CityTiling& t, Scenario& s) {
    s.world = tile_world(s.world, t);
    s.tiles = t.nx * t.ny;
    std::vector<patnet::SignalTiming> tiled;
    for (int k = 0; k < s.tiles; ++k) tiled.insert(tiled.end(), timings_.begin(), timings_.end());
    timings_ = std::move(tiled);
  }

  void obstacle(const YAML::Node& n, World& w, Shape shape, const char* default_class) {
    Obstacle o;
    o.shape = shape;
    o.name = n["name"] ? r_.string(n["name"], "obstacle name") : std::string();
    if (!o.name.empty() && w.find_obstacle(o.name) >= 0)
      r_.fail(n["name"], "obstacle '" + o.name + "' is defined twice");
    const std::string cls = n["class"] ? r_.string(n["class"], "class") : std::string(default_class);
    if (cls == "walkers") r_.fail(n["class"], "'walkers' is reserved for agents");
    o.cls = w.find_class(cls);
    if (o.cls < 0) {
      if (w.classes.size() >= 64) r_.fail(n, "at most 64 obstacle classes are supported");
      w.classes.push_back(cls);
      o.cls = static_cast<int>(w.classes.size()) - 1;
    }
    o.solid = n["solid"] ? r_.boolean(n["solid"], "solid") : true;
    w.obstacles.push_back(std::move(o));
    w.index_names();
  }

  int ground_type(const YAML::Node& n, const World& w) {
    const std::string name = r_.string(n, "ground type");
    const int t = w.find_ground_type(name);
    if (t >= 0) return t;
    std::vector<std::string> names;
    for (const auto& g : w.ground_types) names.push_back(g.name);
    std::string msg = "unknown ground type '" + name + "'";
    if (const auto s = yaml::suggest(name, names); !s.empty()) msg += "; did you mean '" + s + "'?";
    r_.fail(n, msg);
  }

  void require(const YAML::Node& n, std::initializer_list<const char*> keys, const std::string& what) {
    for (const char* k : keys)
      if (!n[k]) r_.fail(n, what + " needs '" + k + "'");
  }

  // ---- behaviors -----------------------------------------------------------------------------
  void behaviors(const YAML::Node& n, Scenario& s) {
    r_.expect_map(n, "behaviors", {});
    if (n.size() == 0) r_.fail(n, "behaviors must define at least one behavior net");
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, "behavior net name");
      r_.expect_map(kv.second, "behavior net '" + name + "'", {"nodes"});
      const YAML::Node nodes = kv.second["nodes"];
      if (!nodes) r_.fail(kv.second, "behavior net '" + name + "' has no 'nodes'");
      r_.expect_map(nodes, "nodes of '" + name + "'", {});
      std::vector<NetTemplate::NodeDecl> decls;
      for (const auto& nd : nodes) {
        const std::string node_name = r_.string(nd.first, "node name");
        if (node_name.find('.') != std::string::npos)
          r_.fail(nd.first, "node names cannot contain '.'");
        decls.push_back(node_decl(node_name, nd.second, s.world));
      }
      try {
        s.nets.push_back(NetTemplate::build(name, decls));
      } catch (const std::invalid_argument& e) {
        r_.fail(kv.first, "behavior net '" + name + "': " + e.what());
      }
      // Defaults of the template: the parameters set on its nodes, in document order.
      NetTemplate& net = s.nets.back();
      std::vector<double> defaults(net.defaults().begin(), net.defaults().end());
      template_targets_.emplace_back();
      target_log_ = &template_targets_.back();
      for (const auto& nd : nodes)
        for (const auto& p : nd.second)
          set_node_value(net, defaults, nd.first.Scalar(), p.first.Scalar(), p.second, s.world,
                         nullptr, static_cast<int>(s.nets.size()) - 1);
      target_log_ = nullptr;
      template_defaults_.push_back(std::move(defaults));
    }
  }

  NetTemplate::NodeDecl node_decl(const std::string& name, const YAML::Node& n, const World& w) {
    if (!n.IsMap()) r_.fail(n, "node '" + name + "' must be a map with a 'type'");
    if (!n["type"]) r_.fail(n, "node '" + name + "' has no 'type'");
    const std::string type = r_.string(n["type"], "node type");
    const NodeKindInfo* info = find_kind(type);
    if (!info) {
      std::vector<std::string> kinds;
      for (const auto& k : all_kinds()) kinds.emplace_back(k.name);
      std::string msg = "unknown node type '" + type + "'";
      if (const auto s = yaml::suggest(type, kinds); !s.empty()) msg += "; did you mean '" + s + "'?";
      r_.fail(n["type"], msg);
    }
    std::vector<std::string> allowed{"type"};
    for (const auto& p : info->params) allowed.emplace_back(p.name);
    switch (info->kind) {
      case NodeKind::ObjectSensor: allowed.insert(allowed.end(), {"object"}); break;
      case NodeKind::LocationSensor: allowed.insert(allowed.end(), {"target"}); break;
      case NodeKind::LineSensor: allowed.insert(allowed.end(), {"segment", "detects"}); break;
      case NodeKind::ProximitySensor: allowed.insert(allowed.end(), {"detects"}); break;
      case NodeKind::TerrainSensor: allowed.insert(allowed.end(), {"types"}); break;
      case NodeKind::Attract: case NodeKind::Avoid: case NodeKind::PredictiveAttract:
      case NodeKind::FreePath: case NodeKind::CrowdWay:
        allowed.insert(allowed.end(), {"input"});
        break;
      case NodeKind::DepthSensor: case NodeKind::PassiveAvoid:
        allowed.insert(allowed.end(), {"detects"});
        break;
      case NodeKind::Walk: allowed.insert(allowed.end(), {"inputs"}); break;
      case NodeKind::Seek: case NodeKind::Flee: case NodeKind::Pursuit: case NodeKind::Evasion:
      case NodeKind::OffsetPursuit: case NodeKind::Arrival: case NodeKind::LeaderFollow:
        allowed.insert(allowed.end(), {"input"});
        break;
      case NodeKind::ObstacleAvoid: case NodeKind::WallFollow:
        allowed.insert(allowed.end(), {"detects"});
        break;
      default: break;
    }
    r_.expect_map(n, "node '" + name + "' (" + type + ")", allowed);
    NetTemplate::NodeDecl d;
    d.name = name;
    d.kind = info->kind;
    if (const auto in = n["input"]) d.inputs.push_back(r_.string(in, "input"));
    if (const auto ins = n["inputs"]) {
      r_.expect_seq(ins, "inputs");
      for (const auto& i : ins) d.inputs.push_back(r_.string(i, "input"));
    }
    if (info->role == NodeRole::Control && info->inputs == 1 && !n["input"])
      r_.fail(n, "node '" + name + "' (" + type + ") needs an 'input' sensor");
    if (const auto det = n["detects"]) {
      r_.expect_seq(det, "detects");
      for (const auto& c : det) {
        const std::string cls = r_.string(c, "detected class");
        if (cls == "walkers" && info->kind != NodeKind::LineSensor) { d.walkers = true; continue; }
        const int k = w.find_class(cls);
        if (k < 0) r_.fail(c, "no obstacle of class '" + cls + "' (classes here: " + class_list(w) + ")");
        d.mask |= 1ull << k;
      }
    } else if (info->kind == NodeKind::ProximitySensor) {
      d.walkers = true;
    } else if (info->kind == NodeKind::WallFollow) {
      d.mask = w.classes.size() >= 64 ? ~0ull : (1ull << w.classes.size()) - 1;  // every class
    } else if (info->kind == NodeKind::DepthSensor || info->kind == NodeKind::PassiveAvoid ||
               info->kind == NodeKind::ObstacleAvoid) {
      d.walkers = true;  // by default anything in the way: other walkers and every obstacle class
      d.mask = w.classes.size() >= 64 ? ~0ull : (1ull << w.classes.size()) - 1;
    }
    if (info->kind == NodeKind::TerrainSensor) {
      if (const auto types = n["types"]) {
        r_.expect_seq(types, "types");
        for (const auto& t : types) d.mask |= 1ull << ground_type(t, w);
      } else {  // by default, any ground less navigable than ideal
        for (std::size_t t = 0; t < w.ground_types.size(); ++t)
          if (w.ground_types[t].navigability < 1.0) d.mask |= 1ull << t;
      }
    }
    return d;
  }

  static std::string class_list(const World& w) {
    std::string s;
    for (const auto& c : w.classes) s += (s.empty() ? "" : ", ") + c;
    return s.empty() ? std::string("none") : s;
  }

  // Sets one key of a node (a parameter or a reference) in a parameter block. Structural keys
  // (type, input, inputs, detects, types) are skipped. `agents` resolves agent references.
  void set_node_value(const NetTemplate& net, std::vector<double>& block, const std::string& node,
                      const std::string& key, const YAML::Node& value, const World& w,
                      const Agents* agents, int net_index = -1) {
    if (key == "type" || key == "input" || key == "inputs" || key == "detects" || key == "types")
      return;
    const int ni = net.find_node(node);
    const NetNode& nn = net.nodes()[ni];
    const NodeKindInfo& info = kind_info(nn.kind);
    double* p = block.data() + nn.param_offset;
    if (target_log_ && (key == "target" || (nn.kind == NodeKind::LocationSensor && (key == "x" || key == "y"))))
      target_log_->emplace_back(ni, value);
    if (key == "target") {
      if (value.IsScalar()) {
        const int l = w.find_location(value.Scalar());
        if (l < 0) r_.fail(value, "no location named '" + value.Scalar() + "'");
        p[location_p::X] = w.locations[l].position.x();
        p[location_p::Y] = w.locations[l].position.y();
      } else {
        const Vec2 v = r_.vec2(value, "target");
        p[location_p::X] = v.x();
        p[location_p::Y] = v.y();
      }
      return;
    }
    if (key == "object") {
      const std::string name = r_.string(value, "object");
      const int o = w.find_obstacle(name);
      const int a = agents ? find_agent(name) : -1;
      if (o >= 0) { p[object_p::Obstacle] = o; p[object_p::Agent] = -1; return; }
      if (a >= 0) { p[object_p::Agent] = a; p[object_p::Obstacle] = -1; return; }
      if (!agents) {  // maybe an agent: resolved once the agents exist
        pending_objects_.push_back({value, name, net_index, ni});
        return;
      }
      r_.fail(value, "no obstacle or agent named '" + name + "'");
    }
    // Steering geometry by name: a path, a region, a flow field.
    if ((key == "path" && nn.kind == NodeKind::PathFollow) ||
        (key == "region" && nn.kind == NodeKind::Containment) ||
        (key == "field" && nn.kind == NodeKind::FlowFollow)) {
      const std::string name = r_.string(value, key);
      const int i = key == "path" ? w.find_path(name) : key == "region" ? w.find_region(name)
                                                                        : w.find_flow_field(name);
      if (i < 0) {
        std::vector<std::string> names;
        if (key == "path") for (const auto& x : w.paths) names.push_back(x.name);
        if (key == "region") for (const auto& x : w.regions) names.push_back(x.name);
        if (key == "field") for (const auto& x : w.flow_fields) names.push_back(x.name);
        const std::string what = key == "field" ? "flow field" : key;
        r_.fail(value, "node '" + node + "': no " + what + " named '" + name + "'" +
                           did_you_mean(name, names));
      }
      p[info.param_index(key)] = i;
      return;
    }
    if (key == "segment") {
      const std::string name = r_.string(value, "segment");
      const int o = w.find_obstacle(name);
      if (o < 0 || !std::holds_alternative<Segment>(w.obstacles[o].shape))
        r_.fail(value, "no segment named '" + name + "'");
      p[line_p::Segment] = o;
      return;
    }
    const int pi = info.param_index(key);
    if (pi < 0) r_.fail(value, "node '" + node + "' has no parameter '" + key + "'");  // unreachable
    const ParamSpec& spec = info.params[pi];
    p[pi] = r_.number(value, node + "." + key, spec.lo, spec.hi);
  }

  // `periodic: {x: [lo, hi]}` (or y): the world wraps along that axis.
  void periodic(const YAML::Node& n, World& w) {
    r_.expect_map(n, "world.periodic", {"x", "y"});
    if (n.size() != 1) r_.fail(n, "world.periodic names one axis: {x: [lo, hi]} or {y: [lo, hi]}");
    const int axis = n["x"] ? 0 : 1;
    const YAML::Node range = n[axis == 0 ? "x" : "y"];
    const Vec2 v = r_.vec2(range, "periodic range");
    // Shorter, an agent would perceive its own ghost.
    if (v.y() - v.x() < 10) r_.fail(range, "a periodic range must be at least 10 m long");
    w.periodic = {axis, v.x(), v.y()};
  }

  // ---- agent model (Reich §6.4, §7.7; docs/locomotion.md) -----------------------------------
  void agent_model(const YAML::Node& n, AgentModel& m) {
    r_.expect_map(n, "agent_model", {"builtin", "parameters", "attributes"});
    if (n["builtin"] && !r_.boolean(n["builtin"], "builtin")) m = AgentModel{};
    if (const auto params = n["parameters"]) {
      r_.expect_map(params, "agent_model.parameters", {});
      for (const auto& kv : params) {
        const std::string name = r_.string(kv.first, "parameter name");
        const double fallback = r_.number(kv.second, "default of '" + name + "'", 0, 100);
        const int p = m.find_parameter(name);
        if (p >= 0) m.defaults[p] = fallback;
        else m.add_parameter(name, fallback);
      }
    }
    if (const auto attrs = n["attributes"]) {
      r_.expect_map(attrs, "agent_model.attributes", {});
      for (const auto& kv : attrs) {
        const std::string name = r_.string(kv.first, "attribute name");
        r_.expect_map(kv.second, "attribute '" + name + "'", {});
        int a = m.find_attribute(name);
        if (a < 0) a = m.add_attribute(name);
        for (const auto& cell : kv.second) {
          const std::string param = r_.string(cell.first, "parameter");
          const int p = m.find_parameter(param);
          if (p < 0)
            r_.fail(cell.first, "the agent model has no parameter '" + param + "'" +
                                    did_you_mean(param, m.parameters) +
                                    " (declare new ones under agent_model.parameters)");
          m.entry(a, p) = model_entry(cell.second);
        }
      }
    }
  }

  // An entry: "low high P|I N|C|Dk" (Reich Fig. 6.7) or {range: [low, high], map: P|I,
  // combine: N|C|D, priority: k}.
  ModelEntry model_entry(const YAML::Node& n) {
    ModelEntry e;
    if (n.IsScalar()) {
      if (const auto error = parse_model_entry(n.Scalar(), e)) r_.fail(n, *error);
      return e;
    }
    r_.expect_map(n, "an agent-model entry", {"range", "map", "combine", "priority"});
    if (!n["range"]) r_.fail(n, "an agent-model entry needs 'range: [low, high]'");
    const Vec2 range = r_.vec2(n["range"], "range");
    if (range.x() < 0 || range.y() > 100 || range.x() > range.y())
      r_.fail(n["range"], "an entry's range must satisfy 0 <= low <= high <= 100");
    e.low = range.x();
    e.high = range.y();
    const std::string map = n["map"] ? r_.string(n["map"], "map") : std::string("P");
    if (map != "P" && map != "I") r_.fail(n["map"], "map is P (proportional) or I (inverse)");
    e.mapping = map == "P" ? ModelMapping::Proportional : ModelMapping::Inverse;
    const std::string combine = n["combine"] ? r_.string(n["combine"], "combine") : std::string("C");
    if (combine == "N") e.combine = ModelCombine::None;
    else if (combine == "C") e.combine = ModelCombine::Combinatorial;
    else if (combine == "D") e.combine = ModelCombine::Dominant;
    else r_.fail(n["combine"], "combine is N (no effect), C (combinatorial) or D (dominant)");
    if (n["priority"]) {
      if (e.combine != ModelCombine::Dominant) r_.fail(n["priority"], "only a dominant entry has a priority");
      e.priority = static_cast<int>(r_.integer(n["priority"], "priority", 0, 1000000));
    }
    return e;
  }

  // `attributes: {rushed: 70, ...}`: degrees per attribute, 0 (inactive) to 100.
  std::vector<double> degrees(const YAML::Node& n, const AgentModel& m) {
    std::vector<double> d(m.attribute_count(), 0.0);
    if (!n) return d;
    r_.expect_map(n, "attributes", {});
    for (const auto& kv : n) {
      const std::string name = r_.string(kv.first, "attribute");
      const int a = m.find_attribute(name);
      if (a < 0)
        r_.fail(kv.first, "the agent model has no attribute '" + name + "'" +
                              did_you_mean(name, m.attributes) +
                              " (declare new ones under agent_model.attributes)");
      d[a] = r_.number(kv.second, "degree of '" + name + "'", 0, 100);
    }
    return d;
  }

  // ---- agents --------------------------------------------------------------------------------
  void agents(const YAML::Node& n, Scenario& s, ScriptsLoader& scripts) {
    r_.expect_seq(n, "agents");
    if (n.size() == 0) r_.fail(n, "the scenario has no agents");
    Agents& ag = s.agents;
    std::vector<YAML::Node> at;
    for (const auto& a : n) {
      r_.expect_map(a, "an agent",
                    {"name", "behavior", "position", "heading", "radius", "depth", "height", "set", "nets",
                     "attributes", "speed", "leave_within", "velocity", "walking", "kind", "vehicle"});
      require(a, {"behavior", "position"}, "an agent");
      const bool vehicle = agent_kind(a) == AgentKind::Vehicle;
      const std::string name = a["name"] ? r_.string(a["name"], "agent name")
                                         : "agent" + std::to_string(ag.size());
      if (name.find('.') != std::string::npos) r_.fail(a["name"], "agent names cannot contain '.'");
      if (!agent_index_.emplace(name, static_cast<int>(ag.size())).second)
        r_.fail(a["name"] ? a["name"] : a, "agent '" + name + "' is defined twice");
      const int net = behavior_index(a["behavior"], s);
      const Vec2 pos = r_.vec2(a["position"], "position");
      const double heading = a["heading"] ? r_.number(a["heading"], "heading", -2 * kPi, 2 * kPi) : 0.0;
      ag.name.push_back(name);
      for (int f = 0; f < 2; ++f) {
        ag.foot[f].push_back(pos);
        ag.foot_heading[f].push_back(wrap_angle(heading));
      }
      ag.forward.push_back(0);
      ag.kind.push_back(static_cast<std::uint8_t>(vehicle ? AgentKind::Vehicle : AgentKind::Walker));
      vehicle_body(a, s, vehicle);
      if (vehicle) {
        // The bounding radius of the box: sensors, collision prevention and the collision measure
        // see a vehicle as this disc.
        ag.radius.push_back(0.5 * std::hypot(ag.vehicle_length.back(), ag.vehicle_width.back()));
        ag.depth.push_back(ag.radius.back());
        check_vehicle_net(a, s.nets[net], name);
      } else {
        ag.radius.push_back(a["radius"] ? r_.number(a["radius"], "radius", 0.05, 2.0) : 0.25);
        ag.depth.push_back(a["depth"] ? r_.number(a["depth"], "depth", 0.05, ag.radius.back()) : ag.radius.back());
      }
      ag.leave_within.push_back(a["leave_within"] ? r_.number(a["leave_within"], "leave_within", 0.01, 100) : 0.0);
      ag.height.push_back(a["height"] ? r_.number(a["height"], "height", 0.5, 2.5) : motion::kReferenceHeight);
      ag.net.push_back(static_cast<std::uint32_t>(net));
      ag.params.add(template_defaults_[net]);  // shared by the template's agents until changed
      at.push_back(a);
    }
    // Overrides come after all agents exist, so an object sensor may follow any agent.
    agent_targets_.assign(ag.size(), {});
    agent_nodes_ = at;
    for (std::size_t i = 0; i < ag.size(); ++i) {
      const YAML::Node set = at[i]["set"];
      if (!set) continue;
      const NetTemplate& net = s.nets[ag.net[i]];
      std::vector<double> block = ag.params.block(i);
      target_log_ = &agent_targets_[i];
      apply_set(set, net, block, s.world, &ag);
      target_log_ = nullptr;
      ag.params.assign(i, block);
    }
    // The agent model's values, and what they do to each agent's net (behavior/model_effects.hpp).
    ag.model_stride = static_cast<std::uint32_t>(s.model.parameter_count());
    for (std::size_t i = 0; i < ag.size(); ++i) {
      const std::vector<double> values = evaluate_model(s.model, degrees(at[i]["attributes"], s.model));
      ag.set_model(i, values);
      if (ag.vehicle(i)) {
        vehicle_velocity(at[i], s, i);
        continue;
      }
      std::vector<double> block = ag.params.block(i);
      apply_model_effects(s.nets[ag.net[i]], values, block.data());
      if (const YAML::Node v = at[i]["speed"]) {  // the desired walking speed sets the stride
        const NetTemplate& net = s.nets[ag.net[i]];
        apply_walking_speed(block.data() + net.nodes()[net.walk_node()].param_offset,
                            r_.number(v, "speed", 0.1, 3.0));
      }
      ag.params.assign(i, block);
      initial_velocity(at[i], s, i);
    }
    resolve_pending(s);
    check_start(s, at);
    for (std::size_t i = 0; i < ag.size(); ++i) {
      const YAML::Node nets = at[i]["nets"];
      if (!nets) continue;
      r_.expect_seq(nets, "nets");
      auto& starts = scripts.scripts().agents;
      starts.resize(ag.size());
      for (const auto& entry : nets) starts[i].push_back(scripts.start(entry, static_cast<int>(ag.net[i])));
    }
  }

  // `kind: walker` (the default) or `kind: vehicle`.
  AgentKind agent_kind(const YAML::Node& a) const {
    if (!a["kind"]) {
      if (a["vehicle"]) r_.fail(a["vehicle"], "'vehicle' parameters are for an agent of 'kind: vehicle'");
      return AgentKind::Walker;
    }
    const std::string kind = r_.string(a["kind"], "agent kind");
    if (kind == "walker") {
      if (a["vehicle"]) r_.fail(a["vehicle"], "'vehicle' parameters are for an agent of 'kind: vehicle', not a walker");
      return AgentKind::Walker;
    }
    if (kind == "vehicle") return AgentKind::Vehicle;
    r_.fail(a["kind"], "unknown agent kind '" + kind + "' (walker or vehicle)");
  }

  // A vehicle's `vehicle: {mass, max_force, max_speed, length, width}`, each optional; the defaults
  // are a cyclist's (docs/scenario.md). Walkers' keys that describe a body or a stride do not
  // apply. Every agent gets an entry (a walker's unused), so the arrays stay one per agent.
  void vehicle_body(const YAML::Node& a, Scenario& s, bool vehicle) {
    Agents& ag = s.agents;
    double mass = 0.5, max_force = 1.5, max_speed = 5, length = 1.8, width = 0.6;
    if (vehicle) {
      for (const char* key : {"radius", "depth", "height", "speed", "walking", "leave_within", "nets", "attributes"})
        if (a[key])
          r_.fail(a[key], std::string("'") + key + "' does not apply to a vehicle" +
                              (std::string(key) == "radius" || std::string(key) == "depth"
                                   ? " (its bounding radius follows from vehicle.length and vehicle.width)"
                                   : ""));
      if (const YAML::Node v = a["vehicle"]) {
        r_.expect_map(v, "vehicle", {"mass", "max_force", "max_speed", "length", "width"});
        if (v["mass"]) mass = r_.number(v["mass"], "vehicle.mass", 0.01, 1000);
        if (v["max_force"]) max_force = r_.number(v["max_force"], "vehicle.max_force", 0.01, 1000);
        if (v["max_speed"]) max_speed = r_.number(v["max_speed"], "vehicle.max_speed", 0.01, 50);
        if (v["length"]) length = r_.number(v["length"], "vehicle.length", 0.1, 20);
        if (v["width"]) width = r_.number(v["width"], "vehicle.width", 0.1, 5);
      }
    }
    ag.vehicle_mass.push_back(mass);
    ag.vehicle_max_force.push_back(max_force);
    ag.vehicle_max_speed.push_back(max_speed);
    ag.vehicle_length.push_back(vehicle ? length : 0.0);
    ag.vehicle_width.push_back(vehicle ? width : 0.0);
  }

  // A vehicle's net steers it by its steering nodes alone: without one it could not move.
  void check_vehicle_net(const YAML::Node& a, const NetTemplate& net, const std::string& name) const {
    for (const NetNode& n : net.nodes())
      if (is_steering(n.kind)) return;
    r_.fail(a["behavior"], "vehicle '" + name + "' has behavior '" + net.name() +
                               "', which has no steering node (seek, wander, path_following, ...): "
                               "a vehicle is driven by its net's steering nodes alone");
  }

  // A vehicle's `velocity: [vx, vy]` (at most its max_speed): it starts moving, facing it.
  void vehicle_velocity(const YAML::Node& a, Scenario& s, std::size_t i) {
    Agents& ag = s.agents;
    ag.velocity.resize(ag.size(), Vec2::Zero());
    if (!a["velocity"]) return;
    const Vec2 v = r_.vec2(a["velocity"], "velocity");
    if (v.norm() > ag.vehicle_max_speed[i] + 1e-9)
      r_.fail(a["velocity"], "vehicle '" + ag.name[i] + "' starts faster than its vehicle.max_speed");
    if (v.norm() < 1e-9) return;
    if (a["heading"] && std::abs(wrap_angle(heading_of(v) - ag.heading(i))) > 1e-3)
      r_.fail(a["velocity"], "vehicle '" + ag.name[i] + "' faces its velocity: give a 'heading' "
                             "or a 'velocity', or make them agree");
    for (int f = 0; f < 2; ++f) ag.foot_heading[f][i] = heading_of(v);
    ag.velocity[i] = v;
  }

  // `velocity: [vx, vy]` or `walking: true` (at the desired speed, along the heading): the agent
  // starts in stride (behavior/in_stride.hpp). Without a heading it faces its velocity.
  void initial_velocity(const YAML::Node& a, Scenario& s, std::size_t i) {
    Agents& ag = s.agents;
    ag.velocity.resize(ag.size(), Vec2::Zero());
    if (a["velocity"] && a["walking"]) r_.fail(a["walking"], "an agent has a 'velocity' or 'walking: true', not both");
    const NetTemplate& net = s.nets[ag.net[i]];
    const std::vector<double> params = ag.params.block(i);
    const double* walk = params.data() + net.nodes()[net.walk_node()].param_offset;
    const YAML::Node given = a["velocity"] ? a["velocity"] : a["walking"];
    Vec2 v = Vec2::Zero();
    if (a["velocity"]) {
      v = r_.vec2(a["velocity"], "velocity");
      if (v.norm() > 3.0) r_.fail(a["velocity"], "an initial velocity is at most 3 m/s");
      if (v.norm() < 1e-9) return;  // standing, as without the key
      if (!a["heading"]) {
        for (int f = 0; f < 2; ++f) ag.foot_heading[f][i] = heading_of(v);
      } else if (std::abs(wrap_angle(heading_of(v) - ag.heading(i))) > kPi / 2 + 1e-9) {
        r_.fail(a["velocity"], "agent '" + ag.name[i] + "' would start in stride walking backwards: "
                               "its velocity must point within 90 degrees of its heading");
      }
    } else if (a["walking"] && r_.boolean(a["walking"], "walking")) {
      v = walk[walk_p::StepLength] / walk[walk_p::StepTime] * unit_from_heading(ag.heading(i));
    } else {
      return;
    }
    ag.velocity[i] = v;
    // Its first step carries it up to a step's time ahead before it decides anything.
    const Vec2 p = ag.location(i);
    const Vec2 ahead = p + v * std::sqrt(kWalkRatio / v.norm());
    Aabb way;
    way.add(p);
    way.add(ahead);
    s.world.for_each_obstacle_near(way.inflated(ag.radius[i]), [&](std::uint32_t o) {
      const Obstacle& ob = s.world.obstacles[o];
      if (ob.solid && segment_distance_to(ob.shape, p, ahead) < ag.radius[i])
        r_.fail(given, "agent '" + ag.name[i] + "' starts in stride into obstacle" +
                           (ob.name.empty() ? std::string() : " '" + ob.name + "'") +
                           ": its first step would walk into it");
    });
  }

  // Walkers that enter at a given flow (pipeline/sources.hpp).
  void sources(const YAML::Node& n, Scenario& s, ScriptsLoader& scripts) {
    SourceHooks hooks;
    hooks.behavior = [&](const YAML::Node& b) { return behavior_index(b, s); };
    hooks.params = [&](int b, const YAML::Node& set) {
      std::vector<double> block = template_defaults_[b];
      if (set) apply_set(set, s.nets[b], block, s.world, nullptr);
      return block;
    };
    hooks.model = [&](int b, const YAML::Node& attributes, std::vector<double>& params) {
      std::vector<double> values = evaluate_model(s.model, degrees(attributes, s.model));
      apply_model_effects(s.nets[b], values, params.data());
      return values;
    };
    s.agents.model_stride = static_cast<std::uint32_t>(s.model.parameter_count());
    scripts.scripts().sources = sources_spec(r_, n, s.world, hooks);
    check_source_names(r_, scripts.scripts().sources, s.agents.name, n);
    std::optional<std::optional<WalkableMap>> map;  // built at the first goal to check, once
    for (std::size_t k = 0; k < scripts.scripts().sources.size(); ++k)
      check_source_goals(s, scripts.scripts().sources[k], n[k], map);
  }

  // A source's walkers, like hand-placed agents (check_intent): a bound attraction to a location
  // sensor with no target is an error, and so is a goal inside a solid obstacle or cut off from the
  // source's region. Sources start no PaT-Nets, so the goal is the `set` one or the template's.
  void check_source_goals(const Scenario& s, const SourceSpec& source, const YAML::Node& n,
                          std::optional<std::optional<WalkableMap>>& map) {
    const NetTemplate& net = s.nets[source.behavior];
    const double* params = source.params.data();
    for (const Attraction& a : attractions(net)) {
      const NetNode& sensor = net.nodes()[a.sensor];
      if (sensor.kind != NodeKind::LocationSensor || !bound(net, a.node, params)) continue;
      const YAML::Node set = n["set"];
      const YAML::Node given = set && set.IsMap() ? set[sensor.name + ".target"]
                                                  : YAML::Node(YAML::NodeType::Undefined);
      bool in_template = false;
      for (const auto& [node, value] : template_targets_[source.behavior]) in_template |= node == a.sensor;
      if (!given.IsDefined() && !in_template)
        r_.fail(n, "source '" + source.name + "' emits walkers with no goal: '" + net.nodes()[a.node].name +
                       "' draws them to location sensor '" + sensor.name + "', which has no target; give it one (set: {" +
                       sensor.name + ".target: LOCATION})");
      const YAML::Node at = given.IsDefined() ? given : n;
      const double* p = params + sensor.param_offset;
      const Vec2 goal(p[location_p::X], p[location_p::Y]);
      const std::string what = "the target of '" + sensor.name + "' at " + point_text(goal);
      if (const auto problem = goal_inside_obstacle(s.world, goal))
        r_.fail(at, "goal of source '" + source.name + "', " + what + ", " + *problem);
      if (!map) map = WalkableMap::build(s.world, false);
      if (*map) {  // a world too large for the grid is not checked
        const int from = (*map)->component(source.region.centre()), to = (*map)->component(goal);
        if (from >= 0 && from != to)
          r_.fail(at, "source '" + source.name + "' cannot send its walkers to their goal, " + what +
                          ": no walkable way joins it to the source's region");
      }
    }
  }

  int behavior_index(const YAML::Node& n, const Scenario& s) {
    const std::string beh = r_.string(n, "behavior");
    std::vector<std::string> names;
    for (std::size_t i = 0; i < s.nets.size(); ++i) {
      names.push_back(s.nets[i].name());
      if (s.nets[i].name() == beh) return static_cast<int>(i);
    }
    r_.fail(n, "no behavior net named '" + beh + "'" + did_you_mean(beh, names));
  }

  // Pedestrians that enter at walkway endpoints, follow routes and leave (pipeline/scripts.hpp).
  void population(const YAML::Node& n, Scenario& s, ScriptsLoader& scripts) {
    r_.expect_map(n, "population", {"target", "behavior", "set", "walk_net", "cross_net", "radius", "depth",
                                    "height", "pace", "clearance", "max_trip", "route_spread",
                                    "walk_detour", "attributes"});
    require(n, {"target", "behavior", "walk_net"}, "population");
    if (s.world.walkways.endpoints.size() < 2)
      r_.fail(n, "a population needs world.walkways with at least two endpoints");
    PopulationSpec pop;
    const auto per_tile = overrides_.population
                              ? *overrides_.population
                              : static_cast<std::uint32_t>(r_.integer(n["target"], "target", 0, 1000000));
    pop.target = per_tile * static_cast<std::uint32_t>(s.tiles);
    if (pop.target > 2000000) r_.fail(n["target"], "at most 2,000,000 pedestrians");
    if (pop.target > 0) {
      // Pedestrians enter only where a route leads to another endpoint, and not inside a building.
      const std::vector<int> inside = endpoints_inside_obstacles(s.world);
      std::vector<std::uint32_t> open;
      for (std::size_t i = 0; i < inside.size(); ++i)
        if (inside[i] < 0) open.push_back(s.world.walkways.endpoints[i]);
      if (!any_route_between(s.world, open))
        r_.fail(n, "no walkway route joins two endpoints (outside solid obstacles): nobody would ever enter");
    }
    const int b = behavior_index(n["behavior"], s);
    pop.behavior = static_cast<std::uint32_t>(b);
    pop.params = template_defaults_[b];
    if (n["set"]) apply_set(n["set"], s.nets[b], pop.params, s.world, nullptr);
    if (const auto attrs = n["attributes"]; attrs && attrs.IsSequence()) {
      // Mixes: `[{share: 0.2, rushed: 70}, {share: 0.1, fatigued: 60}]`, each pedestrian one.
      double total = 0;
      for (const auto& entry : attrs) {
        r_.expect_map(entry, "population.attributes[]", {});
        if (!entry["share"]) r_.fail(entry, "population.attributes: each mix needs a 'share' (0 to 1)");
        PopulationSpec::Mix mix;
        mix.share = r_.number(entry["share"], "share", 0, 1);
        total += mix.share;
        if (total > 1 + 1e-9)
          r_.fail(entry["share"], "population.attributes: the mixes' shares add up to more than 1");
        YAML::Node degrees_only(YAML::NodeType::Map);
        for (const auto& kv : entry)
          if (kv.first.Scalar() != "share") degrees_only[kv.first] = kv.second;
        mix.model = evaluate_model(s.model, degrees(degrees_only, s.model));
        mix.params = pop.params;
        apply_model_effects(s.nets[b], mix.model, mix.params.data());
        pop.mixes.push_back(std::move(mix));
      }
      pop.model = evaluate_model(s.model, std::vector<double>(s.model.attribute_count(), 0.0));
    } else {
      pop.model = evaluate_model(s.model, degrees(attrs, s.model));
    }
    apply_model_effects(s.nets[b], pop.model, pop.params.data());
    s.agents.model_stride = static_cast<std::uint32_t>(s.model.parameter_count());
    const auto range = [&](const char* key, double lo, double hi, double& a, double& z) {
      if (!n[key]) return;
      const Vec2 v = r_.vec2(n[key], key);
      if (v.x() < lo || v.y() > hi || v.x() > v.y())
        r_.fail(n[key], std::string(key) + " must be [min, max] within [" + std::to_string(lo) +
                            ", " + std::to_string(hi) + "]");
      a = v.x();
      z = v.y();
    };
    range("radius", 0.05, 2.0, pop.radius_min, pop.radius_max);
    range("depth", 0.05, 2.0, pop.depth_min, pop.depth_max);
    if (n["depth"] && (pop.depth_min > pop.radius_min || pop.depth_max > pop.radius_max))
      r_.fail(n["depth"], "depth (half the chest depth) must not exceed radius (half the shoulder breadth), at either end of the range");
    range("height", 0.5, 2.5, pop.height_min, pop.height_max);
    range("pace", 0.2, 5.0, pop.pace_min, pop.pace_max);
    if (n["clearance"]) pop.clearance = r_.number(n["clearance"], "clearance", 0.1, 10);
    if (n["max_trip"]) pop.max_trip = r_.number(n["max_trip"], "max_trip", 0, 1e6);
    if (n["route_spread"]) pop.route_spread = r_.number(n["route_spread"], "route_spread", 0, 10);
    scripts.routes(n["walk_net"], n["cross_net"], b, pop);
    if (n["walk_detour"])
      scripts.scripts().routes.way.detour = r_.number(n["walk_detour"], "walk_detour", 0, 1e6);
    scripts.scripts().population = std::move(pop);
    // The population's pedestrians are named ped<id> (Simulation::name_of): names stay unique.
    for (const std::string& name : s.agents.name)
      if (name.size() > 3 && name.rfind("ped", 0) == 0 && name.find_first_not_of("0123456789", 3) == std::string::npos)
        r_.fail(n, "agent name '" + name + "' is reserved with a population, whose pedestrians are named ped<id>");
  }

  void apply_set(const YAML::Node& set, const NetTemplate& net, std::vector<double>& block,
                 const World& world, const Agents* agents) {
      r_.expect_map(set, "set", {});
      for (const auto& kv : set) {
        const std::string key = r_.string(kv.first, "parameter");
        const auto dot = key.find('.');
        const std::string node = key.substr(0, dot);
        const int ni = dot == std::string::npos ? -1 : net.find_node(node);
        if (ni < 0) {
          std::vector<std::string> names;
          for (const auto& nn : net.nodes()) names.push_back(nn.name);
          std::string msg = "'" + key + "' is not node.param of behavior net '" + net.name() + "'";
          if (const auto sg = yaml::suggest(node, names); !sg.empty()) msg += "; did you mean node '" + sg + "'?";
          r_.fail(kv.first, msg);
        }
        const std::string param = key.substr(dot + 1);
        std::vector<std::string> allowed;
        for (const auto& p : kind_info(net.nodes()[ni].kind).params) allowed.emplace_back(p.name);
        for (const char* ref : {"target", "object", "segment"}) allowed.emplace_back(ref);
        if (std::find(allowed.begin(), allowed.end(), param) == allowed.end() ||
            !accepts(net.nodes()[ni].kind, param)) {
          std::string msg = "node '" + node + "' (" + kind_info(net.nodes()[ni].kind).name +
                            ") has no parameter '" + param + "'";
          if (const auto sg = yaml::suggest(param, allowed); !sg.empty()) msg += "; did you mean '" + sg + "'?";
          r_.fail(kv.first, msg);
        }
        set_node_value(net, block, node, param, kv.second, world, agents);
      }
  }

  static bool accepts(NodeKind kind, const std::string& param) {
    if (param == "target") return kind == NodeKind::LocationSensor;
    if (param == "object") return kind == NodeKind::ObjectSensor;
    if (param == "segment") return kind == NodeKind::LineSensor;
    return true;
  }

  // Object references in templates that named no obstacle must name an agent.
  void resolve_pending(Scenario& s) {
    for (const auto& pending : pending_objects_) {
      const int a = find_agent(pending.name);
      if (a < 0) r_.fail(pending.at, "no obstacle or agent named '" + pending.name + "'");
      // Agents of that net which did not override the reference follow agent `a`.
      const NetNode& nn = s.nets[pending.net].nodes()[pending.node];
      for (std::size_t i = 0; i < s.agents.size(); ++i) {
        if (static_cast<int>(s.agents.net[i]) != pending.net) continue;
        ParamStore& p = s.agents.params;
        const std::uint32_t at = nn.param_offset;
        if (p.get(i, at + object_p::Agent) < 0 && p.get(i, at + object_p::Obstacle) < 0) p.set(i, at + object_p::Agent, a);
      }
    }
  }

  void check_start(const Scenario& s, const std::vector<YAML::Node>& at) {
    const Agents& ag = s.agents;
    double max_radius = 0;
    for (const double r : ag.radius) max_radius = std::max(max_radius, r);
    // Over the agents too: clamped into the border cells of a small world, they would share a
    // few cells and the overlap test would be quadratic.
    Aabb area = s.world.bounds();
    for (const Vec2& p : ag.foot[0]) area.add(p);
    UniformGrid grid(area.inflated(10), std::max(1.0, 2 * max_radius));
    grid.build_points(ag.foot[0]);
    for (std::size_t i = 0; i < ag.size(); ++i) {
      const Vec2 p = ag.foot[0][i];
      std::uint32_t overlap = UINT32_MAX;
      grid.for_each_in(Aabb{p, p}.inflated(ag.radius[i] + max_radius), [&](std::uint32_t j) {
        if (j < i && j < overlap && (ag.foot[0][j] - p).norm() < ag.radius[i] + ag.radius[j]) overlap = j;
      });
      if (overlap != UINT32_MAX)
        r_.fail(at[i]["position"], "agent '" + ag.name[i] + "' starts overlapping agent '" +
                                       ag.name[overlap] + "'");
      s.world.for_each_obstacle_near(Aabb{p, p}.inflated(ag.radius[i]), [&](std::uint32_t o) {
        const Obstacle& ob = s.world.obstacles[o];
        if (ob.solid && distance_to(ob.shape, p) < ag.radius[i])
          r_.fail(at[i]["position"], "agent '" + ag.name[i] + "' starts inside obstacle" +
                                         (ob.name.empty() ? std::string() : " '" + ob.name + "'"));
      });
      const NetTemplate& net = s.nets[ag.net[i]];
      const std::vector<double> params = ag.params.block(i);
      const double* w = params.data() + net.nodes()[net.walk_node()].param_offset;
      if (w[walk_p::StepTime] * 0.6 < 2 * s.config.dt)
        r_.fail(at[i], "agent '" + ag.name[i] + "': step_time is too short for the frame rate");
    }
  }

  // ---- intent (intent_checks.hpp) ------------------------------------------------------------
  // The node that gave sensor `sensor` of agent i its target: the agent's `set`, else the template.
  YAML::Node target_node(std::size_t i, std::uint32_t net, int sensor) const {
    for (const auto* log : {&agent_targets_[i], &template_targets_[net]})
      for (auto it = log->rbegin(); it != log->rend(); ++it)
        if (it->first == sensor) return it->second;
    return YAML::Node(YAML::NodeType::Undefined);
  }

  // Hand-placed agents: one with no goal (it would walk to (0, 0)) is an error, one with nothing to
  // do a warning; so is a goal inside a solid obstacle, on impassable ground, or that no walkable
  // way joins to the agent's start an error.
  void check_intent(const Scenario& s, ScriptsLoader& scripts) {
    const Agents& ag = s.agents;
    const auto& starts = scripts.scripts().agents;
    // Built at the first goal to reach: solid obstacles only, and with impassable ground too.
    std::optional<std::optional<WalkableMap>> solid_map, ground_map;
    for (std::size_t i = 0; i < ag.size(); ++i) {
      const NetTemplate& net = s.nets[ag.net[i]];
      const std::vector<double> block = ag.params.block(i);
      const double* params = block.data();
      const bool has_nets = i < starts.size() && !starts[i].empty();
      struct Goal {
        Vec2 at;
        YAML::Node node;
        std::string what;
      };
      std::vector<Goal> goals;
      bool moves = has_nets || steers_without_target(net, params);
      for (const Attraction& a : attractions(net)) {
        const NetNode& sensor = net.nodes()[a.sensor];
        const bool on = bound(net, a.node, params);
        if (sensor.kind != NodeKind::LocationSensor) {
          moves = moves || (on && moves_without_location(net, a, params));
          continue;
        }
        const YAML::Node given = target_node(i, ag.net[i], a.sensor);
        if (given.IsDefined()) {
          const double* p = params + sensor.param_offset;
          goals.push_back({Vec2(p[location_p::X], p[location_p::Y]), given,
                           "the target of '" + sensor.name + "'"});
          moves = moves || on;
        } else if (on && !has_nets) {
          r_.fail(agent_nodes_[i],
                  "agent '" + ag.name[i] + "' has no goal: '" + net.nodes()[a.node].name +
                      "' draws it to location sensor '" + sensor.name +
                      "', which has no target, so it would walk to (0, 0); give it one (set: {" +
                      sensor.name + ".target: LOCATION}) or start a PaT-Net that sets it");
        }
      }
      if (has_nets)
        for (const NetStart& start : starts[i])
          for (const std::uint32_t program : scripts.spawn_closure(start.program))
            for (const auto& site : scripts.goal_sites())
              if (site.program == program)
                goals.push_back({s.world.locations[site.location].position, site.at,
                                 "location '" + s.world.locations[site.location].name + "'"});
      if (!moves && has_controls(net))
        warn(agent_nodes_[i], "agent '" + ag.name[i] +
                                  "' has nothing to do: no goal, nothing it is drawn to and no PaT-Net; "
                                  "it will stand where it is");
      for (const Goal& g : goals) {
        const std::string what = g.what + " at " + point_text(g.at);
        if (const auto problem = goal_inside_obstacle(s.world, g.at))
          r_.fail(g.node, "goal of agent '" + ag.name[i] + "', " + what + ", " + *problem);
        const Vec2 start = ag.foot[0][i];
        const auto cut_off = [&](std::optional<std::optional<WalkableMap>>& map, bool ground) {
          if (!map) map = WalkableMap::build(s.world, ground);
          if (!*map) return false;  // a world too large for the grid: not checked
          const int from = (*map)->component(start), to = (*map)->component(g.at);
          return from >= 0 && from != to;
        };
        if (cut_off(solid_map, false))
          r_.fail(g.node, "agent '" + ag.name[i] + "' cannot reach its goal, " + what +
                              ": no walkable way joins it to where the agent starts, " + point_text(start));
        // Impassable ground (water) the walk node may still step onto: a warning.
        if (const auto off = goal_off_walkable(s.world, g.at))
          warn(g.node, "goal of agent '" + ag.name[i] + "', " + what + ", " + *off);
        else if (cut_off(ground_map, true))
          warn(g.node, "agent '" + ag.name[i] + "' can reach its goal, " + what +
                           ", only over ground of navigability 0 (water)");
      }
    }
  }

  int find_agent(const std::string& name) const {
    const auto it = agent_index_.find(name);
    return it == agent_index_.end() ? -1 : it->second;
  }

  Reader r_;
  ScenarioOverrides overrides_;
  std::vector<std::string> warnings_;        // "file:line:col: warning: ...", in the order found
  std::vector<YAML::Node> endpoint_nodes_;    // walkways.endpoints as written, for warnings
  // Nodes that set a location sensor's target (node index, value), per template and per agent.
  using TargetLog = std::vector<std::pair<int, YAML::Node>>;
  std::vector<TargetLog> template_targets_, agent_targets_;
  TargetLog* target_log_ = nullptr;  // where set_node_value notes targets, while one is wanted
  std::vector<YAML::Node> agent_nodes_;  // agents as written, for errors of intent
  std::unordered_map<std::string, int> agent_index_;
  std::vector<std::vector<double>> template_defaults_;
  std::vector<patnet::SignalTiming> timings_;
  struct PendingObject {
    YAML::Node at;
    std::string name;
    int net, node;
  };
  std::vector<PendingObject> pending_objects_;
};

}  // namespace

namespace {

// The top-level keys a variant may change: all but `variants` itself.
const std::vector<std::string>& variant_keys() {
  static const std::vector<std::string> keys = {
      "name", "description", "seed", "frame_rate", "duration", "world", "city", "behaviors", "patnets",
      "global_nets", "agents", "population", "agent_model", "view", "measurement", "stuck_after",
      "sources", "navigation", "action_selection"};
  return keys;
}

// A variant over the file: maps merge key by key (recursively), anything else (a number, a list)
// replaces what the file has. Merged nodes keep their marks, so errors point into the variant.
void merge_variant(YAML::Node base, const YAML::Node& over) {
  for (const auto& kv : over) {
    const std::string key = kv.first.Scalar();
    if (base.IsMap() && base[key] && base[key].IsMap() && kv.second.IsMap())
      merge_variant(base[key], kv.second);
    else
      base[key] = kv.second;
  }
}

// `variants: {name: {top-level keys...}}`: each checked (so that `footfall validate` finds a
// misspelt key in one not chosen), the chosen ones merged over the file in the order given.
void apply_variants(YAML::Node& root, const std::vector<std::string>& chosen, const std::string& file) {
  const Reader r(file);
  if (!root.IsMap()) return;  // the loader says what is wrong with it
  const YAML::Node variants = root["variants"];
  std::vector<std::string> names;
  if (variants) {
    r.expect_map(variants, "variants", {});
    for (const auto& kv : variants) {
      const std::string name = r.string(kv.first, "a variant's name");
      r.expect_map(kv.second, "variants." + name, variant_keys());
      names.push_back(name);
    }
  }
  for (const std::string& name : chosen) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::string known = " (the file declares none)";
      if (!names.empty()) {
        known = did_you_mean(name, names) + " (variants:";
        for (const std::string& n : names) known += " " + n;
        known += ")";
      }
      if (variants) r.fail(variants, "no variant '" + name + "'" + known);
      r.fail_mark(YAML::Mark(), "no variant '" + name + "'" + known);
    }
    merge_variant(root, variants[name]);
  }
}

}  // namespace

Scenario parse_scenario(const std::string& text, const std::string& file_name,
                        const ScenarioOverrides& overrides) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp's own message is "bad file"
    throw ScenarioError(file_name, e.mark.line + 1, e.mark.column + 1,
                        "YAML nested " + std::to_string(e.depth()) + " levels deep: too deep to read");
  } catch (const YAML::ParserException& e) {
    throw ScenarioError(file_name, e.mark.line + 1, e.mark.column + 1, e.msg);
  }
  try {
    apply_variants(root, overrides.variants, file_name);
    return Loader(file_name, overrides).load(root);
  } catch (const YAML::Exception& e) {  // anything the reader did not anticipate
    throw ScenarioError(file_name, e.mark.line + 1, e.mark.column + 1, e.msg);
  }
}

CityGrid city_for(long agents, std::uint32_t density) {
  const long k = std::max(1l, std::lround(static_cast<double>(agents) / density));
  CityGrid g;
  g.nx = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(k))));
  g.ny = static_cast<int>((k + g.nx - 1) / g.nx);
  g.per_tile = static_cast<std::uint32_t>(
      std::max(1l, std::lround(static_cast<double>(agents) / (g.nx * g.ny))));
  return g;
}

Scenario load_scenario(const std::string& path, const ScenarioOverrides& overrides) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioError(path, 1, 1, "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_scenario(text.str(), path, overrides);
}

}  // namespace footfall

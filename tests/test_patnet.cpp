// The PaT-Net engine (patnet/patnet.hpp) on hand-built programs, the light-net against its timing,
// and the paper's north-net pedestrian (Granieri et al. 1995 Fig. 4) in its scenario.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "footfall/patnet/light_net.hpp"
#include "footfall/patnet/patnet.hpp"
#include "footfall/patnet/symbols.hpp"
#include "footfall/world/world.hpp"
#include "helpers.hpp"

using namespace footfall;
using namespace footfall::patnet;

namespace {

// Builds one global-style program by hand. Declare params and locals before compiling expressions
// that name them; `program` stays put while the builder lives, so its Symbols stay valid.
struct Builder {
  const World& world;
  Program program;

  Builder(const World& w, std::string name) : world(w) { program.name = std::move(name); }

  Builder& param(std::string name, ParamType type = ParamType::Number) {
    program.params.push_back({std::move(name), type, true, 0});
    return *this;
  }
  Builder& local(std::string name, double initial = 0) {
    program.locals.push_back(std::move(name));
    program.local_initial.push_back(initial);
    return *this;
  }
  Symbols symbols() const { return make_symbols(Scope{&world, nullptr, &program, {}, {}, {}}); }
  Compiled cond(std::string_view text) const { return compile_condition(text, symbols()); }
  Compiled num(std::string_view text) const { return compile_number(text, symbols()); }
  std::uint32_t slot(std::string_view name) const {
    const int v = program.find_value(name);
    REQUIRE(v >= 0);
    return static_cast<std::uint32_t>(v);
  }
  Action set(std::string_view name, std::string_view value) const {
    return SetValue{slot(name), num(value)};
  }
  Transition when(std::string_view condition, int to) const { return {cond(condition), false, to}; }
  Transition after(std::string_view delay, int to) const { return {num(delay), true, to}; }
  int add_state(std::string name, std::vector<Action> actions = {},
                std::vector<Transition> transitions = {}, int default_to = kNone) {
    program.states.push_back({std::move(name), std::move(actions), std::move(transitions), default_to});
    return static_cast<int>(program.states.size()) - 1;
  }
  // States may refer to states added later: fill in a state's parts once every index is known.
  State& state(int i) { return program.states[static_cast<std::size_t>(i)]; }
  Monitor monitor(std::string_view condition, std::vector<Action> actions, int to = kNone) const {
    return {cond(condition), std::move(actions), to};
  }
};

// A set of programs run as global nets (or, with `params`, as one agent's nets).
struct Engine {
  World world;
  std::vector<Program> programs;
  std::vector<SignalState> signals;
  std::vector<SignalTiming> timings;  // countdown(); empty: none
  std::vector<double> params;  // the agent's behavior-net parameters; empty: none
  ParamStore store;            // holds `params` while the nets run
  AgentNets nets;

  std::uint32_t add(Builder&& b) {
    programs.push_back(std::move(b.program));
    return static_cast<std::uint32_t>(programs.size()) - 1;
  }
  TickContext context(double t) {
    TickContext c;
    c.programs = &programs;
    c.view.world = &world;
    c.view.signals = &signals;
    c.view.timings = timings.empty() ? nullptr : &timings;
    c.time = t;
    c.agent = kNoAgent;
    c.params = params.empty() ? nullptr : &store;
    c.param_agent = 0;
    c.signals = &signals;
    return c;
  }
  // Runs f with `params` in the store, and takes back what the nets wrote.
  template <class F>
  void with_params(F&& f) {
    if (!params.empty()) {
      store = {};
      store.add(params);
    }
    f();
    if (!params.empty()) params = store.block(0);
  }
  void start(std::uint32_t program, std::vector<double> args = {}, double t = 0) {
    with_params([&] { patnet::start(nets, program, std::move(args), context(t)); });
  }
  void tick(double t) {
    with_params([&] { patnet::tick(nets, context(t)); });
  }

  // The live instances of `program`, in start order.
  std::vector<const Instance*> of(std::uint32_t program) const {
    std::vector<const Instance*> out;
    for (const Instance& i : nets.running)
      if (i.alive && i.program == program) out.push_back(&i);
    return out;
  }
  const Instance& only(std::uint32_t program) const {
    const auto v = of(program);
    REQUIRE(v.size() == 1);
    return *v[0];
  }
  double value(std::uint32_t program, std::string_view name) const {
    const Instance& i = only(program);
    const int v = programs[program].find_value(name);
    REQUIRE(v >= 0);
    return i.values[static_cast<std::size_t>(v)];
  }
  std::string state_of(std::uint32_t program) const {
    const Instance& i = only(program);
    return programs[program].states[static_cast<std::size_t>(i.state)].name;
  }
};

// The first frame k (t = k·dt) at or after the exact time `at`, with the engine's rounding slack.
long first_frame_at(double at, double dt) { return static_cast<long>(std::ceil((at - 1e-9) / dt)); }

}  // namespace

// ---- states and transitions ---------------------------------------------------------------------

TEST_CASE("patnet: the entry action runs on entry and on every re-entry") {
  Engine e;
  Builder b(e.world, "count");
  b.local("n", 0);
  const int loop = b.add_state("loop", {b.set("n", "n + 1")});
  b.state(loop).default_to = loop;  // re-enters itself once per tick
  const auto p = e.add(std::move(b));

  e.start(p);
  CHECK(e.value(p, "n") == 1);  // entering the start state
  for (int k = 1; k <= 5; ++k) {
    e.tick(k * 0.1);
    CHECK(e.value(p, "n") == 1 + k);  // once per tick, not until the chain limit blows up
  }
  CHECK(e.state_of(p) == "loop");
  CHECK(e.only(p).entered == doctest::Approx(0.5));  // re-entry re-dates the state
}

TEST_CASE("patnet: transitions are tried in order and the first that holds wins") {
  for (const auto& [x, expected] : std::vector<std::pair<double, std::string>>{
           {1, "first"}, {0, "second"}, {-5, "fallback"}}) {
    CAPTURE(x);
    Engine e;
    Builder b(e.world, "choose");
    b.param("x").local("entries", 0);
    const int choose = b.add_state("choose");
    const int first = b.add_state("first", {b.set("entries", "entries + 1")});
    const int second = b.add_state("second", {b.set("entries", "entries + 1")});
    const int fallback = b.add_state("fallback", {b.set("entries", "entries + 1")});
    // Both conditions hold for x = 1: only the first is taken.
    b.state(choose).transitions = {b.when("x > 0", first), b.when("x > -1", second)};
    b.state(choose).default_to = fallback;
    const auto p = e.add(std::move(b));

    e.start(p, {x});
    CHECK(e.state_of(p) == "choose");  // start enters the start state only
    e.tick(0.1);
    CHECK(e.state_of(p) == expected);
    CHECK(e.value(p, "entries") == 1);
    e.tick(0.2);  // the target states have no way out: nothing more happens
    CHECK(e.state_of(p) == expected);
    CHECK(e.value(p, "entries") == 1);
  }
}

TEST_CASE("patnet: a state with no transition that holds and no default stays put") {
  Engine e;
  Builder b(e.world, "stay");
  b.local("entries", 0);
  const int s = b.add_state("s", {b.set("entries", "entries + 1")});
  const int t = b.add_state("t");
  b.state(s).transitions = {b.when("time > 1", t), b.when("false", t)};
  const auto p = e.add(std::move(b));
  e.start(p);
  for (int k = 1; k <= 10; ++k) e.tick(k * 0.1);
  CHECK(e.state_of(p) == "s");
  CHECK(e.value(p, "entries") == 1);  // staying is not re-entering
  e.tick(1.1);
  CHECK(e.state_of(p) == "t");
}

TEST_CASE("patnet: transitions chain within a tick until none holds") {
  Engine e;
  Builder b(e.world, "chain");
  b.local("trail", 0);
  const int a = b.add_state("a");
  const int bb = b.add_state("b", {b.set("trail", "trail * 10 + 2")});
  const int c = b.add_state("c", {b.set("trail", "trail * 10 + 3")});
  const int d = b.add_state("d", {b.set("trail", "trail * 10 + 4")});
  b.state(a).transitions = {b.when("time > 0", bb)};
  b.state(bb).transitions = {b.when("true", c)};
  b.state(c).default_to = d;
  const auto p = e.add(std::move(b));
  e.start(p);
  CHECK(e.state_of(p) == "a");
  e.tick(1.0 / 30);
  CHECK(e.state_of(p) == "d");
  CHECK(e.value(p, "trail") == 234);  // b, c, d entered in order, all in one tick
  CHECK(e.only(p).entered == doctest::Approx(1.0 / 30));
}

TEST_CASE("patnet: chaining stops when a state would be entered a second time in one tick") {
  Engine e;
  Builder b(e.world, "cycle");
  b.local("na", 0).local("nb", 0).local("nc", 0);
  const int a = b.add_state("a", {b.set("na", "na + 1")});
  const int bb = b.add_state("b", {b.set("nb", "nb + 1")});
  const int c = b.add_state("c", {b.set("nc", "nc + 1")});
  b.state(a).transitions = {b.when("true", bb)};
  b.state(bb).default_to = c;
  b.state(c).transitions = {b.when("time >= 0", a)};
  const auto p = e.add(std::move(b));
  e.start(p);
  CHECK(e.value(p, "na") == 1);
  e.tick(0.1);  // a → b → c → a: a is re-entered once, then the tick ends
  CHECK(e.state_of(p) == "a");
  CHECK(e.value(p, "na") == 2);
  CHECK(e.value(p, "nb") == 1);
  CHECK(e.value(p, "nc") == 1);
  e.tick(0.2);
  CHECK(e.value(p, "na") == 3);
  CHECK(e.value(p, "nb") == 2);
  CHECK(e.value(p, "nc") == 2);
}

TEST_CASE("patnet: time_in_state counts from the latest entry") {
  Engine e;
  Builder b(e.world, "clock");
  b.local("seen", -1);
  const int s = b.add_state("s");
  const int t = b.add_state("t", {b.set("seen", "time_in_state")});
  b.state(s).transitions = {b.when("time_in_state >= 0.5", t)};
  b.state(t).transitions = {b.when("time_in_state >= 0.25", s)};
  const auto p = e.add(std::move(b));
  e.start(p, {}, 1.0);  // entered at t = 1
  e.tick(1.4);
  CHECK(e.state_of(p) == "s");
  e.tick(1.5);
  CHECK(e.state_of(p) == "t");
  CHECK(e.value(p, "seen") == 0);  // the entry action sees the new state's clock at zero
  e.tick(1.7);
  CHECK(e.state_of(p) == "t");
  e.tick(1.75);
  CHECK(e.state_of(p) == "s");
}

// ---- timed transitions --------------------------------------------------------------------------

TEST_CASE("patnet: timed transitions date the entry exactly so a cycle never drifts") {
  const double dt = 1.0 / 30;
  // None of the durations is a whole number of frames; stepping state by state at frame times
  // would lose up to a frame per phase.
  const std::vector<double> durations = {1.01, 0.37, 2.05, 0.713};
  const std::vector<std::string> delays = {"1.01", "0.37", "2.05", "0.713"};
  Engine e;
  Builder b(e.world, "cycle4");
  for (int i = 0; i < 4; ++i) b.add_state("s" + std::to_string(i));
  for (int i = 0; i < 4; ++i) b.state(i).transitions = {b.after(delays[i], (i + 1) % 4)};
  const auto p = e.add(std::move(b));
  e.start(p);

  const int phases = 4 * 20;
  std::vector<double> exact{0};  // exact start of phase j
  for (int j = 1; j <= phases; ++j) exact.push_back(exact.back() + durations[(j - 1) % 4]);

  std::vector<long> began{0};
  std::vector<double> entered{0};
  int state = e.only(p).state;
  const long last = first_frame_at(exact.back(), dt) + 2;
  for (long k = 1; k <= last; ++k) {
    e.tick(static_cast<double>(k) * dt);
    const Instance& inst = e.only(p);
    if (inst.state != state) {
      state = inst.state;
      began.push_back(k);
      entered.push_back(inst.entered);
      CHECK(inst.state == static_cast<int>((began.size() - 1) % 4));
    }
  }
  REQUIRE(began.size() == exact.size());
  for (std::size_t j = 0; j < exact.size(); ++j) {
    CAPTURE(j);
    CHECK(began[j] == first_frame_at(exact[j], dt));
    CHECK(std::abs(entered[j] - exact[j]) < 1e-9);  // dated at the exact phase end, not the frame
  }
}

TEST_CASE("patnet: a timed transition fires on the frame that lands on its delay despite rounding") {
  const double dt = 1.0 / 30;
  REQUIRE(23 * dt < 23.0 / 30);  // frame 23 comes out a hair before 23/30 s
  Engine e;
  Builder b(e.world, "rounding");
  const int s = b.add_state("s");
  const int t = b.add_state("t");
  b.state(s).transitions = {b.after("23 / 30", t)};
  const auto p = e.add(std::move(b));
  e.start(p);
  for (int k = 1; k <= 22; ++k) e.tick(k * dt);
  CHECK(e.state_of(p) == "s");
  e.tick(23 * dt);
  CHECK(e.state_of(p) == "t");
  CHECK(e.only(p).entered == 23.0 / 30);
}

TEST_CASE("patnet: a timed transition is tried in order with the others") {
  Engine e;
  Builder b(e.world, "mixed");
  b.param("early");
  const int s = b.add_state("s");
  const int timeout = b.add_state("timeout");
  const int early = b.add_state("early");
  b.state(s).transitions = {b.after("1", timeout), b.when("early > 0 and time >= 0.5", early)};
  const auto p = e.add(std::move(b));
  for (const double flag : {0.0, 1.0}) {
    CAPTURE(flag);
    e.nets = AgentNets{};
    e.start(p, {flag});
    e.tick(0.5);
    CHECK(e.state_of(p) == (flag > 0 ? "early" : "s"));
    e.tick(1.0);
    CHECK(e.state_of(p) == (flag > 0 ? "early" : "timeout"));
    CHECK(e.only(p).entered == doctest::Approx(flag > 0 ? 0.5 : 1.0));
  }
}

// ---- monitors -----------------------------------------------------------------------------------

namespace {

// Monitors A (x > 0 → x = 0) and B (x > 0 → y = 1), in the given order.
std::uint32_t obviate_program(Engine& e, bool a_first) {
  Builder b(e.world, "monitors");
  b.local("x", 1).local("y", 0);
  b.add_state("idle");
  const Monitor a = b.monitor("x > 0", {b.set("x", "0")});
  const Monitor m = b.monitor("x > 0", {b.set("y", "1")});
  b.program.monitors = a_first ? std::vector<Monitor>{a, m} : std::vector<Monitor>{m, a};
  return e.add(std::move(b));
}

}  // namespace

TEST_CASE("patnet: a monitor made moot by an earlier monitor's action is skipped") {
  Engine e;
  const auto p = obviate_program(e, true);
  e.start(p);
  e.tick(0.1);
  CHECK(e.value(p, "x") == 0);
  CHECK(e.value(p, "y") == 0);  // B fired on the evaluation pass, but its re-check fails
}

TEST_CASE("patnet: monitors act in priority order") {
  Engine e;
  const auto p = obviate_program(e, false);
  e.start(p);
  e.tick(0.1);
  CHECK(e.value(p, "x") == 0);
  CHECK(e.value(p, "y") == 1);  // B came first, so A's action had not run yet
}

TEST_CASE("patnet: a monitor that did not fire on the evaluation pass does not run mid-pass") {
  Engine e;
  Builder b(e.world, "late");
  b.local("x", 0).local("y", 0);
  b.add_state("idle");
  // A makes B's condition true, but B was evaluated before any action ran.
  b.program.monitors = {b.monitor("x == 0", {b.set("x", "1")}), b.monitor("x > 0", {b.set("y", "y + 1")})};
  const auto p = e.add(std::move(b));
  e.start(p);
  e.tick(0.1);
  CHECK(e.value(p, "x") == 1);
  CHECK(e.value(p, "y") == 0);
  e.tick(0.2);
  CHECK(e.value(p, "y") == 1);
}

TEST_CASE("patnet: monitors fire whatever the state and may move the net") {
  Engine e;
  Builder b(e.world, "watch");
  b.local("ticks", 0).local("alarms", 0);
  const int s0 = b.add_state("s0");
  const int s1 = b.add_state("s1");
  const int alarm = b.add_state("alarm", {b.set("alarms", "alarms + 1")});
  b.state(s0).transitions = {b.when("time >= 0.3", s1)};
  b.program.monitors = {b.monitor("true", {b.set("ticks", "ticks + 1")}),
                        b.monitor("time >= 0.6 and alarms == 0", {}, alarm)};
  const auto p = e.add(std::move(b));
  e.start(p);
  CHECK(e.value(p, "ticks") == 0);  // monitors run on ticks, not at start
  std::vector<std::string> states;
  for (int k = 1; k <= 8; ++k) {
    e.tick(k * 0.1);
    states.push_back(e.state_of(p));
  }
  CHECK(e.value(p, "ticks") == 8);  // in s0, in s1 and in alarm alike
  CHECK(states[1] == "s0");
  CHECK(states[2] == "s1");
  CHECK(states[5] == "alarm");  // at t = 0.6 the monitor moved it
  CHECK(states[7] == "alarm");
  CHECK(e.value(p, "alarms") == 1);
}

// ---- spawn, wait, kill, exit --------------------------------------------------------------------

TEST_CASE("patnet: a parent that spawns with wait blocks until its child exits") {
  Engine e;
  e.params = {0, 0};
  std::uint32_t parent = 0, child = 1;
  {
    Builder b(e.world, "parent");
    b.param("a").local("resumed", -1).local("ticks", 0);
    const int call = b.add_state("call");
    const int after = b.add_state("after", {b.set("resumed", "time")});
    b.state(call).actions = {Spawn{child, {b.num("a * 2")}, true}};
    b.state(call).transitions = {b.when("true", after)};  // would be taken at once without wait
    b.program.monitors = {b.monitor("true", {b.set("ticks", "ticks + 1")})};
    REQUIRE(e.add(std::move(b)) == parent);
  }
  {
    Builder b(e.world, "child");
    b.param("v");
    const int run = b.add_state("run");
    const int done = b.add_state("done", {SetAgentParam{1, b.num("v")}}, {}, kExit);
    b.state(run).transitions = {b.when("time >= 1", done)};
    REQUIRE(e.add(std::move(b)) == child);
  }
  e.start(parent, {21});
  REQUIRE(e.nets.running.size() == 2);
  CHECK(e.only(child).values[0] == 42);  // the argument, computed in the parent
  CHECK(e.only(child).parent == e.only(parent).id);
  CHECK(e.only(parent).waiting_for == e.only(child).id);

  for (int k = 1; k <= 9; ++k) {
    e.tick(k * 0.1);
    CHECK(e.state_of(parent) == "call");
    CHECK(e.state_of(child) == "run");
  }
  CHECK(e.value(parent, "ticks") == 9);  // monitors still run while waiting
  CHECK(e.params[1] == 0);

  e.tick(1.0);  // the child exits: SetAgentParam wrote the agent's parameter
  CHECK(e.params[1] == 42);
  CHECK(e.params[0] == 0);
  CHECK(e.of(child).empty());
  CHECK(e.nets.running.size() == 1);  // removed once finished
  CHECK(e.only(parent).waiting_for == 0);
  e.tick(1.1);  // resumed (at the latest on the tick after the child's exit)
  CHECK(e.state_of(parent) == "after");
  CHECK(e.value(parent, "resumed") <= 1.1);
  CHECK(e.value(parent, "resumed") >= 1.0);
}

TEST_CASE("patnet: a child whose start state defaults to exit returns on its first tick") {
  Engine e;
  {
    Builder b(e.world, "parent");
    const int call = b.add_state("call", {Spawn{1, {}, true}});
    const int after = b.add_state("after");
    b.state(call).transitions = {b.when("true", after)};
    e.add(std::move(b));
  }
  {
    Builder b(e.world, "instant");
    b.add_state("only", {}, {}, kExit);
    e.add(std::move(b));
  }
  e.start(0);
  // The child is alive after entering its start state (transitions run on ticks), so it waits.
  CHECK(e.only(0).waiting_for != 0);
  e.tick(0.1);
  CHECK(e.of(1).empty());
  CHECK(e.only(0).waiting_for == 0);
  e.tick(0.2);
  CHECK(e.of(1).empty());
  CHECK(e.state_of(0) == "after");
}

TEST_CASE("patnet: kill ends every instance of a net and releases a waiting parent") {
  Engine e;
  {
    Builder b(e.world, "parent");
    b.local("kills", 0);
    const int call = b.add_state("call", {Spawn{1, {}, true}});
    const int after = b.add_state("after");
    b.state(call).transitions = {b.when("true", after)};
    b.program.monitors = {b.monitor("time >= 1 and kills == 0", {Kill{1}, b.set("kills", "kills + 1")})};
    e.add(std::move(b));
  }
  {
    Builder b(e.world, "forever");
    b.add_state("idle");
    e.add(std::move(b));
  }
  {
    Builder b(e.world, "bystander");
    b.add_state("idle");
    e.add(std::move(b));
  }
  e.start(0);
  e.start(1);  // a second, unrelated instance of the killed net
  e.start(2);
  CHECK(e.of(1).size() == 2);
  e.tick(0.5);
  CHECK(e.state_of(0) == "call");
  e.tick(1.0);
  CHECK(e.of(1).empty());
  CHECK(e.nets.running.size() == 2);  // parent and bystander
  CHECK(e.only(0).waiting_for == 0);
  CHECK(e.state_of(0) == "after");  // monitors run first, so it moves on in the same tick
  CHECK(e.of(2).size() == 1);
}

TEST_CASE("patnet: exiting kills the instance's descendants and nothing else") {
  Engine e;
  {
    Builder b(e.world, "top");
    b.add_state("s", {Spawn{1, {}, false}});
    b.state(0).transitions = {b.when("time >= 1", kExit)};
    e.add(std::move(b));
  }
  {
    Builder b(e.world, "middle");
    b.add_state("s", {Spawn{2, {}, false}});
    e.add(std::move(b));
  }
  {
    Builder b(e.world, "leaf");
    b.add_state("s");
    e.add(std::move(b));
  }
  e.start(0);
  e.start(2);  // not a descendant of top
  REQUIRE(e.nets.running.size() == 4);
  CHECK(e.only(0).waiting_for == 0);  // spawned without wait
  CHECK(e.only(1).parent == e.only(0).id);
  e.tick(0.5);
  CHECK(e.nets.running.size() == 4);  // top did not wait: its children run beside it
  e.tick(1.0);
  REQUIRE(e.nets.running.size() == 1);
  CHECK(e.nets.running[0].program == 2);
  CHECK(e.nets.running[0].parent == 0);
  e.tick(1.5);
  CHECK(e.nets.running.size() == 1);
}

TEST_CASE("patnet: a net that exits is removed and instance ids are never reused") {
  Engine e;
  Builder b(e.world, "brief");
  b.add_state("s", {}, {b.when("time >= 0.2", kExit)});
  const auto p = e.add(std::move(b));
  e.start(p);
  const std::uint32_t first = e.only(p).id;
  e.tick(0.1);
  CHECK(e.nets.running.size() == 1);
  e.tick(0.2);
  CHECK(e.nets.running.empty());
  e.start(p, {}, 0.3);
  CHECK(e.only(p).id != first);
  CHECK(e.only(p).id != 0);
}

// ---- signals ------------------------------------------------------------------------------------

TEST_CASE("patnet: show sets a signal's lamp and head and conditions read them") {
  Engine e;
  e.world.signals = {"ns", "ew"};
  e.signals.resize(2);
  std::uint32_t lights = 0, watcher = 0;
  {
    Builder b(e.world, "lights");
    b.param("signal", ParamType::Signal);
    const int go = b.add_state("go", {Show{b.num("signal"), static_cast<int>(Lamp::Green),
                                           static_cast<int>(Head::Walk)}});
    const int flash = b.add_state("flash", {Show{b.num("signal"), -1,
                                                 static_cast<int>(Head::FlashingDontWalk)}});
    const int stop = b.add_state("stop", {Show{b.num("signal"), static_cast<int>(Lamp::Red), -1}});
    b.state(go).transitions = {b.after("1", flash)};
    b.state(flash).transitions = {b.after("1", stop)};
    (void)stop;
    b.program.global = true;
    lights = e.add(std::move(b));
  }
  {
    Builder b(e.world, "watcher");
    b.local("walk_seen", 0).local("green_seen", 0).local("ns_red", 0);
    b.add_state("watch");
    b.program.monitors = {b.monitor("signal(ew) == WALK", {b.set("walk_seen", "walk_seen + 1")}),
                          b.monitor("lamp(ew) == GREEN", {b.set("green_seen", "green_seen + 1")}),
                          b.monitor("lamp(ns) == RED and signal(ns) == DONT_WALK",
                                    {b.set("ns_red", "ns_red + 1")})};
    b.program.global = true;
    watcher = e.add(std::move(b));
  }
  e.start(lights, {1});  // the parameter holds the signal's index: ew
  e.start(watcher);
  CHECK(e.signals[1].lamp == Lamp::Green);
  CHECK(e.signals[1].head == Head::Walk);
  CHECK(e.signals[0].lamp == Lamp::Red);  // the other signal is untouched
  CHECK(e.signals[0].head == Head::DontWalk);
  e.tick(0.5);
  CHECK(e.value(watcher, "walk_seen") == 1);
  CHECK(e.value(watcher, "green_seen") == 1);
  e.tick(1.0);
  CHECK(e.signals[1].lamp == Lamp::Green);  // lamp -1: unchanged
  CHECK(e.signals[1].head == Head::FlashingDontWalk);
  e.tick(2.0);
  CHECK(e.signals[1].lamp == Lamp::Red);
  CHECK(e.signals[1].head == Head::FlashingDontWalk);  // head -1: unchanged
  CHECK(e.value(watcher, "walk_seen") == 1);
  CHECK(e.value(watcher, "green_seen") == 2);
  CHECK(e.value(watcher, "ns_red") == 3);
}

TEST_CASE("patnet: countdown reads the seconds until steady DON'T WALK, 0 once it shows") {
  // A pedestrian countdown display (light_net.hpp, dont_walk_in): WALK 12 s then 8 s flashing of
  // a 48 s cycle starting at 0; the head itself is what the light-net last showed.
  Engine e;
  e.world.signals = {"ns"};
  e.signals.resize(1);
  SignalTiming t;
  t.green = 20, t.yellow = 3, t.red = 25, t.walk = 12, t.offset = 0;
  e.timings = {t};
  Builder b(e.world, "reader");
  b.local("left", -1);
  b.add_state("read");
  b.program.monitors = {b.monitor("time >= 0", {b.set("left", "countdown(ns)")})};
  b.program.global = true;
  const std::uint32_t reader = e.add(std::move(b));
  e.start(reader);
  const auto read = [&](Head head, double time) {
    e.signals[0].head = head;
    e.tick(time);
    return e.value(reader, "left");
  };
  CHECK(read(Head::Walk, 3.0) == doctest::Approx(17.0));
  CHECK(read(Head::FlashingDontWalk, 15.5) == doctest::Approx(4.5));
  CHECK(read(Head::DontWalk, 30.0) == 0.0);
  CHECK(read(Head::Walk, 48.0 + 11.0) == doctest::Approx(9.0));  // the next cycle
  // The head decides: a frame after the light-net turned to DON'T WALK, no time is left.
  CHECK(read(Head::DontWalk, 19.99) == 0.0);
  // Without timings (a world with no light-nets), nothing is left either.
  e.timings.clear();
  CHECK(read(Head::Walk, 50.0) == 0.0);
  CHECK(patnet::dont_walk_in(t, 20.0) == 0.0);
  CHECK(patnet::dont_walk_in(t, 47.9) == 0.0);
}

TEST_CASE("patnet: target points a location sensor at a location or at a lane beside it") {
  Engine e;
  e.world.locations = {{"a", Vec2(0, 0)}, {"b", Vec2(0, 10)}};
  e.params.assign(4, 0.0);
  Builder b(e.world, "aim");
  SetTarget plain{0, Compiled::of_constant(1), {}, {}, {}};
  // Walking from a to b (north), the lane 1 m to the right lies at +x.
  SetTarget lane{2, Compiled::of_constant(1), Compiled::of_constant(1.0), Compiled::of_constant(0),
                 Compiled::of_constant(1)};
  b.program.states = {{"s", {plain, lane}, {}, kNone}};
  const auto p = e.add(std::move(b));
  e.start(p);
  CHECK(e.params[0] == doctest::Approx(0.0));
  CHECK(e.params[1] == doctest::Approx(10.0));
  CHECK(e.params[2] == doctest::Approx(1.0));
  CHECK(e.params[3] == doctest::Approx(10.0));
}

namespace {

// A walker whose nets point its location sensor `goal` at places and bind `seek` to walk there.
constexpr const char* kWalkerBehavior = R"(
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, bound: 0}
      walk: {type: walk, inputs: [seek]}
)";

// One agent per position, each running net `n` of `nets_yaml` (with a location sensor `goal`), in
// a world of locations a and b and whatever `world_extra` adds.
Simulation agents_running(const std::string& nets_yaml, const std::vector<Vec2>& at,
                          std::uint64_t seed = 1, const std::string& world_extra = "") {
  std::string text = R"(
seed: )" + std::to_string(seed) + R"(
world:
  locations: {a: [0, 0], b: [0, 20]}
)" + world_extra + kWalkerBehavior + "patnets:\n" + nets_yaml + "agents:\n";
  for (const Vec2& p : at)
    text += "  - {behavior: walker, position: [" + std::to_string(p.x()) + ", " +
            std::to_string(p.y()) + "], nets: [n]}\n";
  return test::make_sim(parse_scenario(text, "inline.yaml"));
}

double local_of(const Simulation& sim, std::uint32_t agent, std::string_view name) {
  const Instance& i = sim.agent_nets().agents[agent].running.at(0);
  const int v = sim.scripts().programs[i.program].find_value(name);
  REQUIRE(v >= 0);
  return i.values[static_cast<std::size_t>(v)];
}

}  // namespace

TEST_CASE("patnet: random draws in range, per agent and call, the same on every run") {
  const std::string nets = R"yaml(
  n:
    locals: {u: 0, v: 0, w: 0}
    states:
      s:
        do: [{set: {u: "random(2, 3)", v: "random(2, 3)"}}, {set: {w: "random(-1, -1)"}}]
)yaml";
  const std::vector<Vec2> at{{0, 0}, {5, 0}, {10, 0}, {15, 0}};
  Simulation a = agents_running(nets, at), b = agents_running(nets, at);
  Simulation c = agents_running(nets, at, 2);
  std::vector<double> seen;
  for (std::uint32_t k = 0; k < at.size(); ++k) {
    for (const char* name : {"u", "v"}) {
      const double x = local_of(a, k, name);
      CHECK(x >= 2.0);
      CHECK(x < 3.0);
      CHECK(x == local_of(b, k, name));  // a pure function of the seed and the agent
      CHECK(x != local_of(c, k, name));  // another seed, other draws
      seen.push_back(x);
    }
    CHECK(local_of(a, k, "w") == -1.0);
  }
  std::sort(seen.begin(), seen.end());
  CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());  // agents and calls differ
}

TEST_CASE("patnet: target ahead follows a point moving along the lane with the agent") {
  // From a to b (north); the lane 1 m to its right lies at x = 1; the point is 3 m past the agent's
  // own projection on it, never beyond b.
  const std::string nets = R"(
  n:
    states:
      s:
        do: [{target: {sensor: goal, at: b, lane: 1, ahead: 3, along: [a, b]}}]
)";
  Simulation sim = agents_running(nets, {{0, 5}, {-2, 12}, {0.5, 19}, {0, 30}});
  const auto goal = [&](int k) {
    const std::string name = "agent" + std::to_string(k);
    return Vec2(sim.param(name + ".goal.x"), sim.param(name + ".goal.y"));
  };
  CHECK((goal(0) - Vec2(1, 8)).norm() == doctest::Approx(0.0));
  CHECK((goal(1) - Vec2(1, 15)).norm() == doctest::Approx(0.0));
  CHECK((goal(2) - Vec2(1, 20)).norm() == doctest::Approx(0.0));  // held at b
  CHECK((goal(3) - Vec2(1, 20)).norm() == doctest::Approx(0.0));  // past b: b
}

TEST_CASE("patnet: target in a lane band keeps an agent's own offset within it, and its middle from outside") {
  // From a to b (north); the band 0.5-2 m right of the line (x from 0.5 to 2). Inside it each agent
  // walks straight on at its own offset, so a crowd does not cross each other's ways; outside it,
  // each makes for the middle (x = 1.25), so its way in crosses the band's edge.
  const auto goals = [](const std::string& lane) {
    const std::string nets = R"(
  n:
    states:
      s:
        do: [{target: {sensor: goal, at: b, lane: )" + lane + R"(, ahead: 3, along: [a, b]}}]
)";
    Simulation sim = agents_running(nets, {{1, 3}, {0.5, 5}, {2, 7}, {3, 9}, {-2, 11}, {0.4, 13}});
    std::vector<Vec2> out;
    for (int k = 0; k < 6; ++k) {
      const std::string name = "agent" + std::to_string(k);
      out.emplace_back(sim.param(name + ".goal.x"), sim.param(name + ".goal.y"));
    }
    return out;
  };
  const std::vector<Vec2> g = goals("[0.5, 2]");
  const double expected_x[] = {1, 0.5, 2, 1.25, 1.25, 1.25};
  for (int k = 0; k < 6; ++k) {
    CAPTURE(k);
    CHECK(g[k].x() == doctest::Approx(expected_x[k]));
    CHECK(g[k].y() == doctest::Approx(6 + 2 * k));  // 3 m ahead, as for a single lane
  }
  CHECK(goals("[2, 0.5]") == g);  // either order
  // A band is two offsets.
  CHECK_THROWS_WITH_AS(goals("[0.5, 1, 2]"), doctest::Contains("'lane' is an offset or a band [from, to]"),
                       ScenarioError);
}

namespace {

// A crosswalk-like strip across the path a → b, 4 m wide (x from -1.5 to 2.5), and walkers whose
// net points their goal with `target`.
Simulation strip_walkers(const std::string& target, const std::vector<Vec2>& at) {
  return agents_running("  n:\n    states:\n      s:\n        do: [{target: " + target + "}]\n", at, 1,
                        "  regions: [{name: strip, type: crosswalk, "
                        "polygon: [[-1.5, 6], [2.5, 6], [2.5, 14], [-1.5, 14]]}]\n");
}

}  // namespace

TEST_CASE("patnet: target within a region keeps the way to the point off the region's sides") {
  // An agent beside the strip (radius 0.25: its centre outside x from -1.25 to 2.25) and short of
  // it has its point pulled back just enough that the straight way there enters the strip's width
  // at the strip's near edge (y = 6), not across its side: the kerb trap, docs/scenario.md.
  Simulation sim = strip_walkers("{sensor: goal, at: b, lane: 1, ahead: 3, along: [a, b], within: strip}",
                                 {{0, 3}, {4, 5.5}, {4, 1}, {4, 8}, {2.4, 8}});
  const auto goal = [&](int k) {
    const std::string name = "agent" + std::to_string(k);
    return Vec2(sim.param(name + ".goal.x"), sim.param(name + ".goal.y"));
  };
  CHECK((goal(0) - Vec2(1, 6)).norm() == doctest::Approx(0.0));  // within the width: 3 m ahead
  // Beside, 0.5 m short: the way from (4, 5.5) crosses x = 2.25 at y = 6.
  const Vec2 g = goal(1);
  CHECK(g.x() == doctest::Approx(1.0));
  CHECK(g.y() == doctest::Approx(5.5 + 0.5 * 3 / 1.75));
  CHECK(5.5 + (g.y() - 5.5) * (4 - 2.25) / (4 - g.x()) == doctest::Approx(6.0));
  CHECK((goal(2) - Vec2(1, 4)).norm() == doctest::Approx(0.0));   // beside but far short: ahead
  CHECK((goal(3) - Vec2(1, 8)).norm() == doctest::Approx(0.0));   // beside, level with it: level
  CHECK((goal(4) - Vec2(1, 11)).norm() == doctest::Approx(0.0));  // on the strip: ahead
}

TEST_CASE("patnet: target within needs ahead, and names a region") {
  const std::vector<Vec2> at{{0, 3}};
  CHECK_THROWS_WITH_AS(strip_walkers("{sensor: goal, at: b, lane: 1, along: [a, b], within: strip}", at),
                       doctest::Contains("'within' shapes the point 'ahead'"), ScenarioError);
  CHECK_THROWS_AS(strip_walkers("{sensor: goal, at: b, ahead: 3, along: [a, b], within: nowhere}", at),
                  ScenarioError);
  CHECK_NOTHROW(strip_walkers("{sensor: goal, at: b, ahead: 3, along: [a, b], within: strip}", at));
}

namespace {

// pace(strip, b, -1) as an observer at (-1, 6) on the strip, facing b, reads it after three seconds:
// `walking` are the walkers ahead of it going to b (at (0.5, 9) and (1, 12), facing north), which
// walk when `go` and stand otherwise. Around them stand one behind the observer facing b, one
// ahead facing away, one ahead off the strip: none of them counts.
double pace_seen(int walking, bool go) {
  std::string text = R"yaml(
world:
  locations: {a: [0, 0], b: [0, 40]}
  regions: [{name: strip, type: crosswalk, polygon: [[-2, 5], [2, 5], [2, 30], [-2, 30]]}]
)yaml" + std::string(kWalkerBehavior) + R"yaml(
patnets:
  watch:
    locals: {p: -2}
    monitors: [{if: "time >= 0", do: [{set: {p: "pace(strip, b, -1)"}}]}]
    states:
      s:
        do: []
  go:
    states:
      s:
        do: [{target: {goal: b}}, {bind: seek}]
agents:
  - {behavior: walker, position: [-1, 6], heading: 1.5708, nets: [watch]}
  - {behavior: walker, position: [1.5, 5.5], heading: 1.5708}
  - {behavior: walker, position: [-1, 10], heading: -1.5708}
  - {behavior: walker, position: [0, 33], heading: 1.5708}
)yaml";
  const Vec2 ahead[] = {{0.5, 9}, {1, 12}};
  for (int k = 0; k < walking; ++k)
    text += "  - {behavior: walker, position: [" + std::to_string(ahead[k].x()) + ", " +
            std::to_string(ahead[k].y()) + "], heading: 1.5708" + (go ? ", nets: [go]" : "") + "}\n";
  Simulation sim = test::make_sim(parse_scenario(text, "inline.yaml"));
  for (int f = 0; f < 90; ++f) sim.step();
  return local_of(sim, 0, "p");
}

}  // namespace

TEST_CASE("patnet: pace reads how fast those ahead on a region go one's way, a jam as zero") {
  const double walking = pace_seen(2, true);
  CHECK(walking > 0.9);  // two walkers in their stride toward b
  CHECK(walking < 1.6);
  CHECK(pace_seen(1, true) > 0.9);
  // Standing ahead, facing one's way: a jam, not nobody.
  CHECK(pace_seen(2, false) == 0.0);
  // Nobody ahead going one's way: behind, facing away and off the region do not count.
  CHECK(pace_seen(0, false) == -1.0);
}

TEST_CASE("patnet: pace takes a region, a place and a number") {
  const std::vector<Vec2> at{{0, 3}};
  const auto net = [](const std::string& call) {
    return "  n:\n    locals: {p: 0}\n    states:\n      s:\n        do: [{set: {p: \"" + call + "\"}}]\n";
  };
  const std::string strip = "  regions: [{name: strip, type: crosswalk, polygon: [[-1, 6], [1, 6], [1, 9], [-1, 9]]}]\n";
  CHECK_NOTHROW(agents_running(net("pace(strip, b, 1.3)"), at, 1, strip));
  CHECK_THROWS_WITH_AS(agents_running(net("pace(b, strip, 1)"), at, 1, strip), doctest::Contains("region"),
                       ScenarioError);
  CHECK_THROWS_WITH_AS(agents_running(net("pace(strip, b)"), at, 1, strip),
                       doctest::Contains("pace() takes 3 arguments, not 2"), ScenarioError);
}

TEST_CASE("patnet: show does nothing without writable signals (an agent's nets)") {
  Engine e;
  e.world.signals = {"ns"};
  e.signals.resize(1);
  Builder b(e.world, "lights");
  b.add_state("go", {Show{b.num("0"), static_cast<int>(Lamp::Green), static_cast<int>(Head::Walk)}});
  const auto p = e.add(std::move(b));
  TickContext ctx = e.context(0);
  ctx.signals = nullptr;
  patnet::start(e.nets, p, {}, ctx);
  CHECK(e.signals[0].lamp == Lamp::Red);
  CHECK(e.signals[0].head == Head::DontWalk);
}

// ---- light-nets ---------------------------------------------------------------------------------

TEST_CASE("patnet: the light-net follows its timing frame by frame for five cycles") {
  const double dt = 1.0 / 30;
  for (const SignalTiming timing :
       {SignalTiming{20, 3, 27, 7, 25}, SignalTiming{20.05, 3.3, 27.01, 7.02, 25.013},
        SignalTiming{24, 3, 31, 14, 0}}) {
    CAPTURE(timing.offset);
    Engine e;
    e.world.signals = {"ns", "ew"};
    e.signals.resize(2);
    e.programs.push_back(light_net_program(e.world));
    e.start(0, light_net_args(1, timing));
    e.tick(0);  // as the simulation does: start the global nets, then tick them at t = 0

    // Exact phase boundaries: walk, clear, yellow, red of each cycle.
    std::vector<double> bounds;
    for (int n = 0; n <= 5; ++n) {
      const double c = timing.offset + n * timing.cycle();
      for (const double at : {c, c + timing.walk, c + timing.green, c + timing.green + timing.yellow})
        if (at > 0) bounds.push_back(at);
    }
    const double end = timing.offset + 5 * timing.cycle();
    std::vector<long> expected;
    for (const double at : bounds)
      if (at <= end) expected.push_back(first_frame_at(at, dt));

    std::vector<long> changed;
    SignalState last = e.signals[1];
    const SignalState first = signal_at(timing, 0);
    CHECK(last.lamp == first.lamp);
    CHECK(last.head == first.head);
    long mismatches = 0, checked = 0;
    double first_mismatch = -1;
    const long frames = first_frame_at(end, dt);
    for (long k = 1; k <= frames; ++k) {
      const double t = static_cast<double>(k) * dt;
      e.tick(t);
      const SignalState now = e.signals[1];
      if (now.lamp != last.lamp || now.head != last.head) changed.push_back(k);
      last = now;
      const bool near_boundary =
          std::any_of(bounds.begin(), bounds.end(), [&](double b) { return std::abs(t - b) < 1e-6; });
      if (near_boundary) continue;
      ++checked;
      const SignalState want = signal_at(timing, t);
      if (want.lamp != now.lamp || want.head != now.head) {
        if (mismatches == 0) first_mismatch = t;
        ++mismatches;
      }
    }
    CAPTURE(first_mismatch);
    CHECK(checked > frames - 30);
    CHECK(mismatches == 0);
    // Each phase begins on the first frame at or after its exact boundary.
    CHECK(changed.size() == expected.size());
    for (std::size_t i = 0; i < std::min(changed.size(), expected.size()); ++i) {
      CAPTURE(i);
      CHECK(changed[i] == expected[i]);
    }
    CHECK(e.signals[0].lamp == Lamp::Red);  // ns was never touched
    CHECK(e.signals[0].head == Head::DontWalk);
    CHECK(e.nets.running.size() == 1);
  }
}

TEST_CASE("patnet: signal_at follows the documented cycle") {
  const SignalTiming t{20, 3, 27, 7, 25};
  CHECK(signal_at(t, 0).lamp == Lamp::Red);
  CHECK(signal_at(t, 24.9).head == Head::DontWalk);
  CHECK(signal_at(t, 25).head == Head::Walk);
  CHECK(signal_at(t, 25).lamp == Lamp::Green);
  CHECK(signal_at(t, 32.5).head == Head::FlashingDontWalk);
  CHECK(signal_at(t, 32.5).lamp == Lamp::Green);
  CHECK(signal_at(t, 46).lamp == Lamp::Yellow);
  CHECK(signal_at(t, 46).head == Head::DontWalk);
  CHECK(signal_at(t, 60).lamp == Lamp::Red);
  CHECK(signal_at(t, 75.5).head == Head::Walk);
}

// ---- the paper's north-net ----------------------------------------------------------------------

TEST_CASE("north_net: waits at the SE corner for WALK and crosses to the NE corner and north") {
  Scenario scenario = load_scenario(test::source_path("data/scenarios/north_net.yaml"));
  Simulation sim = test::make_sim(std::move(scenario));
  const World& w = sim.world();
  const auto location = [&](const char* name) {
    const int l = w.find_location(name);
    REQUIRE(l >= 0);
    return w.locations[static_cast<std::size_t>(l)].position;
  };
  const Vec2 se_wait = location("se_wait_ns"), ne_wait = location("ne_wait_ns"),
             ne_end = location("ne_end_n");
  const int cw = w.find_region("east_cw");
  REQUIRE(cw >= 0);
  const auto& crosswalk = w.regions[static_cast<std::size_t>(cw)].polygon;
  const int ns = w.find_signal("ns");
  REQUIRE(ns >= 0);

  // 90 s covers the wait and the crossing; the walk north may take longer (the scenario's streets
  // are long), so keep stepping until the net has finished, for at most another minute.
  const long frames = std::lround(90.0 / sim.config().dt);
  const long cap = frames + std::lround(60.0 / sim.config().dt);
  const auto finished = [&] { return sim.agent_nets().agents[0].running.empty(); };
  bool reached_se = false, reached_ne = false, on_before = false, heading_north = false;
  double walk_began = -1, first_on = -1, reached_ne_at = -1;
  Head first_on_head = Head::DontWalk, last_head = sim.signals()[ns].head;
  if (last_head == Head::Walk) walk_began = 0;
  int outside_crosswalk = 0;
  double worst_x = 9;
  REQUIRE(sim.agent_nets().agents.size() == 1);
  for (long k = 0; k < cap && (k < frames || !finished()); ++k) {
    sim.step();
    const double t = sim.time();
    const Head head = sim.signals()[ns].head;
    if (head == Head::Walk && last_head != Head::Walk) walk_began = t;
    last_head = head;
    const Vec2 at = sim.agents().location(0);
    const bool on = polygon_contains(crosswalk, sim.agents().foot[0][0]) ||
                    polygon_contains(crosswalk, sim.agents().foot[1][0]);
    if (on && first_on < 0) {
      first_on = t;
      first_on_head = head;
      on_before = reached_se;
    }
    if ((at - se_wait).norm() <= 0.6) reached_se = true;
    if ((at - ne_wait).norm() <= 0.6 && !reached_ne) {
      reached_ne = true;
      reached_ne_at = t;
    }
    if (at.y() > -6 && at.y() < 6 && !polygon_contains(crosswalk, at)) {
      ++outside_crosswalk;
      worst_x = std::abs(at.x() - 9) > std::abs(worst_x - 9) ? at.x() : worst_x;
    }
    if (reached_ne && std::abs(wrap_angle(sim.snapshot().heading[0] - kPi / 2)) < 0.5)
      heading_north = true;
  }
  CAPTURE(walk_began);
  CAPTURE(first_on);
  CAPTURE(reached_ne_at);
  CAPTURE(worst_x);
  CHECK(reached_se);
  REQUIRE(first_on >= 0);
  CHECK(on_before);  // it waited at the corner before setting foot on the crosswalk
  CHECK(first_on_head == Head::Walk);  // never steps onto it under DON'T WALK
  CHECK(first_on - walk_began >= 0);
  CHECK(first_on - walk_began <= 2.0);  // starts crossing promptly once WALK shows
  CHECK(outside_crosswalk == 0);  // keeps to the crosswalk between the kerbs
  CHECK(reached_ne);
  CHECK(heading_north);
  CAPTURE(sim.time());
  CHECK(finished());  // the north-net exits on arriving at ne_end_n
  const Vec2 end = sim.agents().location(0);
  CAPTURE(end);
  CHECK((end - ne_end).norm() <= 1.0);
  CHECK(sim.metrics().red_crossings == 0);
  CHECK(sim.metrics().jaywalk_events == 0);
  // Off the crosswalk before its head shows steady DON'T WALK (issue 22's five-second limit).
  CHECK(sim.metrics().red_stay_max < 5.0);
  CHECK(sim.metrics().red_stays_over_5s == 0);
}

TEST_CASE("north_net: on the crosswalk once WALK is over it hurries as the crowd does, then no more") {
  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/north_net.yaml")));
  // A slower walker, 0.5 m at 0.53 s a step (0.94 m/s): it may start on WALK (it reaches the far
  // corner before steady DON'T WALK at that pace) but is still on the crosswalk when WALK ends.
  sim.set_param("north.walk.step_length", 0.5);
  sim.set_param("north.walk.max_step", 0.5);
  const double period = sim.param("north.walk.step_time");
  const World& w = sim.world();
  const auto& crosswalk = w.regions[static_cast<std::size_t>(w.find_region("east_cw"))].polygon;
  const int ns = w.find_signal("ns");
  const auto finished = [&] { return sim.agent_nets().agents[0].running.empty(); };
  bool hurried = false, on_in_walk = false;
  double walk_ended = -1;
  for (long k = 0; k < std::lround(150.0 / sim.config().dt) && !finished(); ++k) {
    sim.step();
    if (on_in_walk && walk_ended < 0 && sim.signals()[ns].head != Head::Walk) walk_ended = sim.time();
    const bool on = polygon_contains(crosswalk, sim.agents().foot[0][0]) ||
                    polygon_contains(crosswalk, sim.agents().foot[1][0]);
    if (!on) continue;
    if (sim.signals()[ns].head == Head::Walk) {
      on_in_walk = true;
      CHECK(sim.param("north.walk.step_length") == 0.5);  // its own pace while WALK shows
    } else if (on_in_walk && sim.time() - walk_ended > 0.5) {  // nets tick a few times a second
      hurried = true;  // the stride 1.14 times longer and quicker (the `cross` net's `hurry`)
      CHECK(sim.param("north.walk.step_length") == doctest::Approx(0.5 * 1.14));
      CHECK(sim.param("north.walk.max_step") == doctest::Approx(0.5 * 1.14));
      CHECK(sim.param("north.walk.step_time") == doctest::Approx(period / 1.14));
    }
  }
  CHECK(finished());
  CHECK(hurried);
  // Across, it walks on north at its own pace again.
  CHECK(sim.param("north.walk.step_length") == doctest::Approx(0.5).epsilon(1e-12));
  CHECK(sim.param("north.walk.max_step") == doctest::Approx(0.5).epsilon(1e-12));
  CHECK(sim.param("north.walk.step_time") == doctest::Approx(period).epsilon(1e-12));
  CHECK(sim.metrics().red_stays_over_5s == 0);
  CHECK(sim.metrics().red_crossings == 0);
}

// ---- error positions ----------------------------------------------------------------------------

TEST_CASE("patnet: expression errors point at the offending token inside the scalar") {
  // file under tests/malformed, text on the reported line where the error must point, and how far
  // into that text.
  struct Case {
    const char* file;
    const char* needle;
    int into;
  };
  for (const Case& c : std::vector<Case>{
           {"patnet_syntax_error", "and\"", 3},  // the end of the text: the closing quote
           {"patnet_unknown_function", "arived(", 0},
           {"patnet_unknown_name", "time_in_stat ", 0},
           {"patnet_location_not_number", "3, 1)", 0},
           {"patnet_chained_comparison", "< 5", 0},
           {"patnet_condition_is_number", "time\"", 0},  // the whole expression: its start
           {"patnet_wrong_arg_count", "arrived(to)", 0},
           {"patnet_value_is_condition", "n > 1", 0},
           {"patnet_single_equals", "= WALK", 0},
           {"patnet_mixed_equality", "== true", 0},
           {"patnet_signal_param_type", "to) ==", 0},
           {"patnet_unknown_region", "cw2", 0},
           {"patnet_global_agent_predicate", "signal, 1)", 0},
           {"patnet_block_unknown_name", "WLAK", 0},     // a block-style map
           {"patnet_plain_scalar_column", "tme", 0},     // an unquoted scalar
       }) {
    const std::string path = test::source_path(std::string("tests/malformed/") + c.file + ".yaml");
    CAPTURE(path);
    std::ifstream in(path);
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    try {
      (void)load_scenario(path);
      FAIL("no error");
    } catch (const ScenarioError& e) {
      CAPTURE(e.what());
      REQUIRE(e.line() >= 1);
      REQUIRE(static_cast<std::size_t>(e.line()) <= lines.size());
      const std::string& line = lines[static_cast<std::size_t>(e.line() - 1)];
      const std::size_t at = line.find(c.needle);
      REQUIRE(at != std::string::npos);
      CHECK(e.column() == static_cast<int>(at) + c.into + 1);
    }
  }
}

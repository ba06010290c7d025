// Blumberg's action selection (1996): the engine's requirements D-AS, D-LOI, D-RM, D-IV, D-EXT,
// D-MEM of the digest (../shared/reference/digest-reynolds-1999-blumberg-1996.md, part D).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "footfall/select/arbitration.hpp"
#include "footfall/select/releasing.hpp"
#include "footfall/select/state.hpp"
#include "footfall/select/tick.hpp"
#include "footfall/select/variables.hpp"

using namespace footfall::action;

namespace {

std::vector<double> gains2(double g) { return {0, g, g, 0}; }

// A constant internal variable (no growth, no damping).
std::uint32_t constant(System& s, const std::string& name, double value) {
  s.variables.push_back({name, value, 0, 0, 0, kUnbounded});
  return static_cast<std::uint32_t>(s.variables.size() - 1);
}

std::uint32_t behavior(System& s, const std::string& name, std::vector<std::uint32_t> variables,
                       std::vector<std::uint32_t> rms = {}) {
  Behavior b;
  b.name = name;
  b.variables = std::move(variables);
  b.rms = std::move(rms);
  s.behaviors.push_back(b);
  return static_cast<std::uint32_t>(s.behaviors.size() - 1);
}

// An RM of kind 0 at full weight within 100 m.
ReleasingMechanism flat_rm() {
  ReleasingMechanism rm;
  rm.kind = 0;
  rm.max = 100;
  rm.weighting = Weighting::Flat;
  return rm;
}

std::uint32_t run(const System& s, AgentState& st, int ticks, std::span<const Stimulus> seen = {}) {
  TickResult r;
  TickScratch scratch;
  for (int k = 0; k < ticks; ++k) tick(s, st, seen, r, scratch);
  return leaf(st);
}

}  // namespace

TEST_CASE("action: Table 1 of Blumberg 1996, four iterations to (5, 0), then 21 (D-AS-06)") {
  const std::vector<double> pre{21, 10};
  std::vector<double> values{0, 10};  // the previous tick's post-inhibition values
  std::vector<double> scratch;
  std::vector<std::vector<double>> trace;
  const Arbitration a = arbitrate(pre, values, gains2(2.0), 32, scratch, &trace);
  CHECK(a.iterations == 4);
  CHECK_FALSE(a.fallback);
  CHECK(a.winner == 0);
  REQUIRE(trace.size() == 4);
  CHECK(trace[0] == std::vector<double>{1, 10});
  CHECK(trace[1] == std::vector<double>{1, 8});
  CHECK(trace[2] == std::vector<double>{5, 8});
  CHECK(trace[3] == std::vector<double>{5, 0});
  // t + 1: V1's inhibition of V2 is 2 · 21 = 42, V1 is 21 in one iteration.
  trace.clear();
  const Arbitration next = arbitrate(pre, values, gains2(2.0), 32, scratch, &trace);
  CHECK(next.iterations == 1);
  CHECK(values == std::vector<double>{21, 0});
}

TEST_CASE("action: with 20 or 19 against an incumbent 10 the incumbent stays (D-AS-07, D-AS-08, D-AS-10)") {
  for (const double challenger : {20.0, 19.0}) {
    std::vector<double> values{0, 10}, scratch;
    const Arbitration a = arbitrate(std::vector<double>{challenger, 10}, values, gains2(2.0), 32, scratch);
    CHECK(a.winner == 1);
    CHECK(a.iterations == 1);
    CHECK(values == std::vector<double>{0, 10});
  }
}

TEST_CASE("action: a cold start (2, 1) ends with one winner, not all zero (D-AS-09a)") {
  std::vector<double> values{0, 0}, scratch;
  std::vector<std::vector<double>> trace;
  const Arbitration a = arbitrate(std::vector<double>{2, 1}, values, gains2(2.0), 32, scratch, &trace);
  CHECK(a.fallback);
  CHECK(a.winner == 0);
  CHECK(values == std::vector<double>{2, 0});
  CHECK(trace[0] == std::vector<double>{2, 1});
  CHECK(trace[1] == std::vector<double>{0, 0});  // the literal rule's collapse, caught
  // A tie picks the lower index; three members collapse too and are settled the same way.
  std::vector<double> tie{0, 0}, three{0, 0, 0};
  CHECK(arbitrate(std::vector<double>{5, 5}, tie, gains2(2.0), 32, scratch).winner == 0);
  const std::vector<double> g3(9, 2.0);
  CHECK(arbitrate(std::vector<double>{1, 2, 0.5}, three, g3, 32, scratch).winner == 1);
  CHECK(three == std::vector<double>{0, 2, 0});
}

TEST_CASE("action: exactly one non-zero value whenever a pre-value is positive, in bounded iterations (D-AS-05, D-AS-09)") {
  std::uint64_t x = 12345;
  auto draw = [&] {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(x >> 40) / static_cast<double>(1ull << 24);
  };
  std::vector<double> scratch;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 2 + trial % 5;
    std::vector<double> pre(n), values(n), gains(n * n);
    for (auto& p : pre) p = draw() < 0.2 ? 0.0 : draw() * 10;
    for (auto& v : values) v = draw() < 0.5 ? 0.0 : draw() * 10;
    for (auto& g : gains) g = 1.01 + draw() * 4;
    const bool any = std::any_of(pre.begin(), pre.end(), [](double p) { return p > 0; });
    const Arbitration a = arbitrate(pre, values, gains, 16, scratch);
    CHECK(a.iterations <= 17);
    const auto on = std::count_if(values.begin(), values.end(), [](double v) { return v > 0; });
    CHECK(on == (any ? 1 : 0));
    if (any) CHECK(values[a.winner] > 0);
  }
}

TEST_CASE("action: a gain of 1 or less is a load error (D-AS-04)") {
  System s;
  const auto v = constant(s, "drive", 1);
  behavior(s, "a", {v});
  behavior(s, "b", {v});
  s.groups.push_back({"top", {0, 1}, {}, 32});
  CHECK(finish(s).empty());
  CHECK(s.groups[0].gains == std::vector<double>{2, 2, 2, 2});  // the default, 2.0
  s.groups[0].gains = {0, 1.0, 2.0, 0};
  const std::string message = finish(s);
  CHECK(message.find("must be > 1") != std::string::npos);
  CHECK(message.find("'a' against 'b'") != std::string::npos);
}

TEST_CASE("action: an IV with growth 0.1 and damping 0.01 converges to 10 within 1% (D-IV-01, D-IV-03)") {
  const InternalVariable v{"desire", 1.0, 0.1, 0.01, 0, kUnbounded};
  double x = v.initial;
  for (int k = 0; k < 1000; ++k) x = next_variable(v, x, 0);
  CHECK(std::abs(x - 10.0) < 0.1);
  for (int k = 0; k < 1000; ++k) x = next_variable(v, x, 0);
  CHECK(x == doctest::Approx(10.0).epsilon(1e-6));
  const InternalVariable clamped{"c", 0, 0.1, 0.01, 0, 4};
  x = 0;
  for (int k = 0; k < 1000; ++k) x = next_variable(clamped, x, 0);
  CHECK(x == 4);
  CHECK(next_variable(clamped, 1, -5) == 0);
}

TEST_CASE("action: ModifyVariable of an active behavior, once per tick, multiplicative or absolute (D-IV-02)") {
  System s;
  const auto want = constant(s, "want", 5);
  const auto b = behavior(s, "sit", {want});
  s.behaviors[b].modifies = {{want, -0.1, ModifyMode::Multiply}};
  s.groups.push_back({"top", {b}, {}, 32});
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  run(s, st, 1);  // sit wins with value 5; its effect lands on the next tick's IV update
  CHECK(st.variables[want] == 5);
  CHECK(st.post[b] == 5);
  run(s, st, 1);
  CHECK(st.variables[want] == doctest::Approx(4.5));  // 5 − 0.1 · 5
  s.behaviors[b].modifies = {{want, -1, ModifyMode::Absolute}};
  run(s, st, 1);
  CHECK(st.variables[want] == doctest::Approx(3.5));
}

TEST_CASE("action: the RM of Fig. 8 gives 20 at 5 units, 0 beyond 20, 0 without an extended hand (D-RM-01, D-RM-02)") {
  ReleasingMechanism rm;
  rm.kind = 0;
  rm.fields = 0b011;  // extendedLeft, extendedRight
  rm.logic = FieldLogic::Any;
  rm.min = 0, rm.optimal = 5, rm.max = 20;
  rm.max_value = 20;
  RmState st;
  auto at = [&](double d, std::uint32_t fields) {
    const Stimulus person{7, 0, fields, d, 0, 0};
    return evaluate(rm, st, std::span(&person, 1), {}, Stimulus{}, Memory{});
  };
  CHECK(at(5, 0b001) == 20);
  CHECK(at(5, 0b010) == 20);
  CHECK(at(20.01, 0b001) == 0);
  CHECK(at(12.5, 0b001) == doctest::Approx(10));  // linear, halfway from optimal to max
  CHECK(at(5, 0b100) == 0);                       // the predicate is false
  CHECK(at(5, 0) == 0);
  CHECK(st.object.id == kNoObject);
  at(5, 1);
  CHECK(st.object.id == 7);
  // The other weightings: exponential falls faster than linear, flat not at all; both 0 outside.
  rm.weighting = Weighting::Exponential;
  const double e = at(12.5, 1);
  CHECK(e > 0);
  CHECK(e < 10);
  CHECK(at(20.5, 1) == 0);
  rm.weighting = Weighting::Flat;
  CHECK(at(19, 1) == 20);
  // Field logic: AND, NOT, NAND.
  rm.logic = FieldLogic::All;
  CHECK(passes_filter(rm, 0b011));
  CHECK_FALSE(passes_filter(rm, 0b001));
  rm.logic = FieldLogic::Not;
  CHECK(passes_filter(rm, 0b100));
  CHECK_FALSE(passes_filter(rm, 0b001));
  rm.logic = FieldLogic::Nand;
  CHECK(passes_filter(rm, 0b001));
  CHECK_FALSE(passes_filter(rm, 0b011));
}

TEST_CASE("action: temporal filters average, sum and latch (D-RM-03)") {
  ReleasingMechanism rm;
  rm.kind = 0;
  rm.max = 10;
  rm.weighting = Weighting::Flat;
  rm.max_value = 4;
  rm.window = 4;
  const Stimulus thing{1, 0, 0, 3, 0, 0};
  auto step = [&](RmState& st, bool seen) {
    return evaluate(rm, st, seen ? std::span(&thing, 1) : std::span<const Stimulus>{}, {}, Stimulus{}, Memory{});
  };
  rm.temporal = Temporal::Average;
  RmState avg;
  CHECK(step(avg, true) == 1);
  CHECK(step(avg, true) == 2);
  CHECK(step(avg, false) == 2);
  rm.temporal = Temporal::Sum;
  RmState sum;
  CHECK(step(sum, true) == 4);
  CHECK(step(sum, true) == 8);
  rm.temporal = Temporal::Latch;
  RmState latch;
  CHECK(step(latch, true) == 4);
  for (int k = 0; k < 3; ++k) {
    CHECK(step(latch, false) == 4);  // active for the window after the last detection
    CHECK(latch.object.id == 1);
  }
  CHECK(step(latch, false) == 0);
}

TEST_CASE("action: time sharing 2 : 1 : 0.5 with level of interest, only the first without (D-LOI-05, D-LOI-02)") {
  auto system = [](bool loi) {
    System s;
    const double values[] = {2, 1, 0.5};
    const char* names[] = {"find_food", "find_water", "clean"};
    for (int k = 0; k < 3; ++k) {
      const auto b = behavior(s, names[k], {constant(s, names[k], values[k])});
      if (loi) s.behaviors[b].loi = {LoiMode::Time, 0.01, 0.001};
    }
    s.groups.push_back({"top", {0, 1, 2}, {}, 32});
    REQUIRE(finish(s).empty());
    return s;
  };
  for (const bool loi : {true, false}) {
    const System s = system(loi);
    AgentState st = initial_state(s);
    TickResult r;
    TickScratch scratch;
    std::vector<int> active_ticks(3, 0);
    std::vector<double> last_loi(3, 1.0);
    for (int k = 0; k < 3000; ++k) {
      const std::vector<std::uint8_t> was_active = st.active;  // what the level of interest follows
      tick(s, st, {}, r, scratch);
      REQUIRE(leaf(st) != kNone);
      ++active_ticks[leaf(st)];
      for (std::uint32_t b = 0; b < 3; ++b) {  // D-LOI-02: falls while active, rises while not
        if (was_active[b]) CHECK(st.loi[b] <= last_loi[b]);
        else CHECK(st.loi[b] >= last_loi[b]);
        last_loi[b] = st.loi[b];
      }
    }
    if (loi) {
      for (int b = 0; b < 3; ++b) CHECK(active_ticks[b] > 0);
      CHECK(active_ticks[0] > active_ticks[2]);
    } else {
      CHECK(active_ticks[0] == 3000);
    }
  }
}

TEST_CASE("action: a time-course level of interest holds for the expected time to reward, then falls linearly (D-LOI-06)") {
  System s;
  const auto dig = behavior(s, "dig", {constant(s, "want", 1)});
  const auto idle = behavior(s, "idle", {constant(s, "rest", 0.2)});
  s.behaviors[dig].loi = {LoiMode::Course, 0, 0.01, 0.05, 10, 20};  // hold 10 ticks, fade over 20
  s.groups.push_back({"top", {dig, idle}, {}, 32});
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  TickResult r;
  TickScratch scratch;
  for (int k = 1; k <= 29; ++k) {
    tick(s, st, {}, r, scratch);
    CAPTURE(k);
    // Active from tick 1; its run reaches the hold of 10 at tick 11, then falls 1/20 a tick.
    CHECK(st.loi[dig] == doctest::Approx(k <= 11 ? 1.0 : 1.0 - (k - 11) / 20.0).epsilon(1e-12));
    CHECK(leaf(st) == dig);
  }
  tick(s, st, {}, r, scratch);  // 0.05 · 1 against 0.2 with gain 2: idle wins
  CHECK(leaf(st) == idle);
  // Inactive, it recovers at its rate until it wins again, and then holds there for 10 ticks.
  int k = 0;
  while (leaf(st) != dig && k++ < 1000) tick(s, st, {}, r, scratch);
  REQUIRE(leaf(st) == dig);
  const double resumed = st.loi[dig];
  CHECK(resumed > 0.4);  // it wins once 1 · LOI exceeds 2 · 0.2
  for (int h = 0; h < 10; ++h) {
    tick(s, st, {}, r, scratch);
    CHECK(st.loi[dig] == resumed);
  }
  tick(s, st, {}, r, scratch);
  CHECK(st.loi[dig] == doctest::Approx(resumed - 0.05));
}

TEST_CASE("action: progress-based level of interest falls without progress, recovers with it (D-LOI-03)") {
  System s;
  s.kinds = {"goal"};
  s.rms.push_back(flat_rm());
  const auto b = behavior(s, "approach", {}, {0});
  s.behaviors[b].loi = {LoiMode::Progress, 0.1, 0.1, 0.05};
  s.groups.push_back({"top", {b}, {}, 32});
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  Stimulus goal{1, 0, 0, 50, 0, 0};
  run(s, st, 6, std::span(&goal, 1));  // stands still: no progress
  CHECK(st.loi[b] < 0.6);
  const double low = st.loi[b];
  for (int k = 0; k < 3; ++k) {
    goal.distance -= 1;
    run(s, st, 1, std::span(&goal, 1));
  }
  CHECK(st.loi[b] > low);
}

TEST_CASE("action: raising gains from 1.5 to 3 lowers switches between hunger and thirst (D-AS-14)") {
  auto switches = [](double gain) {
    System s;
    s.variables = {{"hunger", 10, 0.05, 0, 0, 100}, {"thirst", 9, 0.05, 0, 0, 100}};
    const auto eat = behavior(s, "eat", {0});
    const auto drink = behavior(s, "drink", {1});
    s.behaviors[eat].modifies = {{0, -0.05, ModifyMode::Multiply}};
    s.behaviors[drink].modifies = {{1, -0.05, ModifyMode::Multiply}};
    s.groups.push_back({"top", {eat, drink}, gains2(gain), 32});
    REQUIRE(finish(s).empty());
    AgentState st = initial_state(s);
    run(s, st, 2000);
    return st.switches;
  };
  const auto dither = switches(1.5), persist = switches(3.0);
  MESSAGE("switches in 2000 ticks: gain 1.5: " << dither << ", gain 3: " << persist);
  CHECK(persist < dither);
  CHECK(dither > 0);
}

TEST_CASE("action: only the winner's subgroup is traversed, losers suggest before the winner acts (D-AS-11, D-AS-12, D-AS-13)") {
  System s;
  s.kinds = {"thing"};
  ReleasingMechanism rm = flat_rm();
  rm.temporal = Temporal::Sum;  // counts its evaluations
  rm.window = 1000;
  s.rms = {rm, rm};
  const auto want_a = constant(s, "a", 3), want_b = constant(s, "b", 1);
  const auto a = behavior(s, "a", {want_a});
  const auto b = behavior(s, "b", {want_b});
  const auto a1 = behavior(s, "a1", {}, {0});
  const auto b1 = behavior(s, "b1", {}, {1});
  s.behaviors[a].child = 1;
  s.behaviors[b].child = 2;
  s.behaviors[a].action = {SetParam{10, 1}};
  s.behaviors[b].suggestion = {SetParam{20, 1}};
  s.behaviors[a1].action = {SetParam{11, 1}};
  s.groups = {{"top", {a, b}, {}, 32}, {"under_a", {a1}, {}, 32}, {"under_b", {b1}, {}, 32}};
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  const Stimulus thing{1, 0, 0, 5, 0, 0};
  TickResult r;
  TickScratch scratch;
  for (int k = 0; k < 3; ++k) tick(s, st, std::span(&thing, 1), r, scratch);
  CHECK(st.path == std::vector<std::uint32_t>{a, a1});
  CHECK(st.rms[0].value == 3);  // evaluated every tick
  CHECK(st.rms[1].value == 0);  // never: b's group was not traversed
  REQUIRE(r.acts.size() == 3);
  CHECK(std::get<SetParam>(r.acts[0].act).slot == 20);  // b's suggestion first
  CHECK_FALSE(r.acts[0].winner);
  CHECK(std::get<SetParam>(r.acts[1].act).slot == 10);  // then a's action
  CHECK(std::get<SetParam>(r.acts[2].act).slot == 11);  // then the leaf's
  CHECK(r.acts[2].object.id == 1);                      // the object of interest
  CHECK(st.pronome.id == 1);
}

TEST_CASE("action: Fig. 15's find-person-and-sit (the dog): approach far, sit near with a hand out, howl alone") {
  System s;
  s.kinds = {"person"};
  s.fields = {"extendedLeft", "extendedRight"};
  s.variables = {{"want_to_play", 1.0, 0.1, 0.01, 0, kUnbounded}, {"something_else", 0.5, 0, 0, 0, kUnbounded},
                 {"howl", 0.01, 0, 0, 0, kUnbounded}};
  ReleasingMechanism sit_rm;
  sit_rm.kind = 0, sit_rm.fields = 0b11, sit_rm.min = 0, sit_rm.optimal = 5, sit_rm.max = 20, sit_rm.max_value = 20;
  ReleasingMechanism approach_rm;
  approach_rm.kind = 0, approach_rm.min = 5, approach_rm.optimal = 10, approach_rm.max = 100,
  approach_rm.max_value = 20;
  s.rms = {sit_rm, approach_rm};
  const auto find = behavior(s, "find_person_and_sit", {0});
  const auto other = behavior(s, "something_else", {1});
  const auto sit = behavior(s, "sit", {}, {0});
  const auto approach = behavior(s, "approach", {}, {1});
  const auto howl = behavior(s, "howl", {2});
  s.behaviors[find].child = 1;
  s.behaviors[sit].modifies = {{0, -0.01, ModifyMode::Multiply}};
  s.groups = {{"top", {find, other}, {}, 32}, {"play", {sit, approach, howl}, {}, 32}};
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  CHECK(run(s, st, 3) == howl);
  const Stimulus far{1, 0, 0b00, 50, 0, 0};
  CHECK(run(s, st, 3, std::span(&far, 1)) == approach);
  const Stimulus near{1, 0, 0b01, 4, 0, 0};
  CHECK(run(s, st, 3, std::span(&near, 1)) == sit);
  CHECK(st.memory.behaviors == std::vector<std::uint32_t>{sit, approach, howl});  // D-MEM-01
  CHECK(st.memory.objects == std::vector<std::uint64_t>{1});
}

TEST_CASE("action: external control sets an IV, holds a level of interest, forces a branch, adds a private object (D-EXT-01, -03, -04, -07)") {
  System s;
  s.kinds = {"biscuit"};
  ReleasingMechanism rm;
  rm.kind = 0, rm.max = 10, rm.max_value = 5, rm.weighting = Weighting::Flat;
  s.rms = {rm};
  const auto hunger = constant(s, "hunger", 1);
  const auto rest = constant(s, "rest", 2);
  const auto eat = behavior(s, "eat", {hunger}, {0});
  const auto sleep = behavior(s, "sleep", {rest});
  s.groups = {{"top", {eat, sleep}, {}, 32}};
  REQUIRE(finish(s).empty());
  AgentState st = initial_state(s);
  CHECK(run(s, st, 2) == sleep);
  st.variables[hunger] = 5;  // motivational level: "you are very hungry"
  CHECK(run(s, st, 2) == eat);
  st.variables[hunger] = 1;
  st = initial_state(s);
  st.private_objects.push_back({99, 0, 0, 2, 1, 1});  // environmental level: only this agent sees it
  CHECK(run(s, st, 2) == eat);
  CHECK(st.pronome.id == 99);
  st.loi_hold[eat] = 0.0;  // proscriptive: a level of interest held at 0
  CHECK(run(s, st, 2) == sleep);
  st.loi_hold[eat] = -1;
  st.private_objects.clear();
  st.forced = eat;  // task level: the branch wins whatever the values
  CHECK(run(s, st, 2) == eat);
  st.forced = kNone;
  CHECK(run(s, st, 2) == eat);  // released, eat is the incumbent: 2 does not exceed 2 × 1
  st.variables[rest] = 2.5;
  CHECK(run(s, st, 2) == sleep);
}

TEST_CASE("level of interest recovering only on a sign of progress stays low without one (D-LOI-07)") {
  LevelOfInterest loi;
  loi.mode = LoiMode::Time;
  loi.decay = 0.1;
  loi.recovery = 0.05;
  loi.recover_on = {0};
  double v = 1.0;
  for (int k = 0; k < 5; ++k) v = next_loi(loi, v, true, false, 0, false);  // active: falls
  CHECK(v == doctest::Approx(0.5));
  for (int k = 0; k < 20; ++k) v = next_loi(loi, v, false, false, 0, false);  // no free path, no open space
  CHECK(v == doctest::Approx(0.5));
  v = next_loi(loi, v, false, false, 0, true);  // a free path: it recovers
  CHECK(v == doctest::Approx(0.55));
}

#include "footfall/patnet/light_net.hpp"

#include <cmath>

#include "footfall/patnet/symbols.hpp"

namespace footfall::patnet {

Program light_net_program(const World& world) {
  Program p;
  p.name = "light_net";
  p.global = true;
  p.params = {{"signal", ParamType::Signal}, {"walk", ParamType::Number},
              {"clear", ParamType::Number},  {"yellow", ParamType::Number},
              {"red", ParamType::Number},    {"offset", ParamType::Number}};
  Scope scope;
  scope.world = &world;
  scope.program = &p;
  const Symbols symbols = make_symbols(scope);
  const Compiled signal = compile_number("signal", symbols);
  const auto show = [&](Lamp lamp, Head head) {
    return Show{signal, static_cast<int>(lamp), static_cast<int>(head)};
  };
  const auto after = [&](const char* delay, int to) {
    return Transition{compile_number(delay, symbols), true, to};
  };
  enum { Offset, Walk, Clear, Yellow, Red };
  p.states = {
      {"offset", {show(Lamp::Red, Head::DontWalk)}, {after("offset", Walk)}},
      {"walk", {show(Lamp::Green, Head::Walk)}, {after("walk", Clear)}},
      {"clear", {show(Lamp::Green, Head::FlashingDontWalk)}, {after("clear", Yellow)}},
      {"yellow", {show(Lamp::Yellow, Head::DontWalk)}, {after("yellow", Red)}},
      {"red", {show(Lamp::Red, Head::DontWalk)}, {after("red", Walk)}},
  };
  p.start = Offset;
  return p;
}

std::vector<double> light_net_args(int signal, const SignalTiming& t) {
  return {static_cast<double>(signal), t.walk, t.green - t.walk, t.yellow, t.red, t.offset};
}

SignalState signal_at(const SignalTiming& t, double time) {
  const double u = t.phase(time);
  if (u < 0) return {Lamp::Red, Head::DontWalk};
  if (u < t.walk) return {Lamp::Green, Head::Walk};
  if (u < t.green) return {Lamp::Green, Head::FlashingDontWalk};
  if (u < t.green + t.yellow) return {Lamp::Yellow, Head::DontWalk};
  return {Lamp::Red, Head::DontWalk};
}

double dont_walk_in(const SignalTiming& t, double time) {
  const double u = t.phase(time);
  return u >= 0 && u < t.green ? t.green - u : 0.0;
}

}  // namespace footfall::patnet

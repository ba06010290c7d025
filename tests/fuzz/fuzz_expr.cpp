// libFuzzer target: the PaT-Net expression compiler. Any text must compile or fail with an
// ExprError; what compiles is also evaluated. Build and run: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>
#include <string>

#include "footfall/patnet/context.hpp"
#include "footfall/patnet/expr.hpp"

using namespace footfall::patnet;

namespace {

Compiled run_time(Fn fn, Type t = Type::Number) {
  Compiled c;
  c.fn = std::move(fn);
  c.type = t;
  return c;
}

// A few names and functions of each kind the real resolvers have: run-time values, a constant, a
// condition, a function of a value and one that takes a bare name.
Symbols symbols() {
  Symbols s;
  s.name = [](std::string_view n) -> std::optional<Compiled> {
    if (n == "time") return run_time([](const EvalContext& c) { return c.time; });
    if (n == "x") return run_time([](const EvalContext& c) { return c.values[0]; });
    if (n == "open") return run_time([](const EvalContext& c) { return c.values[1]; }, Type::Bool);
    if (n == "WALK") return Compiled::of_constant(3);
    return std::nullopt;
  };
  s.call = [](std::string_view f, std::span<const Arg> args) -> std::optional<Compiled> {
    if (f == "twice") {
      if (args.size() != 1 || !args[0].value || args[0].value->type != Type::Number)
        throw ExprError(args.empty() ? 0 : args[0].offset, "twice takes one number");
      return run_time([n = args[0].value->fn](const EvalContext& c) { return 2 * n(c); });
    }
    if (f == "near") {
      if (args.size() != 2 || args[0].name != "door" || !args[1].value)
        throw ExprError(args.empty() ? 0 : args[0].offset, "near(door, r)");
      return run_time([r = args[1].value->fn](const EvalContext& c) { return r(c) > 1 ? 1.0 : 0.0; }, Type::Bool);
    }
    return std::nullopt;
  };
  s.known_names = {"time", "x", "open", "WALK"};
  s.known_functions = {"twice", "near"};
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Symbols known = symbols();
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const Compiled c = compile(text, known);
    const double values[2] = {1.5, 1};
    EvalContext ctx;
    ctx.time = 7;
    ctx.values = values;
    (void)c(ctx);
  } catch (const ExprError&) {
  }
  return 0;
}

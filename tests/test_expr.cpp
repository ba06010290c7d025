#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "footfall/patnet/context.hpp"
#include "footfall/patnet/expr.hpp"

using namespace footfall::patnet;

namespace {

Compiled closure(Fn fn, Type t = Type::Number) {
  Compiled c;
  c.fn = std::move(fn);
  c.type = t;
  return c;
}

// What the test functions saw of their arguments, and how often `hit()` ran.
struct Probe {
  int hits = 0;
  std::vector<std::string> names;   // Arg.name of the last call's arguments
  std::vector<bool> has_value;      // whether each argument compiled
  std::vector<std::string> errors;  // Arg.error of each argument
};

// Names read the context: `time`, `x` = values[0], `y` = values[1], `signal` = values[2] != 0,
// `seek.weight` = values[3], and the constant `WALK` = 3. Functions: `twice(n)`, `near(place, r)`
// (its first argument must be a bare place name: door or exit), `hit()` (counts its runs), and
// `any(...)` (accepts and ignores anything).
Symbols test_symbols(const std::shared_ptr<Probe>& probe) {
  Symbols s;
  s.name = [](std::string_view n) -> std::optional<Compiled> {
    if (n == "time") return closure([](const EvalContext& c) { return c.time; });
    if (n == "x") return closure([](const EvalContext& c) { return c.values[0]; });
    if (n == "y") return closure([](const EvalContext& c) { return c.values[1]; });
    if (n == "signal") return closure([](const EvalContext& c) { return c.values[2] != 0 ? 1.0 : 0.0; }, Type::Bool);
    if (n == "seek.weight") return closure([](const EvalContext& c) { return c.values[3]; });
    if (n == "WALK") return Compiled::of_constant(3);
    return std::nullopt;
  };
  s.call = [probe](std::string_view f, std::span<const Arg> args) -> std::optional<Compiled> {
    probe->names.clear();
    probe->has_value.clear();
    probe->errors.clear();
    for (const Arg& a : args) {
      probe->names.emplace_back(a.name);
      probe->has_value.push_back(a.value.has_value());
      probe->errors.push_back(a.error);
    }
    if (f == "twice") {
      if (args.size() != 1) throw ExprError(0, "twice takes one argument");
      if (!args[0].value) throw ExprError(args[0].offset, args[0].error);
      if (args[0].value->type != Type::Number) throw ExprError(args[0].offset, "twice needs a number");
      if (args[0].value->constant) return Compiled::of_constant(2 * args[0].value->value);
      return closure([n = args[0].value->fn](const EvalContext& c) { return 2 * n(c); });
    }
    if (f == "near") {
      if (args.size() != 2) throw ExprError(0, "near takes a place and a distance");
      if (args[0].name.empty()) throw ExprError(args[0].offset, "near's first argument must name a place");
      if (args[0].name != "door" && args[0].name != "exit") throw ExprError(args[0].offset, "no such place");
      if (!args[1].value) throw ExprError(args[1].offset, args[1].error);
      const double place = args[0].name == "door" ? 0 : 10;
      return closure(
          [place, r = args[1].value->fn](const EvalContext& c) { return std::abs(c.values[0] - place) < r(c) ? 1.0 : 0.0; },
          Type::Bool);
    }
    if (f == "hit")
      return closure(
          [probe](const EvalContext&) {
            ++probe->hits;
            return 1.0;
          },
          Type::Bool);
    if (f == "any") return Compiled::of_constant(0);
    return std::nullopt;
  };
  s.known_names = {"time", "x", "y", "signal", "seek.weight", "WALK"};
  s.known_functions = {"twice", "near", "hit", "any"};
  return s;
}

struct Fixture {
  std::shared_ptr<Probe> probe = std::make_shared<Probe>();
  Symbols symbols = test_symbols(probe);
  double values[4] = {0, 0, 0, 0};
  EvalContext ctx;
  Fixture() { ctx.values = values; }

  double eval(std::string_view text) { return compile(text, symbols)(ctx); }

  // The error compiling `text`, which must fail.
  ExprError error(std::string_view text) {
    try {
      compile(text, symbols);
    } catch (const ExprError& e) {
      return e;
    }
    FAIL("no error compiling '" << std::string(text) << "'");
    return ExprError(0, "");
  }
};

// Checks the message and offset of the error compiling `text`.
#define CHECK_ERROR(f, text, expected_offset, expected_message) \
  do {                                                          \
    const ExprError e_ = (f).error(text);                       \
    CHECK(std::string(e_.what()) == (expected_message));        \
    CHECK(e_.offset() == (expected_offset));                    \
  } while (0)

}  // namespace

TEST_CASE("expr: arithmetic precedence and left associativity") {
  Fixture f;
  CHECK(f.eval("1 - 2 - 3") == -4);
  CHECK(f.eval("2 + 3 * 4") == 14);
  CHECK(f.eval("(2 + 3) * 4") == 20);
  CHECK(f.eval("8 / 4 / 2") == 1);
  CHECK(f.eval("2 * 3 - 4 / 2") == 4);
  CHECK(f.eval("-2 * 3") == -6);
  CHECK(f.eval("- -2") == 2);
  CHECK(f.eval("-(1 + 2)") == -3);
  CHECK(f.eval("((((7))))") == 7);
}

TEST_CASE("expr: not binds tighter than and which binds tighter than or") {
  Fixture f;
  CHECK(f.eval("not false and false") == 0);  // (not false) and false
  CHECK(f.eval("true or false and false") == 1);  // true or (false and false)
  CHECK(f.eval("(true or false) and false") == 0);
  CHECK(f.eval("not 1 > 2") == 1);  // not (1 > 2): a comparison binds tighter than not
  CHECK(f.eval("not not true") == 1);
  CHECK(f.eval("!true || true") == 1);
  CHECK(f.eval("true && !false") == 1);
  CHECK(f.eval("1 + 2 == 3 and 2 > 1") == 1);
  CHECK(f.eval("false or false or true") == 1);
  CHECK(f.eval("true and true and false") == 0);
}

TEST_CASE("expr: numeric comparisons") {
  Fixture f;
  CHECK(f.eval("1 == 1") == 1);
  CHECK(f.eval("1 == 2") == 0);
  CHECK(f.eval("1 != 2") == 1);
  CHECK(f.eval("1 != 1") == 0);
  CHECK(f.eval("1 < 2") == 1);
  CHECK(f.eval("2 < 2") == 0);
  CHECK(f.eval("2 <= 2") == 1);
  CHECK(f.eval("3 <= 2") == 0);
  CHECK(f.eval("3 > 2") == 1);
  CHECK(f.eval("2 > 2") == 0);
  CHECK(f.eval("2 >= 2") == 1);
  CHECK(f.eval("1 >= 2") == 0);
  CHECK(compile("1 < 2", f.symbols).type == Type::Bool);
  CHECK(compile("1 + 2", f.symbols).type == Type::Number);
}

TEST_CASE("expr: boolean equality") {
  Fixture f;
  CHECK(f.eval("true == true") == 1);
  CHECK(f.eval("true == false") == 0);
  CHECK(f.eval("true != false") == 1);
  CHECK(f.eval("(1 < 2) == true") == 1);
  f.values[2] = 1;
  CHECK(f.eval("signal == true") == 1);
  CHECK(f.eval("signal != (x > 1)") == 1);
}

TEST_CASE("expr: numbers") {
  Fixture f;
  CHECK(f.eval("1e3") == 1000);
  CHECK(f.eval(".5") == 0.5);
  CHECK(f.eval("2.5E-1") == 0.25);
  CHECK(f.eval("1e+2") == 100);
  CHECK(f.eval("0.125") == 0.125);
  CHECK(f.eval("  42  ") == 42);
}

TEST_CASE("expr: names and dotted names read the context") {
  Fixture f;
  f.values[0] = 2;
  f.values[3] = 0.75;
  f.ctx.time = 10;
  CHECK(f.eval("x * 3") == 6);
  CHECK(f.eval("seek.weight * 4") == 3);
  CHECK(f.eval("time - x") == 8);
  CHECK(f.eval("WALK") == 3);
}

TEST_CASE("expr: compiled once and run with many contexts") {
  Fixture f;
  const Compiled c = compile("x * 2 + time", f.symbols);
  const Compiled cond = compile_condition("x > y and not signal", f.symbols);
  for (int i = 0; i < 5; ++i) {
    double v[4] = {double(i), 2, double(i % 2), 0};
    EvalContext ctx;
    ctx.values = v;
    ctx.time = 100 * i;
    CHECK(c(ctx) == 2 * i + 100 * i);
    CHECK(cond(ctx) == ((i > 2 && i % 2 == 0) ? 1 : 0));
  }
}

TEST_CASE("expr: and and or short-circuit at run time") {
  Fixture f;
  const Compiled a = compile("x > 100 and hit()", f.symbols);
  const Compiled o = compile("x < 100 or hit()", f.symbols);
  CHECK(!a.constant);
  CHECK(a(f.ctx) == 0);
  CHECK(o(f.ctx) == 1);
  CHECK(f.probe->hits == 0);
  f.values[0] = 200;
  CHECK(a(f.ctx) == 1);
  CHECK(f.probe->hits == 1);
  CHECK(o(f.ctx) == 1);
  CHECK(f.probe->hits == 2);

  CHECK(f.eval("false and hit()") == 0);
  CHECK(f.eval("true or hit()") == 1);
  CHECK(f.probe->hits == 2);
  CHECK(f.eval("true and hit()") == 1);
  CHECK(f.probe->hits == 3);
}

TEST_CASE("expr: constant folding") {
  Fixture f;
  const Compiled c = compile("2 * (3 + 4) > 10", f.symbols);
  CHECK(c.constant);
  CHECK(c.type == Type::Bool);
  CHECK(c.value == 1);
  CHECK(c(f.ctx) == 1);
  CHECK(compile("-(2 - 5) / 2", f.symbols).value == 1.5);
  CHECK(compile("not (true and false) or false", f.symbols).constant);
  CHECK(compile("WALK == 3", f.symbols).constant);  // the resolver's constants fold too
  CHECK(compile("twice(4)", f.symbols).constant);
  CHECK_FALSE(compile("x * 2 > 10", f.symbols).constant);
  CHECK_FALSE(compile("2 * (3 + x)", f.symbols).constant);
  CHECK_FALSE(compile("true and signal", f.symbols).constant);
  const Compiled k = Compiled::of_constant(4, Type::Number);
  CHECK(k.constant);
  CHECK(k.value == 4);
  CHECK(k(f.ctx) == 4);
}

TEST_CASE("expr: division by zero follows IEEE") {
  Fixture f;
  CHECK(std::isinf(f.eval("1 / x")));
  CHECK(std::isnan(f.eval("0 / x")));
  CHECK(std::isinf(f.eval("-1 / 0")));
}

TEST_CASE("expr: calls get bare names and compiled values") {
  Fixture f;
  f.values[0] = 1;
  CHECK(f.eval("twice(x + 1)") == 4);
  CHECK(f.probe->names == std::vector<std::string>{""});
  CHECK(f.eval("twice(x)") == 2);
  CHECK(f.probe->names == std::vector<std::string>{"x"});
  CHECK(f.probe->has_value == std::vector<bool>{true});

  CHECK(f.eval("near(door, 2)") == 1);
  CHECK(f.probe->names == std::vector<std::string>{"door", ""});
  CHECK(f.probe->has_value == std::vector<bool>{false, true});
  CHECK(f.probe->errors[0] == "unknown name 'door'");
  CHECK(f.probe->errors[1].empty());
  CHECK(f.eval("near(exit, 2)") == 0);
  CHECK(f.eval("near(exit, twice(x) * 5) and x < 2") == 1);
  CHECK(f.eval("any()") == 0);
  CHECK(f.eval("twice(twice(3))") == 12);
}

TEST_CASE("expr: syntax errors carry offsets") {
  Fixture f;
  CHECK_ERROR(f, "1 + (2 * 3", 10, "expected ')' to close '(' at 4");
  CHECK_ERROR(f, "(1 + 2 3)", 7, "expected ')' to close '(' at 0");
  CHECK_ERROR(f, "1 +", 3, "unexpected end of expression");
  CHECK_ERROR(f, "x > 1 and", 9, "unexpected end of expression");
  CHECK_ERROR(f, "x # 2", 2, "unexpected character '#'");
  CHECK_ERROR(f, "x = 1", 2, "unexpected character '='; did you mean '=='?");
  CHECK_ERROR(f, "true & false", 5, "unexpected character '&'; did you mean '&&' (or 'and')?");
  CHECK_ERROR(f, "", 0, "empty expression");
  CHECK_ERROR(f, "   ", 0, "empty expression");
  CHECK_ERROR(f, "x > 1 foo", 6, "trailing text after the expression: 'foo'");
  CHECK_ERROR(f, "x > 1 foo bar  ", 6, "trailing text after the expression: 'foo bar'");
  CHECK_ERROR(f, "(x))", 3, "')' without a matching '('");
  CHECK_ERROR(f, "x < y < 3", 6, "comparisons do not chain; join two comparisons with 'and', as in 'a < b and b < c'");
  CHECK_ERROR(f, "1 == 1 == true", 7, "comparisons do not chain; join two comparisons with 'and', as in 'a < b and b < c'");
  CHECK_ERROR(f, "2 * * 3", 4, "expected a value, found '*'");
  CHECK_ERROR(f, "and", 0, "expected a value, found 'and'");
  CHECK_ERROR(f, "1 + ()", 5, "expected a value, found ')'");
}

TEST_CASE("expr: malformed numbers and names") {
  Fixture f;
  CHECK_ERROR(f, "x + 1e999", 4, "the number '1e999' is out of range");
  CHECK_ERROR(f, "1e-999", 0, "the number '1e-999' is out of range");
  CHECK_ERROR(f, "1.", 0, "'1.' is not a number (a '.' must be followed by a digit)");
  CHECK_ERROR(f, "2 * 1e", 4, "'1e' is not a number (the exponent needs digits)");
  CHECK_ERROR(f, "1e+", 0, "'1e+' is not a number (the exponent needs digits)");
  CHECK_ERROR(f, "2x", 0, "'2x' is not a number or a name");
  CHECK_ERROR(f, "1.2.3", 0, "'1.2.3' is not a number or a name");
  CHECK_ERROR(f, "seek.", 4, "a '.' in a name must be followed by a letter or '_' (after 'seek.')");
  CHECK_ERROR(f, "1 + seek.2", 8, "a '.' in a name must be followed by a letter or '_' (after 'seek.')");
  // Keywords are not names.
  CHECK_ERROR(f, "true(1)", 4, "trailing text after the expression: '(1)'");
}

TEST_CASE("expr: type errors") {
  Fixture f;
  CHECK_ERROR(f, "1 and true", 0, "'and' needs a condition on its left, found a number");
  CHECK_ERROR(f, "true and x", 9, "'and' needs a condition on its right, found a number");
  CHECK_ERROR(f, "signal || 2", 10, "'||' needs a condition on its right, found a number");
  CHECK_ERROR(f, "x or true", 0, "'or' needs a condition on its left, found a number");
  CHECK_ERROR(f, "not 3", 4, "'not' needs a condition, found a number");
  CHECK_ERROR(f, "!x", 1, "'!' needs a condition, found a number");
  CHECK_ERROR(f, "-true", 1, "'-' needs a number, found a condition");
  CHECK_ERROR(f, "x + signal", 4, "'+' needs a number on its right, found a condition");
  CHECK_ERROR(f, "(1 < 2) * 3", 0, "'*' needs a number on its left, found a condition");
  CHECK_ERROR(f, "true < 1", 0, "'<' needs a number on its left, found a condition");
  CHECK_ERROR(f, "1 == true", 2, "'==' compares two values of the same type, found a number and a condition");
  CHECK_ERROR(f, "signal != 0", 7, "'!=' compares two values of the same type, found a condition and a number");
}

TEST_CASE("expr: unknown names and functions suggest a near miss") {
  Fixture f;
  CHECK_ERROR(f, "sigal", 0, "unknown name 'sigal'; did you mean 'signal'?");
  CHECK_ERROR(f, "x > 1 and sigal", 10, "unknown name 'sigal'; did you mean 'signal'?");
  CHECK_ERROR(f, "seek.weigth + 1", 0, "unknown name 'seek.weigth'; did you mean 'seek.weight'?");
  CHECK_ERROR(f, "zzzzzzzz", 0, "unknown name 'zzzzzzzz'");
  CHECK_ERROR(f, "1 + twise(2)", 4, "unknown function 'twise'; did you mean 'twice'?");
  CHECK_ERROR(f, "frobnicate()", 0, "unknown function 'frobnicate'");
  CHECK_ERROR(f, "time(1)", 0, "'time' is not a function");
  CHECK_ERROR(f, "twice + 1", 0, "'twice' is a function; call it as 'twice(...)'");
}

TEST_CASE("expr: empty symbol callbacks resolve nothing") {
  const Symbols none;
  CHECK(compile("1 + 2", none).value == 3);
  try {
    compile("x", none);
    FAIL("x resolved");
  } catch (const ExprError& e) {
    CHECK(std::string(e.what()) == "unknown name 'x'");
  }
  try {
    compile("f(1)", none);
    FAIL("f resolved");
  } catch (const ExprError& e) {
    CHECK(std::string(e.what()) == "unknown function 'f'");
  }
}

TEST_CASE("expr: bad call arguments") {
  Fixture f;
  // Reported by the resolver, at the argument.
  CHECK_ERROR(f, "twice(true)", 6, "twice needs a number");
  CHECK_ERROR(f, "near(1, 2)", 5, "near's first argument must name a place");
  CHECK_ERROR(f, "near(x + 1, 2)", 5, "near's first argument must name a place");
  CHECK_ERROR(f, "near(window, 2)", 5, "no such place");
  CHECK_ERROR(f, "near(door, sigal)", 11, "unknown name 'sigal'; did you mean 'signal'?");
  CHECK_ERROR(f, "1 + twice(signal + 1)", 10, "'+' needs a number on its left, found a condition");
  // Syntax errors inside an argument are reported at once, whatever the function.
  CHECK_ERROR(f, "near(door, 1 +)", 14, "expected a value, found ')'");
  CHECK_ERROR(f, "any(1 2)", 6, "expected ',' or ')' to close 'any(' at 3");
  CHECK_ERROR(f, "twice(2", 7, "expected ',' or ')' to close 'twice(' at 5");
  CHECK_ERROR(f, "any(1,)", 6, "expected a value, found ')'");
  // An argument that neither names nor compiles is an error even when the function ignores it.
  CHECK_ERROR(f, "any(sigal + 1)", 4, "unknown name 'sigal'; did you mean 'signal'?");
  CHECK_ERROR(f, "any(1, (x and (y)), 2)", 8, "'and' needs a condition on its left, found a number");
  // ... but a bare name is the function's to judge.
  CHECK(f.eval("any(whatever, 2)") == 0);
}

TEST_CASE("expr: compile_condition and compile_number require their type") {
  Fixture f;
  CHECK(compile_condition("x > 1", f.symbols).type == Type::Bool);
  CHECK(compile_number("x + 1", f.symbols).type == Type::Number);
  try {
    compile_condition("x + 1", f.symbols);
    FAIL("a number was accepted as a condition");
  } catch (const ExprError& e) {
    CHECK(std::string(e.what()) == "a condition must be true or false; this is a number");
    CHECK(e.offset() == 0);
  }
  try {
    compile_number("x > 1", f.symbols);
    FAIL("a condition was accepted as a number");
  } catch (const ExprError& e) {
    CHECK(std::string(e.what()) == "expected a number; this is a condition (true or false)");
    CHECK(e.offset() == 0);
  }
  // Their own errors come first.
  try {
    compile_condition("x +", f.symbols);
    FAIL("accepted");
  } catch (const ExprError& e) {
    CHECK(e.offset() == 3);
  }
}

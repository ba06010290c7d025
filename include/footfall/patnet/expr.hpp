#pragma once
// PaT-Net conditions and action values, written in a scenario as short expressions and compiled once
// at load time into closures (Granieri et al. 1995 §4.2: "replace LISP with compiled C"). Nothing is
// parsed or looked up per frame.
//
// Grammar (lowest precedence first; keywords and symbols are interchangeable):
//   expr    := or
//   or      := and  (('or' | '||') and)*
//   and     := not  (('and' | '&&') not)*
//   not     := ('not' | '!') not | compare
//   compare := sum [('==' | '!=' | '<' | '<=' | '>' | '>=') sum]      (does not chain)
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/') unary)*
//   unary   := '-' unary | primary
//   primary := number | 'true' | 'false' | name | name '(' [expr (',' expr)*] ')' | '(' expr ')'
//   name    := [A-Za-z_][A-Za-z0-9_]* ('.' [A-Za-z_][A-Za-z0-9_]*)*     (dotted: seek.weight)
//   number  := digits ['.' digits] [('e' | 'E') ['+' | '-'] digits]    (also '.5')
//
// Two value types: Number and Bool. and/or/not take Bool; arithmetic and < <= > >= take Number;
// == and != take two operands of the same type; a comparison yields Bool. Every closure returns a
// double (Bool as 0 or 1). Sub-expressions made only of constants are folded at compile time.
// Names and calls are resolved by the caller's Symbols, so this module knows no predicates.
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace footfall::patnet {

struct EvalContext;  // what a closure reads at run time: patnet/context.hpp

using Fn = std::function<double(const EvalContext&)>;

enum class Type : unsigned char { Number, Bool };

struct Compiled {
  Fn fn;
  Type type = Type::Number;
  bool constant = false;  // fn ignores its context and always returns `value`
  double value = 0;

  static Compiled of_constant(double v, Type t = Type::Number);
  double operator()(const EvalContext& ctx) const { return fn(ctx); }
};

// A compile error at a byte offset into the expression text.
class ExprError : public std::runtime_error {
 public:
  ExprError(std::size_t offset, const std::string& message)
      : std::runtime_error(message), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

// One argument of a call, as the resolver sees it. Arguments that are a bare name (`se_corner`,
// `ns`) usually name a thing rather than a value, so they arrive both as text and, when the name
// also resolves to a value, compiled.
struct Arg {
  std::string_view name;            // the bare name, or empty when the argument is not one
  std::optional<Compiled> value;    // the argument compiled as an expression, when it compiles
  std::string error;                // why it did not compile (empty when it did)
  std::size_t offset = 0;           // where the argument starts in the text
};

struct Symbols {
  // A name used as a value (`time_in_state`, `WALK`, `seek.weight`); nullopt when unknown.
  std::function<std::optional<Compiled>(std::string_view name)> name;
  // A call (`arrived(se_corner, 0.4)`); nullopt when no function has this name. May throw
  // ExprError (with the offset of the offending argument) for wrong arguments.
  std::function<std::optional<Compiled>(std::string_view function, std::span<const Arg> args)> call;
  // Known names and functions, for "did you mean" in errors. Optional.
  std::vector<std::string> known_names, known_functions;
};

// Compiles `text`. Throws ExprError for syntax errors, unknown names or functions ("unknown name
// 'sigal'; did you mean 'signal'?"), and type errors; the offset points at the offending token.
Compiled compile(std::string_view text, const Symbols& symbols);

// As compile(), and also requires a Bool (a condition) or a Number (a value for an action).
Compiled compile_condition(std::string_view text, const Symbols& symbols);
Compiled compile_number(std::string_view text, const Symbols& symbols);

}  // namespace footfall::patnet

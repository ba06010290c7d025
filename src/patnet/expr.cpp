#include "footfall/patnet/expr.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <utility>

#include "footfall/core/suggest.hpp"
#include "footfall/patnet/context.hpp"

namespace footfall::patnet {

Compiled Compiled::of_constant(double v, Type t) {
  Compiled c;
  c.fn = [v](const EvalContext&) { return v; };
  c.type = t;
  c.constant = true;
  c.value = v;
  return c;
}

namespace {

// ---- tokens ------------------------------------------------------------------------------------

enum class Tok : unsigned char {
  End, Number, Name, True, False, Not, And, Or,
  LParen, RParen, Comma, Plus, Minus, Star, Slash, Eq, Ne, Lt, Le, Gt, Ge,
};

struct Token {
  Tok kind = Tok::End;
  std::size_t offset = 0;
  std::string_view text;
  double number = 0;
};

// Syntax errors are errors in the text whatever the resolver thinks, so unlike a call argument that
// does not resolve (which is the resolver's to judge), they are never caught and handed on in Arg.
class SyntaxError : public ExprError {
 public:
  using ExprError::ExprError;
};

// ASCII only: <cctype> would follow the locale.
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> tokens() {
    std::vector<Token> out;
    for (;;) {
      while (i_ < text_.size() && is_space(text_[i_])) ++i_;
      if (i_ == text_.size()) break;
      out.push_back(next());
    }
    out.push_back({Tok::End, text_.size(), {}, 0});
    return out;
  }

 private:
  std::string_view text_;
  std::size_t i_ = 0;

  bool at(char c, std::size_t ahead = 0) const {
    return i_ + ahead < text_.size() && text_[i_ + ahead] == c;
  }
  bool digit_at(std::size_t j) const { return j < text_.size() && is_digit(text_[j]); }

  Token next() {
    const char c = text_[i_];
    if (is_digit(c) || (c == '.' && digit_at(i_ + 1))) return number();
    if (is_name_start(c)) return name();
    return symbol();
  }

  std::size_t skip_digits() {
    const std::size_t from = i_;
    while (digit_at(i_)) ++i_;
    return i_ - from;
  }

  // The whole run of number-ish characters from `start`, to quote in an error.
  std::string_view bad_word(std::size_t start) const {
    std::size_t j = i_;
    while (j < text_.size() && (is_name_char(text_[j]) || text_[j] == '.')) ++j;
    return text_.substr(start, j - start);
  }

  Token number() {
    const std::size_t start = i_;
    skip_digits();
    if (at('.')) {
      ++i_;
      if (skip_digits() == 0)
        throw SyntaxError(start, quoted(bad_word(start)) + " is not a number (a '.' must be followed by a digit)");
    }
    if (at('e') || at('E')) {
      ++i_;
      if (at('+') || at('-')) ++i_;
      if (skip_digits() == 0)
        throw SyntaxError(start, quoted(bad_word(start)) + " is not a number (the exponent needs digits)");
    }
    // `2x` or `1.2.3`: better said here than as "trailing text" or a missing operator.
    if (i_ < text_.size() && (is_name_char(text_[i_]) || text_[i_] == '.'))
      throw SyntaxError(start, quoted(bad_word(start)) + " is not a number or a name");

    const std::string_view text = text_.substr(start, i_ - start);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range || (ec == std::errc() && !std::isfinite(value)))
      throw SyntaxError(start, "the number " + quoted(text) + " is out of range");
    if (ec != std::errc() || end != text.data() + text.size())
      throw SyntaxError(start, quoted(text) + " is not a number");
    return {Tok::Number, start, text, value};
  }

  Token name() {
    const std::size_t start = i_;
    for (;;) {
      while (i_ < text_.size() && is_name_char(text_[i_])) ++i_;
      if (!at('.')) break;
      if (i_ + 1 >= text_.size() || !is_name_start(text_[i_ + 1]))
        throw SyntaxError(i_, "a '.' in a name must be followed by a letter or '_' (after " +
                                  quoted(text_.substr(start, i_ + 1 - start)) + ")");
      ++i_;
    }
    const std::string_view text = text_.substr(start, i_ - start);
    Tok kind = Tok::Name;
    if (text == "true") kind = Tok::True;
    else if (text == "false") kind = Tok::False;
    else if (text == "not") kind = Tok::Not;
    else if (text == "and") kind = Tok::And;
    else if (text == "or") kind = Tok::Or;
    return {kind, start, text, 0};
  }

  Token symbol() {
    const std::size_t start = i_;
    const auto take = [&](Tok kind, std::size_t length) {
      i_ += length;
      return Token{kind, start, text_.substr(start, length), 0};
    };
    switch (text_[i_]) {
      case '(': return take(Tok::LParen, 1);
      case ')': return take(Tok::RParen, 1);
      case ',': return take(Tok::Comma, 1);
      case '+': return take(Tok::Plus, 1);
      case '-': return take(Tok::Minus, 1);
      case '*': return take(Tok::Star, 1);
      case '/': return take(Tok::Slash, 1);
      case '<': return at('=', 1) ? take(Tok::Le, 2) : take(Tok::Lt, 1);
      case '>': return at('=', 1) ? take(Tok::Ge, 2) : take(Tok::Gt, 1);
      case '!': return at('=', 1) ? take(Tok::Ne, 2) : take(Tok::Not, 1);
      case '=':
        if (at('=', 1)) return take(Tok::Eq, 2);
        throw SyntaxError(start, "unexpected character '='; did you mean '=='?");
      case '&':
        if (at('&', 1)) return take(Tok::And, 2);
        throw SyntaxError(start, "unexpected character '&'; did you mean '&&' (or 'and')?");
      case '|':
        if (at('|', 1)) return take(Tok::Or, 2);
        throw SyntaxError(start, "unexpected character '|'; did you mean '||' (or 'or')?");
      default:
        throw SyntaxError(start, "unexpected character " + shown_character());
    }
  }

  // The character at i_ as it should appear in a message: a whole UTF-8 sequence, not one byte of
  // it, and control bytes by number.
  std::string shown_character() const {
    const auto byte = static_cast<unsigned char>(text_[i_]);
    if (byte >= 0x20 && byte < 0x7f) return quoted(text_.substr(i_, 1));
    if (byte >= 0xc0) {
      const std::size_t length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return quoted(text_.substr(i_, length));
    }
    static constexpr char hex[] = "0123456789abcdef";
    return std::string("(byte 0x") + hex[byte >> 4] + hex[byte & 15] + ")";
  }
};

// ---- closures ----------------------------------------------------------------------------------

const char* a_value_of(Type t) { return t == Type::Bool ? "a condition" : "a number"; }

Compiled at_run_time(Fn fn, Type t) {
  Compiled c;
  c.fn = std::move(fn);
  c.type = t;
  return c;
}

double truth(bool b) { return b ? 1.0 : 0.0; }

// A binary operator: folded when both sides are constants, and with a constant side baked into the
// closure rather than called, which saves a std::function call per evaluation.
template <class Op>
Compiled combine(Compiled a, Compiled b, Type result, Op op) {
  const auto apply = [op](double x, double y) { return static_cast<double>(op(x, y)); };
  if (a.constant && b.constant) return Compiled::of_constant(apply(a.value, b.value), result);
  if (b.constant)
    return at_run_time([l = std::move(a.fn), c = b.value, apply](const EvalContext& x) { return apply(l(x), c); },
                       result);
  if (a.constant)
    return at_run_time([c = a.value, r = std::move(b.fn), apply](const EvalContext& x) { return apply(c, r(x)); },
                       result);
  return at_run_time(
      [l = std::move(a.fn), r = std::move(b.fn), apply](const EvalContext& x) { return apply(l(x), r(x)); }, result);
}

template <class Op>
Compiled apply_unary(Compiled a, Type result, Op op) {
  if (a.constant) return Compiled::of_constant(op(a.value), result);
  return at_run_time([f = std::move(a.fn), op](const EvalContext& x) { return op(f(x)); }, result);
}

Compiled arithmetic(Tok op, Compiled a, Compiled b) {
  switch (op) {
    case Tok::Plus: return combine(std::move(a), std::move(b), Type::Number, std::plus<>{});
    case Tok::Minus: return combine(std::move(a), std::move(b), Type::Number, std::minus<>{});
    case Tok::Star: return combine(std::move(a), std::move(b), Type::Number, std::multiplies<>{});
    default: return combine(std::move(a), std::move(b), Type::Number, std::divides<>{});  // IEEE on x/0
  }
}

Compiled comparison_of(Tok op, Compiled a, Compiled b) {
  // Bools compare as truth values, so a resolver's closure returning 2 for "true" still equals `true`.
  const bool bools = a.type == Type::Bool;
  const auto same = [](double x, double y) { return (x != 0) == (y != 0); };
  const auto differ = [](double x, double y) { return (x != 0) != (y != 0); };
  switch (op) {
    case Tok::Eq:
      return bools ? combine(std::move(a), std::move(b), Type::Bool, same)
                   : combine(std::move(a), std::move(b), Type::Bool, std::equal_to<>{});
    case Tok::Ne:
      return bools ? combine(std::move(a), std::move(b), Type::Bool, differ)
                   : combine(std::move(a), std::move(b), Type::Bool, std::not_equal_to<>{});
    case Tok::Lt: return combine(std::move(a), std::move(b), Type::Bool, std::less<>{});
    case Tok::Le: return combine(std::move(a), std::move(b), Type::Bool, std::less_equal<>{});
    case Tok::Gt: return combine(std::move(a), std::move(b), Type::Bool, std::greater<>{});
    default: return combine(std::move(a), std::move(b), Type::Bool, std::greater_equal<>{});
  }
}

// `a and b and c` (or the same with `or`) as one closure over its terms, stopping at the first term
// that decides it: one call per term evaluated instead of a nest of binary closures.
Compiled logical_chain(bool is_and, std::vector<Compiled> terms) {
  if (std::all_of(terms.begin(), terms.end(), [](const Compiled& t) { return t.constant; })) {
    bool result = is_and;
    for (const Compiled& t : terms) result = is_and ? (result && t.value != 0) : (result || t.value != 0);
    return Compiled::of_constant(truth(result), Type::Bool);
  }
  std::vector<Fn> fns;
  fns.reserve(terms.size());
  for (Compiled& t : terms) fns.push_back(std::move(t.fn));
  if (is_and)
    return at_run_time(
        [fns = std::move(fns)](const EvalContext& x) {
          for (const Fn& f : fns)
            if (f(x) == 0) return 0.0;
          return 1.0;
        },
        Type::Bool);
  return at_run_time(
      [fns = std::move(fns)](const EvalContext& x) {
        for (const Fn& f : fns)
          if (f(x) != 0) return 1.0;
        return 0.0;
      },
      Type::Bool);
}

bool is_comparison(Tok t) {
  return t == Tok::Eq || t == Tok::Ne || t == Tok::Lt || t == Tok::Le || t == Tok::Gt || t == Tok::Ge;
}

bool contains(const std::vector<std::string>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// ---- parser ------------------------------------------------------------------------------------

// A parsed sub-expression and where it starts, for type errors that point at it.
struct Operand {
  Compiled code;
  std::size_t at = 0;
};

// Nesting is bounded: the parser recurses once per '(', 'not', unary '-' or call, and the closures
// it builds nest as deep, so input could otherwise overflow the stack at load time or at run time.
constexpr int kMaxNesting = 200;
// Operator chains (`x + x + ...`) build closures one level deeper per operator, which calls and
// destructors walk recursively: the length of an expression is bounded too.
constexpr std::size_t kMaxTokens = 4096;

class Parser {
 public:
  Parser(std::string_view text, const Symbols& symbols)
      : text_(text), tokens_(Lexer(text).tokens()), symbols_(symbols) {}

  Compiled whole() {
    if (peek().kind == Tok::End) throw SyntaxError(0, "empty expression");
    Operand e = expression();
    const Token& t = peek();
    if (t.kind == Tok::RParen) throw SyntaxError(t.offset, "')' without a matching '('");
    if (t.kind != Tok::End) {
      std::string_view rest = text_.substr(t.offset);
      while (!rest.empty() && is_space(rest.back())) rest.remove_suffix(1);
      throw SyntaxError(t.offset, "trailing text after the expression: " + quoted(rest));
    }
    return std::move(e.code);
  }

 private:
  std::string_view text_;
  std::vector<Token> tokens_;  // always ends with Tok::End
  std::size_t pos_ = 0;
  const Symbols& symbols_;
  int nesting_ = 0;

  // One level deeper for the life of the guard; too deep is a syntax error at the token.
  class Deeper {
   public:
    Deeper(Parser& p, const Token& at) : p_(p) {
      if (++p_.nesting_ > kMaxNesting) {
        --p_.nesting_;
        throw SyntaxError(at.offset, "expression nested deeper than " + std::to_string(kMaxNesting) +
                                         " levels of parentheses, 'not', '-' or calls");
      }
    }
    ~Deeper() { --p_.nesting_; }
    Deeper(const Deeper&) = delete;
    Deeper& operator=(const Deeper&) = delete;

   private:
    Parser& p_;
  };

  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  Token next() {
    const Token t = peek();
    if (pos_ + 1 >= kMaxTokens)
      throw SyntaxError(t.offset, "expression longer than " + std::to_string(kMaxTokens) +
                                      " tokens; split it with locals");
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }

  static void require(const Operand& o, Type t, const Token& op, const char* side) {
    if (o.code.type != t)
      throw ExprError(o.at, quoted(op.text) + " needs " + a_value_of(t) + side + ", found " +
                                a_value_of(o.code.type));
  }

  Operand expression() { return disjunction(); }

  Operand logical(Tok kind, Operand (Parser::*operand)()) {
    Operand first = (this->*operand)();
    if (peek().kind != kind) return first;
    const std::size_t at = first.at;
    const Token op = peek();
    require(first, Type::Bool, op, " on its left");
    std::vector<Compiled> terms;
    terms.push_back(std::move(first.code));
    while (peek().kind == kind) {
      const Token this_op = next();
      Operand right = (this->*operand)();
      require(right, Type::Bool, this_op, " on its right");
      terms.push_back(std::move(right.code));
    }
    return {logical_chain(kind == Tok::And, std::move(terms)), at};
  }

  Operand disjunction() { return logical(Tok::Or, &Parser::conjunction); }
  Operand conjunction() { return logical(Tok::And, &Parser::negation); }

  Operand negation() {
    if (peek().kind != Tok::Not) return comparison();
    const Token op = next();
    const Deeper deeper(*this, op);
    Operand inner = negation();
    require(inner, Type::Bool, op, "");
    return {apply_unary(std::move(inner.code), Type::Bool, [](double v) { return truth(v == 0); }), op.offset};
  }

  Operand comparison() {
    Operand left = sum();
    if (!is_comparison(peek().kind)) return left;
    const Token op = next();
    Operand right = sum();
    if (is_comparison(peek().kind))
      throw SyntaxError(peek().offset, "comparisons do not chain; join two comparisons with 'and', as in "
                                       "'a < b and b < c'");
    if (op.kind == Tok::Eq || op.kind == Tok::Ne) {
      if (left.code.type != right.code.type)
        throw ExprError(op.offset, quoted(op.text) + " compares two values of the same type, found " +
                                       a_value_of(left.code.type) + " and " + a_value_of(right.code.type));
    } else {
      require(left, Type::Number, op, " on its left");
      require(right, Type::Number, op, " on its right");
    }
    return {comparison_of(op.kind, std::move(left.code), std::move(right.code)), left.at};
  }

  Operand arithmetic_loop(Tok a, Tok b, Operand (Parser::*operand)()) {
    Operand left = (this->*operand)();
    while (peek().kind == a || peek().kind == b) {
      const Token op = next();
      Operand right = (this->*operand)();
      require(left, Type::Number, op, " on its left");
      require(right, Type::Number, op, " on its right");
      left.code = arithmetic(op.kind, std::move(left.code), std::move(right.code));
    }
    return left;
  }

  Operand sum() { return arithmetic_loop(Tok::Plus, Tok::Minus, &Parser::product); }
  Operand product() { return arithmetic_loop(Tok::Star, Tok::Slash, &Parser::unary); }

  Operand unary() {
    if (peek().kind != Tok::Minus) return primary();
    const Token op = next();
    const Deeper deeper(*this, op);
    Operand inner = unary();
    require(inner, Type::Number, op, "");
    return {apply_unary(std::move(inner.code), Type::Number, [](double v) { return -v; }), op.offset};
  }

  Operand primary() {
    const Token t = peek();
    switch (t.kind) {
      case Tok::Number: next(); return {Compiled::of_constant(t.number), t.offset};
      case Tok::True: next(); return {Compiled::of_constant(1, Type::Bool), t.offset};
      case Tok::False: next(); return {Compiled::of_constant(0, Type::Bool), t.offset};
      case Tok::Name:
        next();
        if (peek().kind == Tok::LParen) return call(t);
        return {resolve_name(t), t.offset};
      case Tok::LParen: {
        next();
        const Deeper deeper(*this, t);
        Operand inner = expression();
        if (peek().kind != Tok::RParen)
          throw SyntaxError(peek().offset, "expected ')' to close '(' at " + std::to_string(t.offset));
        next();
        return {std::move(inner.code), t.offset};
      }
      case Tok::End: throw SyntaxError(t.offset, "unexpected end of expression");
      default: throw SyntaxError(t.offset, "expected a value, found " + quoted(t.text));
    }
  }

  // A resolver may hand back only a value for a constant; give it a closure so fn is always callable.
  static Compiled completed(Compiled c, const Token& where) {
    if (c.fn) return c;
    if (c.constant) return Compiled::of_constant(c.value, c.type);
    throw ExprError(where.offset, quoted(where.text) + " was resolved without a value");
  }

  Compiled resolve_name(const Token& t) {
    if (symbols_.name)
      if (std::optional<Compiled> c = symbols_.name(t.text)) return completed(std::move(*c), t);
    if (contains(symbols_.known_functions, t.text))
      throw ExprError(t.offset, quoted(t.text) + " is a function; call it as '" + std::string(t.text) + "(...)'");
    throw ExprError(t.offset, "unknown name " + quoted(t.text) + did_you_mean(t.text, symbols_.known_names));
  }

  // The token index of the ',' or ')' that ends the argument starting at token `i` (or of the End).
  std::size_t argument_end(std::size_t i) const {
    int depth = 0;
    for (;; ++i) {
      switch (tokens_[i].kind) {
        case Tok::End: return i;
        case Tok::LParen: ++depth; break;
        case Tok::RParen:
          if (depth == 0) return i;
          --depth;
          break;
        case Tok::Comma:
          if (depth == 0) return i;
          break;
        default: break;
      }
    }
  }

  struct Failure {
    std::size_t arg;
    ExprError error;
  };

  // One call argument. One that does not compile (an unknown name, a type error) is not an error
  // yet: a bare name may name a thing (a place, a direction) that is no value, so the resolver
  // decides. Its own syntax must still be right.
  Arg argument(std::size_t index, std::vector<Failure>& failures) {
    Arg arg;
    arg.offset = peek().offset;
    if (peek().kind == Tok::Name && (peek(1).kind == Tok::Comma || peek(1).kind == Tok::RParen))
      arg.name = peek().text;
    const std::size_t end = argument_end(pos_);
    try {
      arg.value = expression().code;
    } catch (const SyntaxError&) {
      throw;
    } catch (const ExprError& e) {
      arg.error = e.what();
      failures.push_back({index, e});
      pos_ = end;  // go on after the argument, as if it had compiled
    }
    return arg;
  }

  Operand call(const Token& function) {
    const Token open = next();  // '('
    const Deeper deeper(*this, open);
    std::vector<Arg> args;
    std::vector<Failure> failures;
    if (peek().kind != Tok::RParen) {
      for (;;) {
        args.push_back(argument(args.size(), failures));
        if (peek().kind != Tok::Comma) break;
        next();
      }
    }
    if (peek().kind != Tok::RParen)
      throw SyntaxError(peek().offset, "expected ',' or ')' to close " + quoted(std::string(function.text) + "(") +
                                           " at " + std::to_string(open.offset));
    next();

    std::optional<Compiled> c;
    if (symbols_.call) c = symbols_.call(function.text, std::span<const Arg>(args));
    if (!c) {
      if (contains(symbols_.known_names, function.text))
        throw ExprError(function.offset, quoted(function.text) + " is not a function");
      throw ExprError(function.offset,
                      "unknown function " + quoted(function.text) + did_you_mean(function.text, symbols_.known_functions));
    }
    // An argument with neither a name nor a value cannot have meant anything to the resolver; if it
    // accepted the call anyway, the argument's own error is still an error.
    for (const Failure& f : failures)
      if (args[f.arg].name.empty()) throw f.error;
    return {completed(std::move(*c), function), function.offset};
  }
};

Compiled require_type(Compiled c, Type t) {
  if (c.type == t) return c;
  if (t == Type::Bool) throw ExprError(0, "a condition must be true or false; this is a number");
  throw ExprError(0, "expected a number; this is a condition (true or false)");
}

}  // namespace

Compiled compile(std::string_view text, const Symbols& symbols) { return Parser(text, symbols).whole(); }

Compiled compile_condition(std::string_view text, const Symbols& symbols) {
  return require_type(compile(text, symbols), Type::Bool);
}

Compiled compile_number(std::string_view text, const Symbols& symbols) {
  return require_type(compile(text, symbols), Type::Number);
}

}  // namespace footfall::patnet

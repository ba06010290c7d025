#include "yaml_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <unordered_set>

namespace footfall::yaml {
namespace {

std::string describe(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Map: return "a map";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Scalar: return "'" + n.Scalar() + "'";
    default: return "an undefined value";
  }
}

}  // namespace

void Reader::fail_mark(const YAML::Mark& mark, const std::string& message) const {
  const bool known = mark.line >= 0;
  throw ScenarioError(file_, known ? mark.line + 1 : 1, known ? mark.column + 1 : 1, message);
}

std::string Reader::where(const YAML::Node& at) const {
  const YAML::Mark m = at.Mark();
  const bool known = m.line >= 0;
  return file_ + ":" + std::to_string(known ? m.line + 1 : 1) + ":" + std::to_string(known ? m.column + 1 : 1);
}

void Reader::fail(const YAML::Node& at, const std::string& message) const {
  fail_mark(at.Mark(), message);
}

void Reader::expect_map(const YAML::Node& n, std::string_view what,
                        const std::vector<std::string>& allowed) const {
  if (!n.IsMap()) fail(n, std::string(what) + " must be a map, found " + describe(n));
  std::unordered_set<std::string> seen;  // maps of locations can hold thousands of keys
  for (const auto& kv : n) {
    // yaml-cpp keeps duplicate keys silently; a config must not.
    if (kv.first.IsScalar() && !seen.insert(kv.first.Scalar()).second)
      fail(kv.first, "duplicate key '" + kv.first.Scalar() + "' in " + std::string(what));
    if (allowed.empty()) {  // a map of user-chosen names: only the keys' form is checked
      if (!kv.first.IsScalar()) fail(kv.first, "keys in " + std::string(what) + " must be plain words");
      continue;
    }
    if (!kv.first.IsScalar()) fail(kv.first, "keys in " + std::string(what) + " must be plain words");
    const std::string key = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string msg = "unknown key '" + key + "' in " + std::string(what);
    if (const std::string s = suggest(key, allowed); !s.empty()) msg += "; did you mean '" + s + "'?";
    else {
      msg += "; expected one of:";
      for (const auto& a : allowed) msg += " " + a;
    }
    fail(kv.first, msg);
  }
}

void Reader::expect_seq(const YAML::Node& n, std::string_view what) const {
  if (!n.IsSequence()) fail(n, std::string(what) + " must be a list, found " + describe(n));
}

double Reader::number(const YAML::Node& n, std::string_view what, double lo, double hi) const {
  if (!n.IsScalar()) fail(n, std::string(what) + " must be a number, found " + describe(n));
  double v = 0;
  const std::string& s = n.Scalar();
  static const std::regex kYamlSpecial(R"([-+]?\.(inf|Inf|INF|nan|NaN|NAN))");
  if (std::regex_match(s, kYamlSpecial))
    fail(n, std::string(what) + " must be a finite number, found '" + s + "'");
  try {
    std::size_t used = 0;
    v = std::stod(s, &used);
    if (used != s.size()) throw std::invalid_argument(s);
  } catch (const std::out_of_range&) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " is out of range [%g, %g]", lo, hi);
    fail(n, std::string(what) + " = " + s + buf);
  } catch (const std::exception&) {
    fail(n, std::string(what) + " must be a number, found '" + s + "'");
  }
  if (!std::isfinite(v)) fail(n, std::string(what) + " must be a finite number, found '" + s + "'");
  if (v < lo || v > hi) {
    char buf[160];
    std::snprintf(buf, sizeof buf, " = %g is out of range [%g, %g]", v, lo, hi);
    fail(n, std::string(what) + buf);
  }
  return v;
}

long Reader::integer(const YAML::Node& n, std::string_view what, long lo, long hi) const {
  const double v = number(n, what, static_cast<double>(lo), static_cast<double>(hi));
  if (v != std::floor(v)) fail(n, std::string(what) + " must be a whole number, found " + n.Scalar());
  return static_cast<long>(v);
}

bool Reader::boolean(const YAML::Node& n, std::string_view what) const {
  bool b = false;
  if (!n.IsScalar() || !YAML::convert<bool>::decode(n, b))
    fail(n, std::string(what) + " must be true or false, found " + describe(n));
  return b;
}

std::string Reader::string(const YAML::Node& n, std::string_view what) const {
  if (!n.IsScalar() || n.Scalar().empty())
    fail(n, std::string(what) + " must be a name, found " + describe(n));
  return n.Scalar();
}

Vec2 Reader::vec2(const YAML::Node& n, std::string_view what) const {
  if (!n.IsSequence() || n.size() != 2)
    fail(n, std::string(what) + " must be a point [x, y], found " + describe(n));
  constexpr double kWorld = 1e7;  // metres; far beyond any city, well within double precision
  return {number(n[0], std::string(what) + " x", -kWorld, kWorld),
          number(n[1], std::string(what) + " y", -kWorld, kWorld)};
}

Eigen::Vector3d Reader::triple(const YAML::Node& n, std::string_view what, double lo, double hi) const {
  if (!n.IsSequence() || n.size() != 3)
    fail(n, std::string(what) + " must be a list of three numbers, found " + describe(n));
  return {number(n[0], what, lo, hi), number(n[1], what, lo, hi), number(n[2], what, lo, hi)};
}

std::vector<Vec2> Reader::polygon(const YAML::Node& n, std::string_view what) const {
  expect_seq(n, what);
  if (n.size() < 3) fail(n, std::string(what) + " needs at least 3 points");
  std::vector<Vec2> out;
  for (const auto& p : n) out.push_back(vec2(p, std::string(what) + " point"));
  double area2 = 0;
  for (std::size_t i = 0, j = out.size() - 1; i < out.size(); j = i++) area2 += cross(out[j], out[i]);
  if (std::abs(area2) < 1e-12) fail(n, std::string(what) + " has zero area");
  return out;
}

}  // namespace footfall::yaml

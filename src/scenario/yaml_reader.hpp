#pragma once
// Strict, line-numbered access to a YAML tree: every failure throws ScenarioError at the node's mark.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "footfall/core/math.hpp"
#include "footfall/core/suggest.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::yaml {

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const;
  std::string where(const YAML::Node& at) const;  // "file:line:col", as errors begin
  [[noreturn]] void fail_mark(const YAML::Mark& mark, const std::string& message) const;

  // Rejects keys outside `allowed` with a "did you mean" suggestion. An empty `allowed` is for maps
  // keyed by user-chosen names (locations, nets): then only the type is checked.
  void expect_map(const YAML::Node& n, std::string_view what,
                  const std::vector<std::string>& allowed) const;
  void expect_seq(const YAML::Node& n, std::string_view what) const;

  double number(const YAML::Node& n, std::string_view what, double lo, double hi) const;
  long integer(const YAML::Node& n, std::string_view what, long lo, long hi) const;
  bool boolean(const YAML::Node& n, std::string_view what) const;
  std::string string(const YAML::Node& n, std::string_view what) const;
  Vec2 vec2(const YAML::Node& n, std::string_view what) const;
  // Three numbers in [lo, hi]: a point [x, y, z] or a colour [r, g, b].
  Eigen::Vector3d triple(const YAML::Node& n, std::string_view what, double lo, double hi) const;
  std::vector<Vec2> polygon(const YAML::Node& n, std::string_view what) const;

  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

using footfall::suggest;

}  // namespace footfall::yaml

#pragma once
// Small builders shared by the tests.
#include <memory>
#include <string>
#include <vector>

#include "footfall/agents/agents.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::test {

// A snapshot of agents standing still at the given points.
inline Snapshot standing(const std::vector<Vec2>& at, double radius = 0.25) {
  Snapshot s;
  s.resize(at.size());
  for (std::size_t i = 0; i < at.size(); ++i) {
    s.location[i] = at[i];
    s.heading[i] = 0;
    s.plan[i] = {at[i], at[i], 0, 0};
    s.radius[i] = radius;
  }
  return s;
}

inline std::vector<std::uint32_t> all_but(std::size_t n, std::uint32_t self) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < n; ++i)
    if (i != self) v.push_back(i);
  return v;
}

inline std::string source_path(const std::string& relative) {
  return std::string(FOOTFALL_SOURCE_DIR) + "/" + relative;
}

// The committed step clips (data/motion), loaded once for the whole suite.
inline std::shared_ptr<const motion::MotionLibrary> motion_library() {
  static const auto lib = std::make_shared<const motion::MotionLibrary>(
      motion::load_motion_library(source_path("data/motion")));
  return lib;
}

// Fields of each record of an RFC 4180 text; a quoted field may hold commas, quotes and newlines.
inline std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') rows.back().back() += '"', ++i;
      else if (c == '"') quoted = false;
      else rows.back().back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().emplace_back();
    } else if (c == '\n') {
      rows.emplace_back(1);
    } else {
      rows.back().back() += c;
    }
  }
  if (rows.back().size() == 1 && rows.back()[0].empty()) rows.pop_back();
  return rows;
}

inline Simulation make_sim(Scenario s, std::shared_ptr<const motion::MotionLibrary> motion = nullptr) {
  return Simulation(std::move(s.world), std::move(s.nets), std::move(s.agents), s.config,
                    std::move(s.scripts), std::move(motion));
}

}  // namespace footfall::test

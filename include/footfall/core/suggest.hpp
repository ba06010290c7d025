#pragma once
// "Did you mean": the closest candidate by edit distance, for error messages about unknown names.
#include <string>
#include <string_view>
#include <vector>

namespace footfall {

// The closest candidate, or empty when none is close enough to be a plausible typo.
std::string suggest(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean 'x'?)"-style suffix, or empty.
inline std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string s = suggest(word, candidates);
  return s.empty() ? std::string() : "; did you mean '" + s + "'?";
}

}  // namespace footfall

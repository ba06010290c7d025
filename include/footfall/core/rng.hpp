#pragma once
// Counter-based randomness: a value is a pure function of (seed, agent, counter, stream), so results
// never depend on thread count or evaluation order (DESIGN.md, "Rules").
#include <cstdint>

namespace footfall {

inline constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

enum class RngStream : std::uint64_t { StartPhase = 1, Spawn = 2, Behavior = 3, Net = 4, Route = 5,
                                    Lurch = 6, Pace = 7, Monitor = 8, Look = 9,
                                    Arrival = 10, Source = 11, Wander = 12, Dither = 13,
                                    Acquaintance = 14, Motivation = 15 };

inline constexpr std::uint64_t counter_hash(std::uint64_t seed, std::uint64_t agent,
                                            std::uint64_t counter, RngStream stream) {
  std::uint64_t h = splitmix64(seed ^ 0x6A09E667F3BCC908ull);
  h = splitmix64(h ^ agent);
  h = splitmix64(h ^ counter);
  return splitmix64(h ^ static_cast<std::uint64_t>(stream));
}

// Uniform double in [0, 1) from the top 53 bits.
inline constexpr double counter_uniform(std::uint64_t seed, std::uint64_t agent,
                                        std::uint64_t counter, RngStream stream) {
  return static_cast<double>(counter_hash(seed, agent, counter, stream) >> 11) * 0x1.0p-53;
}

}  // namespace footfall

#pragma once
// FNV-1a over the exact bit patterns of values: the trajectory hash of the summary JSON.
#include <bit>
#include <cstdint>
#include <string_view>

namespace footfall {

class Fnv1a {
 public:
  void add_bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) h_ = (h_ ^ p[i]) * 0x100000001B3ull;
  }
  void add(double v) {
    if (v == 0.0) v = 0.0;  // -0 and +0 print the same; hash them the same
    const auto bits = std::bit_cast<std::uint64_t>(v);
    add_bytes(&bits, sizeof bits);
  }
  void add(std::uint64_t v) { add_bytes(&v, sizeof v); }
  void add(std::string_view s) { add_bytes(s.data(), s.size()); }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xCBF29CE484222325ull;
};

}  // namespace footfall

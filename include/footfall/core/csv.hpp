#pragma once
// CSV fields per RFC 4180: a field holding a comma, a double quote, CR or LF is enclosed in double
// quotes, with each double quote doubled; any other field is written as it is.
#include <string>
#include <string_view>

namespace footfall {

inline std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace footfall

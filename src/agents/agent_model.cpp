#include "footfall/agents/agent_model.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace footfall {

int AgentModel::find_parameter(std::string_view name) const {
  const auto it = std::find(parameters.begin(), parameters.end(), name);
  return it == parameters.end() ? -1 : static_cast<int>(it - parameters.begin());
}

int AgentModel::find_attribute(std::string_view name) const {
  const auto it = std::find(attributes.begin(), attributes.end(), name);
  return it == attributes.end() ? -1 : static_cast<int>(it - attributes.begin());
}

int AgentModel::add_parameter(std::string name, double fallback) {
  // Entries are row-major: widen every row by one N entry.
  const std::size_t np = parameters.size();
  std::vector<ModelEntry> widened;
  widened.reserve(attributes.size() * (np + 1));
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    widened.insert(widened.end(), entries.begin() + a * np, entries.begin() + (a + 1) * np);
    widened.emplace_back();
  }
  entries = std::move(widened);
  parameters.push_back(std::move(name));
  defaults.push_back(fallback);
  return static_cast<int>(parameters.size()) - 1;
}

int AgentModel::add_attribute(std::string name) {
  attributes.push_back(std::move(name));
  entries.resize(attributes.size() * parameters.size());
  return static_cast<int>(attributes.size()) - 1;
}

AgentModel AgentModel::reich() {
  AgentModel m;
  // Default "usually 50" (§6.4.1); variability is the step-to-step variation of pace, none by
  // default.
  for (const auto& [name, fallback] :
       {std::pair<const char*, double>{"speed", 50}, {"inertia", 50}, {"anticipation", 50},
        {"condition", 50}, {"probability", 50}, {"variability", 0}})
    m.add_parameter(name, fallback);
  const auto row = [&](const char* attribute,
                       std::initializer_list<std::pair<int, const char*>> cells) {
    const int a = m.add_attribute(attribute);
    for (const auto& [p, text] : cells) {
      ModelEntry e;
      parse_model_entry(text, e);
      m.entry(a, p) = e;
    }
  };
  using namespace model_p;
  // §6.4.3: speed/fatigued [10, 40] I ("slightly fatigued 35; extreme 10"), speed/rushed [55, 90]
  // P ("slightly rushed 60; a big rush 85–90"). §7.7: a fatigued or laden agent walks slowly; an
  // inebriated one slowly and at an inconsistent rate, with low inertia, low anticipation and a low
  // probability of reacting; awareness raises anticipation and that probability; curiosity affects
  // condition evaluation and raises the probability; rushed or distracted agents react less.
  row("fatigued", {{Speed, "10 40 I C"}});
  row("laden", {{Speed, "20 45 I C"}});
  row("rushed", {{Speed, "55 90 P C"}, {Probability, "20 45 I C"}});
  row("inebriated", {{Speed, "20 45 I C"}, {Inertia, "5 45 I C"}, {Anticipation, "5 45 I C"},
                     {Probability, "5 40 I C"}, {Variability, "10 100 P C"}});
  row("aware", {{Anticipation, "55 95 P C"}, {Probability, "55 95 P C"}});
  row("alert", {{Condition, "55 95 P C"}});
  row("curious", {{Condition, "55 95 P C"}, {Probability, "55 95 P C"}});
  row("distracted", {{Probability, "5 45 I C"}});
  return m;
}

double recommended_value(const ModelEntry& e, double d) {
  const double share = e.mapping == ModelMapping::Proportional ? (d - 1.0) / 99.0 : (100.0 - d) / 99.0;
  return share * (e.high - e.low) + e.low;
}

std::vector<double> evaluate_model(const AgentModel& m, std::span<const double> degrees) {
  std::vector<double> v(m.defaults.begin(), m.defaults.end());
  for (std::size_t p = 0; p < m.parameter_count(); ++p) {
    double sum = 0;
    int count = 0;
    int best_priority = 0;
    bool dominant = false;
    double dominant_value = 0;
    for (std::size_t a = 0; a < m.attribute_count() && a < degrees.size(); ++a) {
      if (degrees[a] <= 0) continue;  // inactive row
      const ModelEntry& e = m.entry(a, p);
      if (e.combine == ModelCombine::None) continue;
      const double r = recommended_value(e, degrees[a]);
      if (e.combine == ModelCombine::Dominant) {
        if (!dominant || e.priority > best_priority) {
          dominant = true;
          best_priority = e.priority;
          dominant_value = r;
        }
      } else {
        sum += r;
        ++count;
      }
    }
    if (dominant) v[p] = dominant_value;
    else if (count > 0) v[p] = sum / count;
  }
  return v;
}

std::optional<std::string> parse_model_entry(std::string_view text, ModelEntry& out) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.size() == 1 && words[0] == "N") {
    out = ModelEntry{};
    return std::nullopt;
  }
  const char* form = "an entry is \"low high P|I N|C|Dk\" (e.g. \"55 90 P C\", \"50 85 I D5\") or \"N\"";
  if (words.size() != 4) return std::string(form);
  ModelEntry e;
  const auto number = [](const std::string& w, double& x) {
    const auto r = std::from_chars(w.data(), w.data() + w.size(), x);
    return r.ec == std::errc() && r.ptr == w.data() + w.size();
  };
  if (!number(words[0], e.low) || !number(words[1], e.high)) return std::string(form);
  if (e.low < 0 || e.high > 100 || e.low > e.high)
    return std::string("an entry's range must satisfy 0 <= low <= high <= 100");
  if (words[2] == "P") e.mapping = ModelMapping::Proportional;
  else if (words[2] == "I") e.mapping = ModelMapping::Inverse;
  else return std::string("the third word of an entry is P (proportional) or I (inverse)");
  const std::string& c = words[3];
  if (c == "N") {
    e.combine = ModelCombine::None;
  } else if (c == "C") {
    e.combine = ModelCombine::Combinatorial;
  } else if (c.size() >= 2 && c[0] == 'D') {
    e.combine = ModelCombine::Dominant;
    const auto r = std::from_chars(c.data() + 1, c.data() + c.size(), e.priority);
    if (r.ec != std::errc() || r.ptr != c.data() + c.size() || e.priority < 0)
      return std::string("a dominant entry is Dk with a priority k >= 0 (D5 beats D2)");
  } else {
    return std::string("the fourth word of an entry is N, C or Dk");
  }
  out = e;
  return std::nullopt;
}

}  // namespace footfall

#pragma once
// The agent model (Reich 1997 §6.4, §7.7): an attributes × parameters matrix that turns what a user
// says about an agent ("rushed 70", "inebriated 60") into system parameter values on a 0–100 scale.
//
// Each entry of the matrix holds a range [low, high] within [0, 100], whether the parameter grows
// with the attribute's degree (P, proportional) or shrinks with it (I, inversely proportional), and
// how it combines with the other attributes' entries: N (no effect), C (combinatorial: averaged) or
// D_k (dominant with priority k: the active dominant entry of highest k wins outright).
// An agent gives each attribute a degree in [0, 100]; 0 means inactive, and the row is ignored.
//
// This module only computes the values. What a value does to an agent (its step length, the weight
// of its inertia behavior, the chance that it reacts to a monitor's condition...) is applied by
// behavior/model_effects.hpp and by the PaT-Nets (docs/locomotion.md).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace footfall {

enum class ModelMapping : unsigned char { Proportional, Inverse };
enum class ModelCombine : unsigned char { None, Combinatorial, Dominant };

struct ModelEntry {
  double low = 0, high = 100;
  ModelMapping mapping = ModelMapping::Proportional;
  ModelCombine combine = ModelCombine::None;
  int priority = 0;  // for Dominant: the larger wins (Reich §6.4.5: D5 beats D2)
};

// Built-in parameters, in this order in AgentModel::reich() (a scenario may add its own after them).
namespace model_p {
enum : int { Speed, Inertia, Anticipation, Condition, Probability, Variability, Count };
}

struct AgentModel {
  std::vector<std::string> parameters;
  std::vector<double> defaults;  // per parameter, the value when no active entry affects it
  std::vector<std::string> attributes;
  std::vector<ModelEntry> entries;  // attributes × parameters, row-major

  std::size_t parameter_count() const { return parameters.size(); }
  std::size_t attribute_count() const { return attributes.size(); }
  const ModelEntry& entry(std::size_t attribute, std::size_t parameter) const {
    return entries[attribute * parameters.size() + parameter];
  }
  ModelEntry& entry(std::size_t attribute, std::size_t parameter) {
    return entries[attribute * parameters.size() + parameter];
  }
  int find_parameter(std::string_view name) const;  // -1 when absent
  int find_attribute(std::string_view name) const;  // -1 when absent
  int add_parameter(std::string name, double fallback);  // index; every row gets an N entry
  int add_attribute(std::string name);                   // index; all entries N

  // The model of Reich Fig. 7.38 (parameters speed, inertia, anticipation, condition, probability,
  // plus variability; attributes fatigued, laden, rushed, inebriated, aware, alert, curious,
  // distracted). The figure's X marks survive without their columns and none of its ranges do: the
  // entries are ours, chosen from the text of §6.4.3 and §7.7 (docs/locomotion.md lists them).
  static AgentModel reich();
};

// The recommended value of one entry for an attribute of the given degree (Reich eqs 6.5, 6.6):
//   P: r = ((d − 1) / 99) · (h − l) + l        I: r = ((100 − d) / 99) · (h − l) + l
// Unrounded: the thesis rounds only for display (its example averages 60.606 and 14.141 to 37).
double recommended_value(const ModelEntry& e, double degree);

// Every parameter's value for one agent (Reich §6.4.5): the default when no active row (degree > 0)
// has a C or D entry for it; else the recommended value of the active dominant entry of highest
// priority (the first such row on a tie); else the mean of the active combinatorial entries.
// `degrees` has one value per attribute.
std::vector<double> evaluate_model(const AgentModel& model, std::span<const double> degrees);

// Parses the compact form of an entry, as the thesis prints them in Fig. 6.7: "50 85 I D5",
// "0 100 P C", "N". Returns the error message on failure.
std::optional<std::string> parse_model_entry(std::string_view text, ModelEntry& out);

}  // namespace footfall

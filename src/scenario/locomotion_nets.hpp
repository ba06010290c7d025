#pragma once
// The built-in PaT-Nets of Reich's locomotion control system (locomotion_nets.cpp): turn_to,
// attract_to, follow_path, chase, and the control machines go_to and go_to_agent. Declared in
// every scenario that does not declare nets of the same names itself.
#include <string_view>
#include <vector>

namespace footfall {

// A sensor node and the behavior node reading it that a built-in net drives.
struct LocomotionRole {
  const char* sensor;    // `goal` (location_sensor) or `target` (object_sensor)
  const char* behavior;  // `seek` or `pursue`: attract or predictive_attract
};

const char* locomotion_nets_yaml();
// The roles a built-in net needs in the agent's behavior net (none for turn_to, or for a name
// that is not built in).
std::vector<LocomotionRole> locomotion_roles(std::string_view net);

}  // namespace footfall

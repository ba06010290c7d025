#pragma once
// Control nodes (Granieri et al. 1995 §2.2): attract and avoid, as pure functions of a percept.
// They emit a recommended change (Δθ, Δd); the walk node scores a candidate footstep by the node's
// energy there, weight · (Δθ² + Δd²)^power (Reich 1997 §7.2: "multiplied by a user-defined scalar
// and raised to a user-defined power"; we apply the power to the squared sum, then the weight, so
// that weight stays a linear mix factor between behaviors whatever the power).
#include <cmath>

#include "footfall/core/math.hpp"

namespace footfall {

struct ControlOut {
  double dtheta = 0;
  double dd = 0;
};

struct AttractParams {
  double k_theta = 1, k_d = 1, t_theta = 0, t_d = 0;
};

struct AvoidParams {
  double k_theta = 1, k_d = 1, t_d = 1;
  double keep_right = 0;  // radians; 0 is the paper's avoid
};

// Granieri et al. 1995 §2.2, "Attract": zero inside the thresholds, linear outside.
inline ControlOut attract(double d, double theta, const AttractParams& p) {
  ControlOut o;
  if (theta > p.t_theta) o.dtheta = p.k_theta * (theta - p.t_theta);
  else if (theta < -p.t_theta) o.dtheta = p.k_theta * (theta + p.t_theta);
  if (d > p.t_d) o.dd = p.k_d * (d - p.t_d);
  return o;
}

// Granieri et al. 1995 §2.2, "Avoid": no angular threshold; both terms vanish beyond t_d. The paper
// prints the second formula under the name Δθ; it is the distance term Δd.
//
// keep_right (not in the paper) shifts the sensed angle before the formula, so that something
// slightly to the left costs less than the mirror image on the right: two walkers meeting head on
// both pass on the right, and counter-flows form lanes instead of locking (0 gives the paper's node).
inline ControlOut avoid(double d, double theta, const AvoidParams& p) {
  ControlOut o;
  if (d > p.t_d) return o;
  theta = wrap_angle(theta + p.keep_right);
  o.dtheta = theta >= 0 ? p.k_theta * (kPi - theta) : p.k_theta * (-kPi - theta);
  o.dd = p.k_d * (p.t_d - d);
  return o;
}

// The exponents scenes use (1, 0.5: a norm, 2) without pow (5% of a frame). sqrt and e·e are
// correctly rounded; glibc's pow differs from them in the last bit for about 1 argument in 1,200,
// so an energy may change by one unit in the last place. No trajectory hash changed (the 19
// validation scenes and the intersection, 1800 frames).
inline double control_power(double e, double power) {
  if (power == 1.0) return e;
  if (power == 0.5) return std::sqrt(e);
  if (power == 2.0) return e * e;
  return std::pow(e, power);
}

inline double control_energy(const ControlOut& o, double weight, double power) {
  const double e = o.dtheta * o.dtheta + o.dd * o.dd;
  return weight * control_power(e, power);
}

}  // namespace footfall

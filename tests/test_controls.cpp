// Attract and avoid against the formulas of Granieri et al. 1995 §2.2, both sides of every threshold.
#include <doctest/doctest.h>

#include "footfall/behavior/controls.hpp"

using namespace footfall;

TEST_CASE("attract follows the paper's piecewise formulas") {
  const AttractParams p{2.0, 3.0, 0.2, 1.0};  // k_θ, k_d, t_θ, t_d
  struct Case { double d, theta, dtheta, dd; };
  const Case cases[] = {
      {0.5, 0.0, 0.0, 0.0},                        // inside both thresholds
      {1.0, 0.2, 0.0, 0.0},                        // exactly on both thresholds
      {1.0, -0.2, 0.0, 0.0},
      {1.5, 0.1, 0.0, 3.0 * 0.5},                  // d beyond t_d
      {0.9, 0.5, 2.0 * (0.5 - 0.2), 0.0},          // θ > t_θ
      {0.9, -0.5, 2.0 * (-0.5 + 0.2), 0.0},        // θ < −t_θ
      {4.0, 1.0, 2.0 * 0.8, 3.0 * 3.0},            // both
      {4.0, -3.0, 2.0 * (-3.0 + 0.2), 3.0 * 3.0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.d);
    CAPTURE(c.theta);
    const ControlOut o = attract(c.d, c.theta, p);
    CHECK(o.dtheta == doctest::Approx(c.dtheta));
    CHECK(o.dd == doctest::Approx(c.dd));
  }
}

TEST_CASE("avoid follows the paper's formulas with the distance term as Δd") {
  const AvoidParams p{0.5, 2.0, 1.5};  // k_θ, k_d, t_d
  struct Case { double d, theta, dtheta, dd; };
  const Case cases[] = {
      {1.6, 0.0, 0.0, 0.0},                        // beyond t_d: no effect at any angle
      {2.0, -1.0, 0.0, 0.0},
      {1.5, 0.0, 0.5 * kPi, 0.0},                  // exactly at t_d: active, zero distance term
      {1.0, 0.3, 0.5 * (kPi - 0.3), 2.0 * 0.5},    // θ ≥ 0
      {1.0, -0.3, 0.5 * (-kPi + 0.3), 2.0 * 0.5},  // θ < 0
      {0.0, 0.0, 0.5 * kPi, 2.0 * 1.5},            // touching, straight ahead: strongest
      {0.2, kPi, 0.0, 2.0 * 1.3},                  // directly behind: no turn needed
  };
  for (const Case& c : cases) {
    CAPTURE(c.d);
    CAPTURE(c.theta);
    const ControlOut o = avoid(c.d, c.theta, p);
    CHECK(o.dtheta == doctest::Approx(c.dtheta));
    CHECK(o.dd == doctest::Approx(c.dd));
  }
}

TEST_CASE("energy is weight · (Δθ² + Δd²)^power") {
  const ControlOut o{3.0, 4.0};
  CHECK(control_energy(o, 1.0, 1.0) == doctest::Approx(25.0));
  CHECK(control_energy(o, 2.0, 1.0) == doctest::Approx(50.0));
  CHECK(control_energy(o, 2.0, 0.5) == doctest::Approx(10.0));
  CHECK(control_energy({}, 5.0, 2.0) == 0.0);
}

TEST_CASE("avoid energy grows as the obstacle nears and is largest straight ahead") {
  const AvoidParams p{1.0, 1.0, 2.0};
  double last = -1;
  for (double d = 2.0; d >= 0.0; d -= 0.25) {
    const double e = control_energy(avoid(d, 0.0, p), 1, 1);
    CHECK(e > last);
    last = e;
  }
  for (double th = 0.25; th <= kPi; th += 0.25)
    CHECK(control_energy(avoid(1.0, th, p), 1, 1) < control_energy(avoid(1.0, 0.0, p), 1, 1));
}

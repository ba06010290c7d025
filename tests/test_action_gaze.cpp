// Gaze with finite speeds (D-MOT-12, select/gaze.hpp): eyes before head before trunk.
#include <doctest/doctest.h>

#include <cmath>

#include "footfall/select/gaze.hpp"

using namespace footfall::action;

TEST_CASE("gaze: a step change of target moves the eyes first, then the head, then the trunk (D-MOT-12)") {
  const GazeLimits limits;
  Gaze g;
  for (int k = 0; k < 30; ++k) gaze_step(g, 0.0, 1.0 / 30, limits);  // at rest, looking ahead
  const double target = 100 * kDegree;  // beyond the neck's reach: the trunk must turn too
  const double dt = 1.0 / 30;
  int eye_on = -1, head_on = -1, trunk_on = -1, head_there = -1;
  double most_eye = 0;
  for (int k = 0; k < 90; ++k) {
    gaze_step(g, target, dt, limits);
    if (eye_on < 0 && g.eye != 0) eye_on = k;
    if (head_on < 0 && g.head != 0) head_on = k;
    if (trunk_on < 0 && g.trunk != 0) trunk_on = k;
    if (head_there < 0 && std::abs(g.head - limits.head_range) < 1e-9) head_there = k;
    most_eye = std::max(most_eye, g.eye);
    // While the head is on its way, the eyes are ahead of it: they lead.
    if (head_on >= 0 && head_there < 0) CHECK(g.eye + g.head + g.trunk > g.head + g.trunk);
    CHECK(std::abs(g.eye) <= limits.eye_range + 1e-12);
    CHECK(std::abs(g.head) <= limits.head_range + 1e-12);
  }
  CAPTURE(eye_on);
  CAPTURE(head_on);
  CAPTURE(trunk_on);
  REQUIRE(eye_on == 0);  // at once
  REQUIRE(head_on > eye_on);  // strictly later: the head lags the eyes
  REQUIRE(trunk_on > head_on);
  // The eyes moved at their speed (one step: 400 °/s × 1/30 s), the head never faster than its.
  CHECK(most_eye == doctest::Approx(limits.eye_range));
  // The head reaches its end within a bounded time: its lag plus 75° at 150 °/s, a step's slack.
  REQUIRE(head_there >= 0);
  CHECK(head_there * dt <= limits.head_lag + limits.head_range / limits.head_speed + 2 * dt);
  CHECK(head_there * dt >= limits.head_range / limits.head_speed - dt);  // not instantaneous
  // At the end the gaze is on the target: trunk 25°, head 75°, the eyes centred again.
  CHECK(g.where() == doctest::Approx(target));
  CHECK(g.trunk == doctest::Approx(25 * kDegree));
  CHECK(g.eye == doctest::Approx(0).epsilon(1e-9));
}

TEST_CASE("gaze: a target within the eyes' range moves only the eyes at first, and a drifting target starts no new shift") {
  Gaze g;
  const double dt = 1.0 / 30;
  gaze_step(g, 10 * kDegree, dt);
  CHECK(g.eye == doctest::Approx(10 * kDegree));  // 400 °/s: 13° in a frame
  CHECK(g.head == 0);
  CHECK(g.where() == doctest::Approx(10 * kDegree));
  for (int k = 0; k < 30; ++k) gaze_step(g, 10 * kDegree, dt);
  CHECK(g.head == doctest::Approx(10 * kDegree));  // the head follows, the eyes centre
  CHECK(g.eye == doctest::Approx(0).epsilon(1e-9));
  // Pursuit: a target drifting 1° a frame keeps the head moving every frame, no lag restarted.
  double head = g.head;
  for (int k = 1; k <= 20; ++k) {
    gaze_step(g, (10 + k) * kDegree, dt);
    CHECK(g.head > head);
    head = g.head;
  }
}

TEST_CASE("gaze: not looking any more, eyes, head and trunk come back to rest at their speeds") {
  Gaze g;
  const double dt = 1.0 / 30;
  for (int k = 0; k < 60; ++k) gaze_step(g, -100 * kDegree, dt);
  REQUIRE(g.trunk < 0);
  gaze_step(g, 0, dt);
  CHECK(g.head < -70 * kDegree);  // the head does not snap back
  for (int k = 0; k < 60; ++k) gaze_step(g, 0, dt);
  CHECK(g.at_rest());
}

#pragma once
// Gaze with finite speeds (D-MOT-12; Blumberg 1996 §6.1.3: "His eyes always move first, followed by
// his head and neck and finally his body"; §2 on the Disney animators: "if the eyes didn't lead the
// head, and if the head didn't lead the body, the resulting motion would not look right").
//
// Three yaws about the vertical, each relative to the one below it: the eyes in the head, the head
// on the trunk (the neck turn), the trunk on the pelvis (the body's twist). Their sum is where the
// agent looks. A retarget (the target jumps by more than `retarget`) starts a gaze shift: the eyes
// move at once, the head `head_lag` seconds later, the trunk `trunk_lag` later still, each no
// faster than its speed. The trunk takes only what the head cannot reach; the eyes take up the
// rest, and counter-rotate while the head catches up (so the gaze stays on the target). A target
// that drifts (pursuit, as a walker passes a window) is followed without new lags. Not looking,
// the target is straight ahead: the same movement brings everything back.
//
// The thesis gives the order but no speeds; ours are from the human literature (see GazeLimits).
namespace footfall::action {

inline constexpr double kDegree = 3.14159265358979323846 / 180.0;

struct GazeLimits {
  // Saccades: peak velocity rises with amplitude and saturates near 500–700 °/s (Bahill, Clark &
  // Stark 1975, "The main sequence", Math. Biosci. 24:191); 400 °/s is a large saccade's mean.
  double eye_speed = 400 * kDegree;  // rad/s
  // Head in natural gaze shifts: peak 100–300 °/s (Zangemeister, Jones & Stark 1981, Exp. Neurol.
  // 71:76; Guitton & Volle 1987, J. Neurophysiol. 58:427); we take 150 °/s.
  double head_speed = 150 * kDegree;
  // The trunk turns last and slowest in whole-body turns (Land 2004, Exp. Brain Res. 159:151):
  // 60 °/s, ours.
  double trunk_speed = 60 * kDegree;
  // Onset after the eyes: the head lags the eyes by some 20–50 ms (Guitton & Volle 1987), the
  // trunk later still (Land 2004); 40 ms and 100 ms, ours.
  double head_lag = 0.04, trunk_lag = 0.10;  // seconds
  // Ranges: the eyes seldom go beyond ±35° in the orbit in natural shifts (Guitton & Volle 1987);
  // the neck ±75° (footfall's head turn before this); the trunk's twist ±30°, ours.
  double eye_range = 35 * kDegree, head_range = 75 * kDegree, trunk_range = 30 * kDegree;
  double retarget = 5 * kDegree;  // a jump of the target this large starts a new gaze shift
};

struct Gaze {
  double eye = 0, head = 0, trunk = 0;  // radians: eyes in head, head on trunk, trunk on pelvis
  double target = 0;                    // the last target, relative to the pelvis (body heading)
  double since = 1e9;                   // seconds since the current gaze shift began
  double where() const { return eye + head + trunk; }
  bool at_rest() const { return eye == 0 && head == 0 && trunk == 0; }
};

// One step of dt seconds toward `target` (radians, relative to the body's heading, in (−π, π]).
void gaze_step(Gaze& g, double target, double dt, const GazeLimits& limits = {});

}  // namespace footfall::action

#pragma once
// Elementary functions from +, −, ×, ÷, sqrt and exact scaling only, so the authored motion data is
// the same bits on every IEEE-754 machine: libm's sin/cos/atan2 may take different code paths (FMA
// or not) on different CPUs and differ in the last bit. Accurate to a few ulps over the ranges the
// gait model uses; tests compare them with libm.
#include <cmath>

namespace footfall::author::det {

inline constexpr double kPi = 3.14159265358979323846;

// sin and cos of r for |r| ≤ π/4, by Taylor series to r^21 (remainder < 1e-25).
inline double sin_small(double r) {
  const double r2 = r * r;
  double acc = 0;  // Horner on r·(1/1! − r²/3! + r⁴/5! − …)
  for (int k = 21; k >= 1; k -= 2) {
    double f = 1;
    for (int i = 2; i <= k; ++i) f *= i;
    acc = 1.0 / f - r2 * acc;
  }
  return r * acc;
}

inline double cos_small(double r) {
  const double r2 = r * r;
  double acc = 0;
  for (int k = 20; k >= 0; k -= 2) {
    double f = 1;
    for (int i = 2; i <= k; ++i) f *= i;
    acc = 1.0 / f - r2 * acc;
  }
  return acc;
}

// x = q·(π/2) + r with |r| ≤ π/4, π/2 split in three parts so the reduction is exact for |x| < 1e5.
inline void reduce(double x, long& q, double& r) {
  constexpr double p1 = 1.5707963267341256e+00, p2 = 6.0771005065061922e-11,
                   p3 = 2.0222662487959506e-21;
  q = std::lround(x * (2.0 / kPi));
  const double qd = static_cast<double>(q);
  r = ((x - qd * p1) - qd * p2) - qd * p3;
}

// sin(x + shift·π/2): a quarter turn moves to the next quadrant of the same reduction.
inline double quadrant(double x, long shift) {
  long q;
  double r;
  reduce(x, q, r);
  switch ((((q + shift) % 4) + 4) % 4) {
    case 0: return sin_small(r);
    case 1: return cos_small(r);
    case 2: return -sin_small(r);
    default: return -cos_small(r);
  }
}

inline double sin(double x) { return quadrant(x, 0); }
inline double cos(double x) { return quadrant(x, 1); }

// atan for |x| ≤ 1: two half-angle reductions bring |x| below tan(π/16) ≈ 0.199, then the series.
inline double atan_unit(double x) {
  for (int k = 0; k < 2; ++k) x = x / (1.0 + std::sqrt(1.0 + x * x));
  const double x2 = x * x;
  double acc = 0;
  for (int k = 41; k >= 1; k -= 2) acc = 1.0 / k - x2 * acc;
  return 4.0 * x * acc;
}

inline double atan2(double y, double x) {
  if (x == 0.0 && y == 0.0) return 0.0;
  const double ax = std::abs(x), ay = std::abs(y);
  double a = ay <= ax ? atan_unit(ay / ax) : kPi / 2 - atan_unit(ax / ay);
  if (x < 0) a = kPi - a;
  return y < 0 ? -a : a;
}

inline double acos(double x) {
  x = x < -1 ? -1 : (x > 1 ? 1 : x);
  return atan2(std::sqrt((1 - x) * (1 + x)), x);
}

// exp and log by exact power-of-two scaling and series.
inline double exp(double x) {
  constexpr double ln2 = 0.6931471805599453094;
  const long k = std::lround(x / ln2);
  const double r = x - static_cast<double>(k) * ln2;  // |r| ≤ ln2/2; ln2 error scaled by k stays tiny
  double acc = 0;
  for (int n = 24; n >= 1; --n) acc = 1.0 + r * acc / n;
  return std::ldexp(acc, static_cast<int>(k));
}

inline double log(double x) {
  int e;
  double m = std::frexp(x, &e);  // x = m·2^e, m in [0.5, 1)
  if (m < 0.70710678118654752) {
    m *= 2;
    --e;
  }
  const double z = (m - 1) / (m + 1), z2 = z * z;  // |z| ≤ 0.172
  double acc = 0;
  for (int k = 41; k >= 1; k -= 2) acc = 1.0 / k + z2 * acc;
  return 2 * z * acc + e * 0.6931471805599453094;
}

inline double pow(double x, double y) { return x > 0 ? exp(y * log(x)) : 0.0; }  // x ≥ 0, y > 0

}  // namespace footfall::author::det

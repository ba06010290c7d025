// Bodies wider than deep (agents/body.hpp): the capsule's geometry, the cheap bound collision
// prevention uses, and collision prevention with such bodies.
#include <doctest/doctest.h>

#include "footfall/agents/body.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/world/world.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {
constexpr BodySize kPerson{0.22, 0.14};  // 0.44 m across the shoulders, 0.28 m deep
constexpr BodySize kDisc{0.22, 0.22};
}  // namespace

TEST_CASE("body: a capsule across the shoulders, front to back as deep as the chest") {
  // Both facing +x: shoulders along y.
  CHECK(body_gap({0, 0}, 0, kPerson, {0.3, 0}, 0, kPerson) == doctest::Approx(0.02));   // one behind the other
  CHECK(body_gap({0, 0}, 0, kPerson, {0, 0.3}, 0, kPerson) == doctest::Approx(-0.14));  // shoulder to shoulder
  CHECK(body_gap({0, 0}, 0, kDisc, {0.3, 0}, 0, kDisc) == doctest::Approx(-0.14));      // discs: the breadth
  // Turned side on (heading π/2), the same two fit shoulder past shoulder.
  CHECK(body_gap({0, 0}, kPi / 2, kPerson, {0, 0.3}, kPi / 2, kPerson) == doctest::Approx(0.02));
  CHECK(body_extent(0, kPerson, {1, 0}) == doctest::Approx(0.14));
  CHECK(body_extent(0, kPerson, {0, 1}) == doctest::Approx(0.22));
  CHECK(body_extent(0, kDisc, {0.6, 0.8}) == doctest::Approx(0.22));
  CHECK(kDisc.disc());
  CHECK_FALSE(kPerson.disc());
}

TEST_CASE("body: the bound collision prevention uses never exceeds the true gap") {
  // Exact on the centre line's two principal cases; below the capsules' gap everywhere else, so
  // what collision prevention lets pass the collision measure finds clear.
  CHECK(body_gap_bound({0, 0}, 0, kPerson, {0.3, 0}, 0, kPerson) == doctest::Approx(0.02));
  CHECK(body_gap_bound({0, 0}, 0, kPerson, {0, 0.5}, 0, kPerson) == doctest::Approx(0.06));
  int strictly_below = 0;
  for (std::uint64_t k = 0; k < 2000; ++k) {
    const auto u = [&](std::uint64_t i) { return counter_uniform(7, k, i, RngStream::Spawn); };
    const Vec2 b{u(0) - 0.5, u(1) - 0.5};
    const double ha = 2 * kPi * u(2), hb = 2 * kPi * u(3);
    const BodySize sb{0.18 + 0.06 * u(4), 0.1 + 0.08 * u(4)};
    const double exact = body_gap({0, 0}, ha, kPerson, b, hb, sb);
    const double bound = body_gap_bound({0, 0}, ha, kPerson, b, hb, sb);
    CHECK(bound <= exact + 1e-12);
    if (bound < exact - 1e-3) ++strictly_below;
  }
  CHECK(strictly_below > 0);  // a bound, not the same function
}

TEST_CASE("body: the gap through two steps is checked where the measure looks, and where steps end") {
  // Walking up behind someone standing: the gap shrinks to its least at the end of the step.
  const BodyPath mover{{{0, 0}, {0.6, 0}, 0.0, 0.5}, 0, 0};
  const BodyPath stander{{{0.9, 0}, {0.9, 0}, 0.0, 0.0}, 0, 0};
  CHECK(min_body_gap(mover, kPerson, stander, kPerson, 0.0, 0.5, 1.0 / 30) == doctest::Approx(0.02));
  // Apart at every sample: the bounding discs never meet.
  const BodyPath far{{{0, 5}, {0, 5}, 0.0, 0.0}, 0, 0};
  CHECK(min_body_gap(mover, kPerson, far, kPerson, 0.0, 0.5, 1.0 / 30) == kInf);
  // A step that ends between frames is still checked at its end.
  const BodyPath odd{{{0, 0}, {0.61, 0}, 0.0, 0.51}, 0, 0};
  CHECK(min_body_gap(odd, kPerson, stander, kPerson, 0.0, 0.51, 1.0 / 30) == doctest::Approx(0.01));
}

TEST_CASE("collision prevention: a deep body follows closer than a disc of its breadth, never shoulder into shoulder") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}};
  w.finalize();
  Snapshot snap = test::standing({{0, 0}, {0.9, 0}, {0.3, 0.6}}, kPerson.half_width);
  for (std::size_t i = 0; i < 3; ++i) snap.depth[i] = kPerson.half_depth;
  const std::vector<std::uint32_t> nb{1, 2};
  SenseContext ctx{w, snap, nb, {}, 0, kPerson.half_width};
  ctx.self_depth = kPerson.half_depth;
  ctx.frame_dt = 1.0 / 30;
  // Up to 0.3 m behind the one ahead (centres): the discs would stop at 0.44.
  CHECK_FALSE(step_collides(ctx, {0, 0}, {0.6, 0}, 0, 0.5, 0, 0));
  CHECK(step_collides(ctx, {0, 0}, {0.7, 0}, 0, 0.5, 0, 0));
  // Beside the one at (0.3, 0.6): 0.3 m shoulder to shoulder is an overlap...
  CHECK(step_collides(ctx, {0, 0}, {0.3, 0.3}, 0, 0.5, 0, 0));
  // ...unless both are side on: turned a quarter, shoulder past shoulder.
  snap.heading_from[2] = snap.heading_to[2] = kPi / 2;
  CHECK_FALSE(step_collides(ctx, {0, 0}, {0.3, 0.3}, 0, 0.5, kPi / 2, kPi / 2));
  // As discs of the breadth, the first step already collides.
  SenseContext discs{w, snap, nb, {}, 0, kPerson.half_width};
  for (std::size_t i = 0; i < 3; ++i) snap.depth[i] = 0;
  CHECK(step_collides(discs, {0, 0}, {0.6, 0}, 0, 0.5, 0, 0));
}

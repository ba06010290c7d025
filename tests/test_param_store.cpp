// Behavior-net parameters shared per block until written (agents/param_store.hpp), and agent-model
// values shared per block (Agents::set_model): what an agent reads is what was written, bit for bit.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "footfall/agents/agents.hpp"

using namespace footfall;

TEST_CASE("param store: agents given one block share it until one writes a value") {
  ParamStore p;
  const std::vector<double> block{1.0, 2.0, 3.0, 4.0};
  for (int a = 0; a < 3; ++a) p.add(block);
  CHECK(p.bases() == 1);
  p.set(1, 2, 7.5);
  CHECK(p.get(1, 2) == 7.5);
  CHECK(p.get(0, 2) == 3.0);
  CHECK(p.get(2, 2) == 3.0);
  CHECK(p.changes(1) == 1);
  CHECK(p.block(1) == std::vector<double>{1.0, 2.0, 7.5, 4.0});
  std::vector<double> scratch;
  CHECK(p.gather(0, scratch)[2] == 3.0);
  p.set(1, 0, 9.0);
  p.set(1, 3, -1.0);
  CHECK(p.block(1) == std::vector<double>{9.0, 2.0, 7.5, -1.0});
  // Written back to the base's value, it is no longer a change.
  p.set(1, 2, 3.0);
  CHECK(p.changes(1) == 2);
  CHECK(p.get(1, 2) == 3.0);
}

TEST_CASE("param store: reads agree with the writes whatever slots share a bit of the change mask") {
  // ParamStore marks each agent's changed slots in a 64-bit mask (slot mod 64) and reads others
  // straight from the base: slots 64 apart share a bit, and a change undone must clear it.
  ParamStore p;
  std::vector<double> block(150);
  for (std::size_t s = 0; s < block.size(); ++s) block[s] = static_cast<double>(s);
  p.add(block);
  p.add(block);
  const auto reads_as = [&](std::size_t a, const std::vector<double>& want) {
    for (std::uint32_t s = 0; s < want.size(); ++s)
      if (p.get(a, s) != want[s]) return false;
    return true;
  };
  std::vector<double> want = block;
  p.set(0, 3, -3.0);  // bit 3: slots 67 and 131 share it
  want[3] = -3.0;
  CHECK(reads_as(0, want));
  CHECK(reads_as(1, block));
  p.set(0, 131, -131.0);
  want[131] = -131.0;
  CHECK(reads_as(0, want));
  p.set(0, 3, 3.0);  // back to the base: slot 131 still changed under the same bit
  want[3] = 3.0;
  CHECK(p.changes(0) == 1);
  CHECK(reads_as(0, want));
  p.set(0, 131, 131.0);
  CHECK(p.changes(0) == 0);
  CHECK(reads_as(0, block));
  want = block;
  want[10] = 99.0;
  p.assign(1, want);  // assign builds the mask afresh
  CHECK(reads_as(1, want));
  want[67] = 0.5;
  p.set(1, 67, 0.5);
  CHECK(reads_as(1, want));
  p.rebase(1, block);  // and rebase clears it
  CHECK(reads_as(1, block));
}

TEST_CASE("param store: values are kept bit for bit") {
  ParamStore p;
  p.add(std::vector<double>{0.0, 1.0});
  p.set(0, 0, -0.0);  // equal to 0.0, but not the same bits
  CHECK(p.changes(0) == 1);
  CHECK(std::signbit(p.get(0, 0)));
  p.set(0, 0, 0.0);
  CHECK(p.changes(0) == 0);
  CHECK(!std::signbit(p.get(0, 0)));
}

TEST_CASE("param store: rebase shares another block, assign keeps a block as changes") {
  ParamStore p;
  const std::vector<double> a{1.0, 2.0, 3.0}, b{1.0, 5.0, 3.0};
  p.add(a);
  p.add(a);
  p.set(0, 1, 8.0);
  p.rebase(0, b);
  CHECK(p.bases() == 2);
  CHECK(p.changes(0) == 0);
  CHECK(p.block(0) == b);
  p.rebase(1, b);  // the same values: the block already held
  CHECK(p.bases() == 2);
  p.assign(1, std::vector<double>{1.0, 5.0, 6.0});
  CHECK(p.changes(1) == 1);
  CHECK(p.block(1) == std::vector<double>{1.0, 5.0, 6.0});
  CHECK_THROWS(p.assign(1, std::vector<double>{1.0}));
}

TEST_CASE("agents: agent-model values are shared per distinct block") {
  Agents ag;
  ag.model_stride = 2;
  const std::vector<double> u{50.0, 60.0}, v{70.0, 60.0};
  ag.set_model(0, u);
  ag.set_model(1, u);
  ag.set_model(2, v);
  CHECK(ag.model.size() == 2);  // two distinct blocks of two values
  CHECK(ag.model_of(0) == ag.model_of(1));
  CHECK(ag.model_of(1)[1] == 60.0);
  CHECK(ag.model_of(2)[0] == 70.0);
  ag.set_model(1, v);
  CHECK(ag.model.size() == 2);
  CHECK(ag.model_of(1) == ag.model_of(2));
  CHECK(ag.model_of(1)[0] == 70.0);
  CHECK(ag.model_of(0)[0] == 50.0);
  // Values left out are 50.
  ag.set_model(3, std::vector<double>{70.0});
  CHECK(ag.model_of(3)[1] == 50.0);
}

// The background worker the viewer hands simulation steps and image writes to (core/worker.hpp).
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "footfall/core/scratch_pool.hpp"
#include "footfall/core/worker.hpp"

using namespace footfall;

TEST_CASE("worker: jobs run one at a time, in order, on another thread, and wait joins them") {
  std::vector<int> done;  // written by the worker, read here after each wait: no lock needed
  std::thread::id ran_on;
  Worker w;
  for (int k = 0; k < 50; ++k)
    w.run([&done, &ran_on, k] {
      ran_on = std::this_thread::get_id();
      done.push_back(k);  // run() waits for the job before, so pushes never overlap
    });
  w.wait();
  REQUIRE(done.size() == 50);
  for (int k = 0; k < 50; ++k) CHECK(done[static_cast<std::size_t>(k)] == k);
  CHECK(ran_on != std::this_thread::get_id());
  w.wait();  // nothing in hand: returns at once
}

TEST_CASE("worker: wait rethrows what a job threw, once, and the worker goes on") {
  Worker w;
  w.run([] { throw std::runtime_error("step failed"); });
  CHECK_THROWS_WITH_AS(w.wait(), "step failed", std::runtime_error);
  CHECK_NOTHROW(w.wait());
  bool ran = false;
  w.run([&ran] { ran = true; });
  w.wait();
  CHECK(ran);
}

TEST_CASE("worker: the destructor lets the job in hand finish") {
  std::atomic<bool> finished{false};
  {
    Worker w;
    w.run([&finished] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      finished = true;
    });
  }
  CHECK(finished);
}

TEST_CASE("scratch pool: lent objects are distinct while lent and kept once given back") {
  footfall::ScratchPool<std::vector<int>> pool;
  const std::vector<int>* first = nullptr;
  {
    const auto a = pool.lend();
    const auto b = pool.lend();
    CHECK(&*a != &*b);  // two chunks at once never share one
    a->assign(1000, 7);
    first = &*a;
  }
  // Both given back: the next two leases are those two, buffers and all.
  const auto c = pool.lend();
  const auto d = pool.lend();
  CHECK((&*c == first || &*d == first));
  CHECK(c->size() + d->size() == 1000);
}

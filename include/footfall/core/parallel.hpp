#pragma once
// parallel_for over an index range. Under ThreadSanitizer the happens-before edges that TBB's fork
// and join provide are announced explicitly: Debian's libtbb is not instrumented, so TSan cannot
// see its internal synchronisation and would report every read after a join as a race.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstddef>

#if defined(__SANITIZE_THREAD__)
#define FOOTFALL_TSAN 1
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace footfall {

// Calls body(begin, end) on disjoint chunks of [0, n) in parallel.
template <class Body>
void parallel_chunks(std::size_t n, const Body& body) {
#ifdef FOOTFALL_TSAN
  char fork = 0, join = 0;
  __tsan_release(&fork);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [&](const tbb::blocked_range<std::size_t>& r) {
    __tsan_acquire(&fork);
    body(r.begin(), r.end());
    __tsan_release(&join);
  });
  __tsan_acquire(&join);
#else
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                    [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); });
#endif
}

}  // namespace footfall

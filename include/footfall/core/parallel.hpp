#pragma once
// parallel_for over an index range, and two tasks side by side. Under ThreadSanitizer the happens-before edges that TBB's fork
// and join provide are announced explicitly: Debian's libtbb is not instrumented, so TSan cannot
// see its internal synchronisation and would report every read after a join as a race.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

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

// Happens-before edges TBB creates but TSan cannot see (see above); no-ops in other builds.
inline void tsan_release([[maybe_unused]] void* tag) {
#ifdef FOOTFALL_TSAN
  __tsan_release(tag);
#endif
}
inline void tsan_acquire([[maybe_unused]] void* tag) {
#ifdef FOOTFALL_TSAN
  __tsan_acquire(tag);
#endif
}

// Runs f and g at the same time (when a worker is free) and returns when both are done.
template <class F, class G>
void parallel_pair(const F& f, const G& g) {
#ifdef FOOTFALL_TSAN
  char fork = 0, join = 0;
  __tsan_release(&fork);
  tbb::parallel_invoke([&] { __tsan_acquire(&fork); f(); __tsan_release(&join); },
                       [&] { __tsan_acquire(&fork); g(); __tsan_release(&join); });
  __tsan_acquire(&join);
#else
  tbb::parallel_invoke(f, g);
#endif
}

}  // namespace footfall

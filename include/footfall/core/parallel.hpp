#pragma once
// parallel_for over an index range, and two tasks side by side. Under ThreadSanitizer the happens-before edges that TBB's fork
// and join provide are announced explicitly: Debian's libtbb is not instrumented, so TSan cannot
// see its internal synchronisation and would report every read after a join as a race.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstddef>

#if defined(__SANITIZE_THREAD__)
#define FOOTFALL_TSAN 1
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace footfall {

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

namespace detail {
inline char tsan_fork_tag = 0;  // an address for TSan's bookkeeping only; never read or written
}  // namespace detail

// The fork edge into TBB tasks: announced by the spawning thread once the tasks' closures are
// built, and taken by each task before anything else. A task's first read is of its closure, so it
// cannot take an edge whose address the closure holds: this one is at a fixed address.
inline void tsan_fork() { tsan_release(&detail::tsan_fork_tag); }
inline void tsan_forked() { tsan_acquire(&detail::tsan_fork_tag); }

// Calls body(begin, end) on disjoint chunks of [0, n) in parallel (TBB may split down to single
// indices).
template <class Body>
void parallel_chunks(std::size_t n, const Body& body) {
#ifdef FOOTFALL_TSAN
  char join = 0;
  const auto chunk = [&](const tbb::blocked_range<std::size_t>& r) {
    tsan_forked();
    body(r.begin(), r.end());
    tsan_release(&join);
  };
  tsan_fork();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), chunk);
  tsan_acquire(&join);
#else
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                    [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); });
#endif
}

// Calls body(b, begin, end) for the fixed blocks [b·size, min(n, (b + 1)·size)) of [0, n) in
// parallel. The blocks do not depend on the thread count, so results kept per block and merged in
// block order (lists, first-come records) are the same for any thread count.
inline std::size_t block_count(std::size_t n, std::size_t size) { return (n + size - 1) / size; }
template <class Body>
void parallel_blocks(std::size_t n, std::size_t size, const Body& body) {
  parallel_chunks(block_count(n, size), [&](std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b != b1; ++b) body(b, b * size, std::min(n, (b + 1) * size));
  });
}

// Runs f and g at the same time (when a worker is free) and returns when both are done. A
// parallel_for over two single-index chunks rather than parallel_invoke: parallel_invoke builds its
// task closures on this thread's stack after any fork edge we could announce, and TSan, blind to
// TBB's own hand-over, reports the workers reading them.
template <class F, class G>
void parallel_pair(const F& f, const G& g) {
  parallel_chunks(2, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i != end; ++i) i == 0 ? f() : g();
  });
}

}  // namespace footfall

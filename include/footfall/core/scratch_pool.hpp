#pragma once
// Scratch objects lent to the chunks of a parallel loop and taken back, so that their buffers
// outlive a chunk: a frame's deciders run in however many chunks TBB cuts, and building each
// chunk's evaluators afresh cost about 3% of a frame (issue 23). A mutex hands them over, once per
// chunk, so ThreadSanitizer sees every hand-over. Whatever a lent object caches must be keyed by
// what it was computed for: which chunk, and so which thread, gets which object is not determined.
#include <memory>
#include <mutex>
#include <vector>

namespace footfall {

template <class T>
class ScratchPool {
 public:
  // The lent object, given back when the lease ends.
  class Lease {
   public:
    Lease(ScratchPool& pool, std::unique_ptr<T> item) : pool_(pool), item_(std::move(item)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { pool_.give_back(std::move(item_)); }
    T& operator*() const { return *item_; }
    T* operator->() const { return item_.get(); }

   private:
    ScratchPool& pool_;
    std::unique_ptr<T> item_;
  };

  // One of the idle objects, or a new one (T()) when all are lent.
  Lease lend() {
    std::unique_ptr<T> item;
    {
      const std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        item = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (!item) item = std::make_unique<T>();
    return Lease(*this, std::move(item));
  }

 private:
  void give_back(std::unique_ptr<T> item) {
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(item));
  }

  std::mutex mutex_;
  std::vector<std::unique_ptr<T>> idle_;
};

}  // namespace footfall

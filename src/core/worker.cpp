#include "footfall/core/worker.hpp"

#include <utility>

namespace footfall {

Worker::Worker() : thread_([this](std::stop_token stop) { loop(stop); }) {}

Worker::~Worker() {
  finish();                // what the job threw is dropped: nobody is left to take it
  thread_.request_stop();  // wakes the loop through its stop token
}

void Worker::run(std::function<void()> job) {
  wait();
  {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    busy_ = true;
  }
  changed_.notify_all();
}

void Worker::wait() {
  if (std::exception_ptr error = finish()) std::rethrow_exception(error);
}

std::exception_ptr Worker::finish() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !busy_; });
  return std::exchange(error_, nullptr);
}

void Worker::loop(const std::stop_token& stop) {
  std::unique_lock lock(mutex_);
  while (changed_.wait(lock, stop, [&] { return busy_; })) {
    std::function<void()> job = std::move(job_);
    lock.unlock();
    std::exception_ptr error;
    try {
      job();
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    error_ = error;
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace footfall

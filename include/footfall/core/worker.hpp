#pragma once
// One background thread that runs jobs handed to it one at a time: the viewer's simulation steps
// beside CULL and DRAW, and its image writer (DESIGN.md: "run the pipeline on a worker thread and
// hand instance buffers to the GL thread"). The hand-over is a mutex and a condition variable, so
// ThreadSanitizer sees every fork and join; a tbb::task_group's hand-over happens inside Debian's
// uninstrumented TBB, where TSan cannot see it, and its copy of the job's closure cannot be ordered
// by annotations either (core/parallel.hpp). Jobs may use TBB inside.
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace footfall {

class Worker {
 public:
  Worker();
  ~Worker();  // waits for the job in hand, then stops the thread
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Starts `job` on the worker thread; first waits for the one before it (rethrowing what it threw).
  void run(std::function<void()> job);
  // Returns once the job in hand (if any) has finished; rethrows what it threw.
  void wait();

 private:
  void loop(const std::stop_token& stop);
  // Waits until no job is in hand and takes what the last one threw (null if nothing).
  std::exception_ptr finish();

  std::mutex mutex_;
  std::condition_variable_any changed_;
  std::function<void()> job_;  // set while a job is in hand
  bool busy_ = false;
  std::exception_ptr error_;
  std::jthread thread_;  // last: started once the members it uses exist
};

}  // namespace footfall

#pragma once
// Output files. A regular file (or one not there yet) is written completely or not at all: data
// goes to a temporary file beside it (unnamed where the file system allows, so not even SIGKILL
// leaves it behind), which replaces the target only on commit(); a symbolic link is followed, so
// the file it points to is replaced and the link stays. A device, FIFO or socket, and the process's
// own descriptors (/dev/stdout, /dev/fd/N), are written in place and never replaced. Write errors
// (a full disk, /dev/full, a reader gone) are reported with the system's reason.
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

namespace footfall {

// The path cannot be an output at all (a directory, a missing or unwritable directory, a FIFO
// nobody reads): found before anything is written.
class OutputPathError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // throws OutputPathError
  ~AtomicFile();                          // uncommitted: the temporary file is removed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return *out_; }
  // Throws std::runtime_error naming the path and the reason when a write has failed so far.
  void check() const;
  // Flushes everything to the file system (fsync) and closes; throws on a write error. The target
  // is not touched yet, so a run with several outputs can finish all before publishing any.
  void finish();
  void commit();  // finish() if not yet, then rename over the target; throws on failure
  bool in_place() const { return in_place_; }  // a device, FIFO or descriptor: written directly
  const std::string& path() const { return path_; }

 private:
  class Buffer;
  std::string path_;    // as given
  std::string target_;  // what commit() replaces: path_ with symbolic links followed
  std::string temp_;    // the named temporary file; empty while it is unnamed (O_TMPFILE)
  int fd_ = -1;
  bool in_place_ = false, finished_ = false, committed_ = false;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> out_;
};

}  // namespace footfall

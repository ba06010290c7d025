#include "footfall/core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <utility>
#include <vector>

namespace footfall {
namespace {

namespace fs = std::filesystem;

std::string reason(int error) { return std::strerror(error); }

// The process's own descriptors: written in place even when they lead to a regular file, since the
// caller holds that file open (`> out.csv`) and a replaced file would lose what else goes there.
bool names_a_descriptor(const std::string& p) {
  for (const char* prefix : {"/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"})
    if (p.rfind(prefix, 0) == 0) return true;
  return false;
}

// The last component's symbolic links followed (at most 40, as the kernel does); the directories
// on the way may stay links, rename() goes through them.
std::string follow_links(std::string p) {
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::error_code ec;
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) return p;
    p = to.is_absolute() ? to.string() : (fs::path(p).parent_path() / to).string();
  }
  throw OutputPathError("cannot write " + p + ": too many levels of symbolic links");
}

bool write_all(int fd, const char* data, std::size_t n, int& error) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      error = errno;
      return false;
    }
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

}  // namespace

// A stream buffer over a descriptor that keeps the first error's errno, which std::ofstream loses.
class AtomicFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd), data_(1 << 16) { setp(data_.data(), data_.data() + data_.size()); }
  int error() const { return error_; }
  bool drain() {
    if (error_) return false;
    const std::size_t n = static_cast<std::size_t>(pptr() - pbase());
    setp(data_.data(), data_.data() + data_.size());
    return write_all(fd_, data_.data(), n, error_);
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  std::vector<char> data_;
  int error_ = 0;
};

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw OutputPathError("an output path is empty");
  struct stat st;
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) throw OutputPathError("cannot write " + path_ + ": it is a directory");
  if ((exists && !S_ISREG(st.st_mode)) || names_a_descriptor(path_)) {
    // Non-blocking first: a FIFO nobody reads would otherwise block here for ever.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd_ < 0)
      throw OutputPathError("cannot write " + path_ + ": " +
                            (errno == ENXIO ? std::string("no process reads this FIFO") : reason(errno)));
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
    in_place_ = true;
  } else {
    target_ = follow_links(path_);
    const fs::path parent = fs::path(target_).parent_path();
    const std::string dir = parent.empty() ? std::string(".") : parent.string();
    struct stat ds;
    if (::stat(dir.c_str(), &ds) != 0 || !S_ISDIR(ds.st_mode))
      throw OutputPathError("cannot write " + path_ + ": directory " + dir + " does not exist");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
      throw OutputPathError("cannot write " + path_ + ": directory " + dir + ": " + reason(errno));
    if (exists && ::access(target_.c_str(), W_OK) != 0)
      throw OutputPathError("cannot write " + path_ + ": " + reason(errno));
#ifdef O_TMPFILE
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
#endif
    if (fd_ < 0) {  // no unnamed files here: a named one, removed on failure
      temp_ = target_ + ".tmp." + std::to_string(::getpid());
      fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      if (fd_ < 0) {
        const int e = errno;
        temp_.clear();
        throw OutputPathError("cannot write " + path_ + ": " + reason(e));
      }
    }
    if (exists) ::fchmod(fd_, st.st_mode & 07777);  // the replacement keeps the file's permissions
  }
  buffer_ = std::make_unique<Buffer>(fd_);
  out_ = std::make_unique<std::ostream>(buffer_.get());
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::check() const {
  if (buffer_->error()) throw std::runtime_error("cannot write " + path_ + ": " + reason(buffer_->error()));
}

void AtomicFile::finish() {
  if (finished_) return;
  out_->flush();
  buffer_->drain();
  check();
  // A regular file's blocks may be allocated only now (ENOSPC at fsync or close).
  if (!in_place_ && ::fsync(fd_) != 0 && errno != EINVAL)
    throw std::runtime_error("cannot write " + path_ + ": " + reason(errno));
  if (in_place_) {
    const int fd = std::exchange(fd_, -1);
    if (::close(fd) != 0 && errno != EINTR) throw std::runtime_error("cannot write " + path_ + ": " + reason(errno));
  }
  finished_ = true;
}

void AtomicFile::commit() {
  finish();
  if (!in_place_) {
    if (temp_.empty()) {
      // Give the unnamed file a name beside the target, then move it over the target.
      const std::string name = target_ + ".tmp." + std::to_string(::getpid());
      const std::string self = "/proc/self/fd/" + std::to_string(fd_);
      ::unlink(name.c_str());
      if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) != 0)
        throw std::runtime_error("cannot write " + path_ + ": " + reason(errno));
      temp_ = name;
    }
    const int fd = std::exchange(fd_, -1);
    const bool closed = ::close(fd) == 0;
    if (!closed || std::rename(temp_.c_str(), target_.c_str()) != 0)
      throw std::runtime_error("cannot write " + path_ + ": " + reason(errno));
  }
  committed_ = true;
}

}  // namespace footfall

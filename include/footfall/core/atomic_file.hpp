#pragma once
// Output files are written completely or not at all: data goes to a temporary file beside the
// target, which replaces the target only on commit(). Destroying an uncommitted file removes it.
#include <fstream>
#include <string>

namespace footfall {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // throws std::runtime_error when it cannot be created
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  void commit();  // flush, close and rename over the target; throws on failure

 private:
  std::string path_, temp_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace footfall

#include "footfall/core/atomic_file.hpp"

#include <unistd.h>

#include <cstdio>
#include <stdexcept>

namespace footfall {

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_(path_ + ".tmp." + std::to_string(::getpid())) {
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) throw std::runtime_error("cannot write " + path_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    out_.close();
    std::remove(temp_.c_str());
  }
}

void AtomicFile::commit() {
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || std::rename(temp_.c_str(), path_.c_str()) != 0) {
    std::remove(temp_.c_str());
    throw std::runtime_error("cannot write " + path_);
  }
  committed_ = true;
}

}  // namespace footfall

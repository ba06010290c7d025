#pragma once
// An error at a place in a text file: its message, and the file, line and column (line 0: no place).
// The base of the scenario loader's errors and of the public API's (api/simulator.hpp).
#include <stdexcept>
#include <string>

namespace footfall {

class LocatedError : public std::runtime_error {
 public:
  LocatedError(const std::string& what, std::string file, int line, int column)
      : std::runtime_error(what), file_(std::move(file)), line_(line), column_(column) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string file_;
  int line_, column_;
};

}  // namespace footfall

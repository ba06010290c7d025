#pragma once
// Names → the first index of that name in a vector of named things, so that loading a scenario
// with tens of thousands of locations or boxes stays linear. Elements appended after the last
// sync() are still found, by a scan of that tail: the index is never wrong, at worst slower.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace footfall {

class NameIndex {
 public:
  // Indexes the elements added since the last call: amortised O(1) per element.
  template <class T, class NameOf>
  void sync(const std::vector<T>& v, NameOf name_of) {
    if (count_ > v.size()) clear();  // the vector was replaced by a shorter one
    for (; count_ < v.size(); ++count_) map_.emplace(std::string(name_of(v[count_])), static_cast<int>(count_));
  }

  template <class T, class NameOf>
  int find(const std::vector<T>& v, NameOf name_of, std::string_view name) const {
    if (count_ <= v.size()) {
      if (const auto it = map_.find(std::string(name)); it != map_.end()) {
        const auto i = static_cast<std::size_t>(it->second);
        if (i < v.size() && name_of(v[i]) == name) return it->second;
      } else {
        for (std::size_t i = count_; i < v.size(); ++i)
          if (name_of(v[i]) == name) return static_cast<int>(i);
        return -1;
      }
    }
    for (std::size_t i = 0; i < v.size(); ++i)  // stale: elements were renamed or replaced
      if (name_of(v[i]) == name) return static_cast<int>(i);
    return -1;
  }

  void clear() {
    map_.clear();
    count_ = 0;
  }

 private:
  std::unordered_map<std::string, int> map_;
  std::size_t count_ = 0;
};

}  // namespace footfall

#pragma once
// The motion file: one level of detail's skeleton and clips, little-endian binary, versioned and
// checksummed over every byte (format in docs/motion.md). Reading never trusts the file: a truncated, corrupted or
// mismatched file throws MotionFileError naming the file and what is wrong.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "footfall/motion/clip.hpp"
#include "footfall/motion/skeleton.hpp"

namespace footfall::motion {

inline constexpr char kMotionMagic[8] = {'F', 'F', 'M', 'O', 'T', 'I', 'O', 'N'};
inline constexpr std::uint32_t kMotionVersion = 1;
inline constexpr std::size_t kMotionHeaderBytes = 48;

class MotionFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MotionClip {
  ClipInfo info;
  ClipFrames frames;
};

struct MotionFile {
  Lod lod = Lod::Medium;
  std::uint32_t frame_rate = 60;
  float reference_height = static_cast<float>(kReferenceHeight);
  std::vector<Joint> joints;  // the skeleton the clips were recorded on
  std::vector<MotionClip> clips;
};

// The exact bytes of a file; joints constant over a clip are stored once.
std::vector<unsigned char> encode_motion_file(const MotionFile& file);
MotionFile decode_motion_file(const std::vector<unsigned char>& bytes, const std::string& name);

void write_motion_file(const std::string& path, const MotionFile& file);  // atomically
MotionFile read_motion_file(const std::string& path);

// The file name of a level of detail inside a motion directory: high.motion, ...
std::string motion_file_name(Lod lod);

}  // namespace footfall::motion

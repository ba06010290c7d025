#include "footfall/motion/motion_file.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "footfall/core/atomic_file.hpp"
#include "footfall/core/hash.hpp"

namespace footfall::motion {
namespace {

// Little-endian by construction, whatever the host.
class Writer {
 public:
  void u8(std::uint32_t v) { bytes.push_back(static_cast<unsigned char>(v)); }
  void u16(std::uint32_t v) { for (int i = 0; i < 2; ++i) u8((v >> (8 * i)) & 0xff); }
  void u32(std::uint32_t v) { for (int i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xff); }
  void u64(std::uint64_t v) { for (int i = 0; i < 8; ++i) u8(static_cast<std::uint32_t>((v >> (8 * i)) & 0xff)); }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
  void quat(const Eigen::Quaternionf& q) { f32(q.x()); f32(q.y()); f32(q.z()); f32(q.w()); }
  std::vector<unsigned char> bytes;
};

class Reader {
 public:
  Reader(const std::vector<unsigned char>& b, std::size_t at, const std::string& name)
      : b_(b), at_(at), name_(name) {}
  std::uint32_t u8() { need(1); return b_[at_++]; }
  std::uint32_t u16() { std::uint32_t v = u8(); return v | (u8() << 8); }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= u8() << (8 * i);
    return v;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(u8()) << (8 * i);
    return v;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  float f32(const char* what) {
    const float v = std::bit_cast<float>(u32());
    if (!std::isfinite(v)) fail(std::string(what) + " is not a finite number");
    return v;
  }
  Eigen::Quaternionf quat(const char* what) {
    const float x = f32(what), y = f32(what), z = f32(what), w = f32(what);
    const Eigen::Quaternionf q(w, x, y, z);
    if (std::abs(q.squaredNorm() - 1.0f) > 1e-3f) fail(std::string(what) + " is not a unit quaternion");
    return q;
  }
  std::size_t at() const { return at_; }
  [[noreturn]] void fail(const std::string& what) const {
    throw MotionFileError(name_ + ": corrupted: " + what + " (at byte " + std::to_string(at_) + ")");
  }

 private:
  void need(std::size_t n) const {
    if (at_ + n > b_.size()) fail("record runs past the end of the file");
  }
  const std::vector<unsigned char>& b_;
  std::size_t at_;
  const std::string& name_;
};

// FNV-1a over the whole file but the checksum field itself (header bytes 40..47).
constexpr std::size_t kChecksumAt = 40;
std::uint64_t checksum(const std::vector<unsigned char>& file) {
  Fnv1a h;
  h.add_bytes(file.data(), kChecksumAt);
  h.add_bytes(file.data() + kMotionHeaderBytes, file.size() - kMotionHeaderBytes);
  return h.value();
}

std::string hex(std::uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A joint is stored once per clip when every frame holds the same bits.
std::vector<unsigned char> animated_joints(const MotionClip& c, std::size_t joints) {
  std::vector<unsigned char> animated(joints, 0);
  for (std::size_t f = 1; f < c.info.frames; ++f)
    for (std::size_t j = 0; j < joints; ++j)
      if (!animated[j] && std::memcmp(&c.frames.rotations[f * joints + j], &c.frames.rotations[j],
                                      sizeof(Eigen::Quaternionf)) != 0)
        animated[j] = 1;
  return animated;
}

}  // namespace

const char* clip_kind_name(ClipKind kind) {
  switch (kind) {
    case ClipKind::Walk: return "walk";
    case ClipKind::Stop: return "stop";
    case ClipKind::Turn: return "turn";
    case ClipKind::Stand: return "stand";
    case ClipKind::Sit: return "sit";
  }
  return "?";
}

std::string motion_file_name(Lod lod) { return std::string(lod_name(lod)) + ".motion"; }

std::vector<unsigned char> encode_motion_file(const MotionFile& file) {
  const std::size_t nj = file.joints.size();
  Writer p;  // the payload
  for (const Joint& j : file.joints) {
    p.u8(static_cast<std::uint32_t>(j.name.size()));
    for (const char ch : j.name) p.u8(static_cast<unsigned char>(ch));
    p.i32(j.parent);
    for (int k = 0; k < 3; ++k) p.f32(j.offset[k]);
  }
  for (const MotionClip& c : file.clips) {
    p.u8(static_cast<std::uint32_t>(c.info.kind));
    p.u8(c.info.planted);
    p.u16(0);
    p.f32(c.info.from_length);
    p.f32(c.info.to_length);
    p.f32(c.info.turn);
    p.u32(c.info.frames);
    const std::vector<unsigned char> animated = animated_joints(c, nj);
    for (const unsigned char a : animated) p.u8(a);
    for (std::size_t j = 0; j < nj; ++j)
      if (!animated[j]) p.quat(c.frames.rotations[j]);
    for (std::size_t f = 0; f < c.info.frames; ++f) {
      for (int k = 0; k < 3; ++k) p.f32(c.frames.pelvis[f][k]);
      for (std::size_t j = 0; j < nj; ++j)
        if (animated[j]) p.quat(c.frames.rotations[f * nj + j]);
    }
  }
  Writer h;
  for (const char ch : kMotionMagic) h.u8(static_cast<unsigned char>(ch));
  h.u32(kMotionVersion);
  h.u32(static_cast<std::uint32_t>(file.lod));
  h.u32(static_cast<std::uint32_t>(nj));
  h.u32(static_cast<std::uint32_t>(file.clips.size()));
  h.u32(file.frame_rate);
  h.f32(file.reference_height);
  h.u64(p.bytes.size());
  h.u64(0);  // the checksum, filled in below
  h.bytes.insert(h.bytes.end(), p.bytes.begin(), p.bytes.end());
  const std::uint64_t sum = checksum(h.bytes);
  for (int i = 0; i < 8; ++i) h.bytes[kChecksumAt + static_cast<std::size_t>(i)] = static_cast<unsigned char>((sum >> (8 * i)) & 0xff);
  return h.bytes;
}

MotionFile decode_motion_file(const std::vector<unsigned char>& bytes, const std::string& name) {
  if (bytes.size() < kMotionHeaderBytes)
    throw MotionFileError(name + ": truncated: " + std::to_string(bytes.size()) +
                          " bytes, shorter than the " + std::to_string(kMotionHeaderBytes) +
                          "-byte header");
  if (std::memcmp(bytes.data(), kMotionMagic, sizeof kMotionMagic) != 0)
    throw MotionFileError(name + ": not a footfall motion file (its first bytes are not FFMOTION)");
  Reader r(bytes, sizeof kMotionMagic, name);
  const std::uint32_t version = r.u32();
  if (version != kMotionVersion)
    throw MotionFileError(name + ": format version " + std::to_string(version) +
                          " is not supported (this build reads version " +
                          std::to_string(kMotionVersion) + ")");
  MotionFile file;
  const std::uint32_t lod = r.u32(), nj = r.u32(), nclips = r.u32();
  file.frame_rate = r.u32();
  file.reference_height = r.f32("reference height");
  const std::uint64_t payload = r.u64(), stored = r.u64();
  const std::size_t have = bytes.size() - kMotionHeaderBytes;
  if (payload > have)
    throw MotionFileError(name + ": truncated: the header promises " + std::to_string(payload) +
                          " bytes of data, the file holds " + std::to_string(have));
  if (payload < have)
    throw MotionFileError(name + ": corrupted: " + std::to_string(have - payload) +
                          " bytes beyond the " + std::to_string(payload) + " the header declares");
  const std::uint64_t computed = checksum(bytes);
  if (computed != stored)
    throw MotionFileError(name + ": corrupted: checksum " + hex(computed) + " does not match the " +
                          "stored " + hex(stored));
  if (lod >= static_cast<std::uint32_t>(kLodCount)) r.fail("level of detail " + std::to_string(lod));
  if (nj == 0 || nj > 1000) r.fail(std::to_string(nj) + " joints");
  if (nclips > 100000) r.fail(std::to_string(nclips) + " clips");
  if (file.frame_rate == 0 || file.frame_rate > 1000) r.fail("frame rate " + std::to_string(file.frame_rate));
  if (!(file.reference_height > 0.5f && file.reference_height < 3.0f)) r.fail("reference height");
  file.lod = static_cast<Lod>(lod);

  for (std::uint32_t j = 0; j < nj; ++j) {
    Joint joint;
    const std::uint32_t len = r.u8();
    if (len == 0) r.fail("joint " + std::to_string(j) + " has no name");
    for (std::uint32_t k = 0; k < len; ++k) {
      const char ch = static_cast<char>(r.u8());
      if (ch < 0x21 || ch > 0x7e) r.fail("joint " + std::to_string(j) + " name is not printable");
      joint.name.push_back(ch);
    }
    joint.parent = r.i32();
    if (joint.parent < -1 || joint.parent >= static_cast<std::int32_t>(j))
      r.fail("joint " + joint.name + " has parent " + std::to_string(joint.parent));
    for (int k = 0; k < 3; ++k) joint.offset[k] = r.f32("joint offset");
    file.joints.push_back(std::move(joint));
  }
  for (std::uint32_t c = 0; c < nclips; ++c) {
    MotionClip clip;
    ClipInfo& info = clip.info;
    const std::uint32_t kind = r.u8();
    if (kind >= static_cast<std::uint32_t>(kClipKinds)) r.fail("clip kind " + std::to_string(kind));
    info.kind = static_cast<ClipKind>(kind);
    info.planted = static_cast<std::uint8_t>(r.u8());
    if (info.planted > 1) r.fail("planted foot " + std::to_string(info.planted));
    if (r.u16() != 0) r.fail("reserved bytes are not zero");
    info.from_length = r.f32("step length");
    info.to_length = r.f32("step length");
    info.turn = r.f32("turn");
    info.frames = r.u32();
    if (info.from_length < 0 || info.from_length > 5 || info.to_length < 0 || info.to_length > 5)
      r.fail("step length out of range");
    if (std::abs(info.turn) > 3.1416f) r.fail("turn out of range");
    if (info.frames < 2 || info.frames > 100000) r.fail(std::to_string(info.frames) + " frames");
    std::vector<unsigned char> animated(nj);
    for (auto& a : animated) {
      a = static_cast<unsigned char>(r.u8());
      if (a > 1) r.fail("joint flag " + std::to_string(a));
    }
    clip.frames.pelvis.resize(info.frames);
    clip.frames.rotations.resize(static_cast<std::size_t>(info.frames) * nj);
    for (std::uint32_t j = 0; j < nj; ++j)
      if (!animated[j]) {
        const Eigen::Quaternionf q = r.quat("joint rotation");
        for (std::uint32_t f = 0; f < info.frames; ++f) clip.frames.rotations[f * nj + j] = q;
      }
    for (std::uint32_t f = 0; f < info.frames; ++f) {
      for (int k = 0; k < 3; ++k) clip.frames.pelvis[f][k] = r.f32("pelvis translation");
      for (std::uint32_t j = 0; j < nj; ++j)
        if (animated[j]) clip.frames.rotations[f * nj + j] = r.quat("joint rotation");
    }
    file.clips.push_back(std::move(clip));
  }
  if (r.at() != bytes.size()) r.fail(std::to_string(bytes.size() - r.at()) + " bytes after the last clip");
  return file;
}

void write_motion_file(const std::string& path, const MotionFile& file) {
  const std::vector<unsigned char> bytes = encode_motion_file(file);
  AtomicFile out(path);
  out.stream().write(reinterpret_cast<const char*>(bytes.data()),
                     static_cast<std::streamsize>(bytes.size()));
  out.commit();
}

MotionFile read_motion_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MotionFileError(path + ": cannot open the motion file");
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw MotionFileError(path + ": read error");
  return decode_motion_file(bytes, path);
}

}  // namespace footfall::motion

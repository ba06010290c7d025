// Articulated figures (Granieri et al. 1995 §4.3): skeletons at three levels of detail, their meshes,
// the motion file format, the posture graph, and reproducing the authored data.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "author_motion/det_math.hpp"
#include "footfall/motion/mesh.hpp"
#include "footfall/motion/motion_file.hpp"
#include "footfall/motion/pose.hpp"
#include "helpers.hpp"

using namespace footfall;
using namespace footfall::motion;

namespace {

std::vector<unsigned char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::string motion_path(Lod lod) { return test::source_path("data/motion/" + motion_file_name(lod)); }

// The message of the MotionFileError that decoding `bytes` throws, or "" when it does not throw.
std::string decode_error(const std::vector<unsigned char>& bytes, const std::string& name) {
  try {
    decode_motion_file(bytes, name);
  } catch (const MotionFileError& e) {
    return e.what();
  }
  return "";
}

std::string temp_dir(const std::string& name) {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("skeletons: 73, 17 and 11 joints after the paper, parents first, legs shared") {
  const Skeleton high = build_skeleton(Lod::High), medium = build_skeleton(Lod::Medium),
                 low = build_skeleton(Lod::Low);
  CHECK(high.size() == 73);
  CHECK(medium.size() == 17);
  CHECK(low.size() == 11);
  // High: a spine of at least four segments, a neck, a head and five-fingered hands.
  int spine = 0, fingers = 0;
  for (const Joint& j : high.joints) {
    spine += j.name.rfind("spine_", 0) == 0;
    fingers += j.name.find("_3") != std::string::npos &&
               (j.name.find("thumb") != std::string::npos || j.name.find("index") != std::string::npos ||
                j.name.find("middle") != std::string::npos || j.name.find("ring") != std::string::npos ||
                j.name.find("pinky") != std::string::npos);
  }
  CHECK(spine >= 4);
  CHECK(fingers == 10);  // a last phalanx on each of five fingers, both hands
  CHECK(high.find("neck_1") >= 0);
  CHECK(high.find("head") >= 0);
  for (const Skeleton* s : {&high, &medium, &low}) {
    for (std::size_t j = 0; j < s->size(); ++j) CHECK(s->joints[j].parent < static_cast<int>(j));
    CHECK(s->joints[0].name == "pelvis");
    // The same pelvis, legs and feet at every level: same names, same rest positions.
    for (int side = 0; side < 2; ++side)
      for (const int j : {s->legs[side].hip, s->legs[side].knee, s->legs[side].ankle}) {
        const int h = high.find(s->joints[static_cast<std::size_t>(j)].name);
        REQUIRE(h >= 0);
        CHECK((s->rest[static_cast<std::size_t>(j)] - high.rest[static_cast<std::size_t>(h)]).norm() == 0.0f);
        CHECK(s->counterpart[static_cast<std::size_t>(j)] == h);
      }
    CHECK(s->thigh == high.thigh);
    CHECK(s->shank == high.shank);
  }
  CHECK(low.legs[0].toe == -1);
  CHECK(medium.legs[0].toe >= 0);
}

TEST_CASE("skeletons: proportions follow Drillis & Contini's fractions of stature") {
  const Skeleton s = build_skeleton(Lod::Medium);
  const auto height = [&](const char* joint) { return s.rest[static_cast<std::size_t>(s.find(joint))].z() / kReferenceHeight; };
  CHECK(height("l_hip") == doctest::Approx(0.530).epsilon(1e-5));
  CHECK(height("l_knee") == doctest::Approx(0.285).epsilon(1e-5));
  CHECK(height("l_ankle") == doctest::Approx(0.039).epsilon(1e-5));
  CHECK(height("l_shoulder") == doctest::Approx(0.818).epsilon(1e-5));
  CHECK(height("l_elbow") == doctest::Approx(0.632).epsilon(1e-5));
  CHECK(s.thigh / kReferenceHeight == doctest::Approx(0.245).epsilon(1e-5));
  CHECK(s.shank / kReferenceHeight == doctest::Approx(0.246).epsilon(1e-5));
}

TEST_CASE("meshes: about 2000, 500 and 120 triangles with unit outward normals and valid joints") {
  const std::pair<Lod, double> targets[] = {{Lod::High, 2000}, {Lod::Medium, 500}, {Lod::Low, 120}};
  for (const auto& [lod, triangles] : targets) {
    CAPTURE(lod_name(lod));
    const Skeleton s = build_skeleton(lod);
    const Mesh m = build_mesh(s);
    CHECK(static_cast<double>(m.triangles()) == doctest::Approx(triangles).epsilon(0.12));
    REQUIRE(m.normals.size() == m.positions.size());
    REQUIRE(m.joints.size() == m.positions.size());
    float top = 0;
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
      CHECK(std::abs(m.normals[v].norm() - 1) < 1e-4f);
      CHECK(m.joints[v] < s.size());
      top = std::max(top, m.positions[v].z());
    }
    CHECK(top == doctest::Approx(kReferenceHeight).epsilon(0.01));
    std::set<std::uint16_t> used(m.joints.begin(), m.joints.end());
    CHECK(used.size() == s.size());  // every joint moves part of the surface
    // Counter-clockwise from outside: the face normal agrees with the vertex normals.
    int agree = 0;
    for (std::size_t t = 0; t < m.indices.size(); t += 3) {
      for (int k = 0; k < 3; ++k) REQUIRE(m.indices[t + static_cast<std::size_t>(k)] < m.positions.size());
      const Eigen::Vector3f& a = m.positions[m.indices[t]];
      const Eigen::Vector3f face = (m.positions[m.indices[t + 1]] - a).cross(m.positions[m.indices[t + 2]] - a);
      agree += face.dot(m.normals[m.indices[t]] + m.normals[m.indices[t + 1]] + m.normals[m.indices[t + 2]]) > 0;
    }
    CHECK(agree == static_cast<int>(m.triangles()));
  }
}

TEST_CASE("poses: rest pose skinning is the identity — coarsening keeps pelvis, legs and feet") {
  const Skeleton high = build_skeleton(Lod::High), low = build_skeleton(Lod::Low);
  std::vector<Eigen::Quaternionf> rest(high.size(), Eigen::Quaternionf::Identity());
  std::vector<Rigid> model(high.size());
  model_transforms(high, high.rest[0], rest, model);
  std::vector<float> skin(12 * high.size());
  skinning_matrices(high, model, skin);
  for (std::size_t j = 0; j < high.size(); ++j) {
    CHECK((model[j].translation - high.rest[j]).norm() < 1e-5f);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c) CHECK(std::abs(skin[12 * j + 4 * r + c] - (r == c ? 1.0f : 0.0f)) < 1e-5f);
  }
  // A bent high pose mapped down: the low figure's feet land where the high figure's do.
  std::vector<Eigen::Quaternionf> bent(high.size());
  for (std::size_t j = 0; j < high.size(); ++j)
    bent[j] = Eigen::Quaternionf(Eigen::AngleAxisf(0.05f * static_cast<float>(j % 7), Eigen::Vector3f(0.3f, 1, 0.2f).normalized()));
  const std::vector<Eigen::Quaternionf> coarse = coarsen(high, bent, high.rest[0], low);
  std::vector<Rigid> a(high.size()), b(low.size());
  model_transforms(high, high.rest[0], bent, a);
  model_transforms(low, low.rest[0], coarse, b);
  for (int side = 0; side < 2; ++side) {
    const auto ankle_high = a[static_cast<std::size_t>(high.legs[side].ankle)];
    const auto ankle_low = b[static_cast<std::size_t>(low.legs[side].ankle)];
    CHECK((ankle_high.translation - ankle_low.translation).norm() < 1e-5f);
    CHECK(ankle_high.rotation.angularDistance(ankle_low.rotation) < 1e-4f);
  }
  const int head_low = low.find("head"), head_high = high.find("head");
  CHECK(a[static_cast<std::size_t>(head_high)].rotation.angularDistance(b[static_cast<std::size_t>(head_low)].rotation) < 1e-4f);
}

TEST_CASE("motion files: encode and decode round-trip bit for bit") {
  const MotionFile f = read_motion_file(motion_path(Lod::Low));
  CHECK(f.lod == Lod::Low);
  CHECK(f.frame_rate == 60);  // paper §4.3: every transition stored at 60 Hz
  const std::vector<unsigned char> bytes = encode_motion_file(f);
  CHECK(bytes == read_bytes(motion_path(Lod::Low)));
  const MotionFile g = decode_motion_file(bytes, "memory");
  REQUIRE(g.clips.size() == f.clips.size());
  for (std::size_t c = 0; c < f.clips.size(); ++c) {
    CHECK(g.clips[c].info == f.clips[c].info);
    CHECK(g.clips[c].frames.pelvis == f.clips[c].frames.pelvis);
  }
}

TEST_CASE("motion files: truncated or corrupted files fail with an error naming the file") {
  const std::string path = motion_path(Lod::Medium);
  const std::vector<unsigned char> good = read_bytes(path);
  REQUIRE(good.size() > 1000);
  SUBCASE("truncated anywhere") {
    for (const std::size_t keep : {std::size_t{0}, std::size_t{7}, std::size_t{47}, std::size_t{48},
                                   std::size_t{100}, good.size() / 2, good.size() - 1}) {
      const std::string error = decode_error({good.begin(), good.begin() + static_cast<std::ptrdiff_t>(keep)}, path);
      CAPTURE(keep);
      CHECK(error.find(path) == 0);
      CHECK(error.find("truncated") != std::string::npos);
    }
    CHECK(decode_error({good.begin(), good.end() - 1}, path).find("truncated") != std::string::npos);
  }
  SUBCASE("one flipped bit anywhere") {
    for (std::size_t at = 0; at < good.size(); at += 997) {
      std::vector<unsigned char> bad = good;
      bad[at] ^= 0x10;
      CAPTURE(at);
      const std::string error = decode_error(bad, path);
      CHECK(error.find(path + ": ") == 0);
    }
  }
  SUBCASE("what is wrong is said") {
    std::vector<unsigned char> bad = good;
    bad[good.size() - 5] ^= 1;
    CHECK(decode_error(bad, path).find("checksum") != std::string::npos);
    bad = good;
    bad[8] = 2;  // version
    CHECK(decode_error(bad, path).find("version 2 is not supported") != std::string::npos);
    bad = good;
    bad[0] = 'X';
    CHECK(decode_error(bad, path).find("not a footfall motion file") != std::string::npos);
    bad = good;
    bad.push_back(0);
    CHECK(decode_error(bad, path).find("beyond") != std::string::npos);
  }
  SUBCASE("a file recorded on another skeleton") {
    MotionFile f = decode_motion_file(good, path);
    f.joints[3].offset.z() += 0.01f;  // a valid file, but not of this build's skeleton
    std::array<MotionFile, kLodCount> files{read_motion_file(motion_path(Lod::High)), f,
                                            read_motion_file(motion_path(Lod::Low))};
    try {
      make_motion_library(std::move(files), {"h", "m", "l"});
      FAIL("no error");
    } catch (const MotionFileError& e) {
      CHECK(std::string(e.what()).find("m: recorded on another skeleton") == 0);
    }
  }
  SUBCASE("a posture graph with an edge missing") {
    std::array<MotionFile, kLodCount> files;
    for (int l = 0; l < kLodCount; ++l) {
      files[static_cast<std::size_t>(l)] = read_motion_file(motion_path(static_cast<Lod>(l)));
      files[static_cast<std::size_t>(l)].clips.erase(files[static_cast<std::size_t>(l)].clips.begin() + 3);
    }
    CHECK_THROWS_WITH_AS(make_motion_library(std::move(files), {"h", "m", "l"}),
                         doctest::Contains("h: the posture graph is incomplete"), MotionFileError);
  }
}

TEST_CASE("motion files: the app exits non-zero naming a corrupted motion file") {
  const std::string dir = temp_dir("motion_corrupt");
  for (int l = 0; l < kLodCount; ++l)
    std::filesystem::copy_file(motion_path(static_cast<Lod>(l)), dir + "/" + motion_file_name(static_cast<Lod>(l)));
  std::vector<unsigned char> bytes = read_bytes(dir + "/low.motion");
  bytes.resize(bytes.size() / 3);
  write_bytes(dir + "/low.motion", bytes);
  const std::string cmd = std::string(FOOTFALL_BINARY) + " run " + test::source_path("data/scenarios/swap6.yaml") +
                          " --headless --frames 5 --motion " + dir + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe)) out += buf;
  const int status = pclose(pipe);
  CHECK(WEXITSTATUS(status) == 1);
  CHECK(out.find(dir + "/low.motion: truncated") != std::string::npos);
}

TEST_CASE("motion files: regenerating data/motion reproduces the committed files exactly") {
  const std::string dir = temp_dir("motion_regenerated");
  REQUIRE(std::system((std::string(FOOTFALL_AUTHOR) + " " + dir + " > /dev/null").c_str()) == 0);
  for (int l = 0; l < kLodCount; ++l) {
    const std::string name = motion_file_name(static_cast<Lod>(l));
    CAPTURE(name);
    CHECK(read_bytes(dir + "/" + name) == read_bytes(motion_path(static_cast<Lod>(l))));
  }
}

TEST_CASE("authoring math: deterministic elementary functions agree with libm") {
  namespace det = footfall::author::det;
  for (double x = -7; x <= 7; x += 0.0137) {
    CHECK(det::sin(x) == doctest::Approx(std::sin(x)).epsilon(1e-14).scale(1));
    CHECK(det::cos(x) == doctest::Approx(std::cos(x)).epsilon(1e-14).scale(1));
    CHECK(det::atan2(x, 1.3) == doctest::Approx(std::atan2(x, 1.3)).epsilon(1e-14).scale(1));
    CHECK(det::atan2(-1.1, x) == doctest::Approx(std::atan2(-1.1, x)).epsilon(1e-14).scale(1));
    CHECK(det::exp(x) == doctest::Approx(std::exp(x)).epsilon(1e-14));
  }
  for (double x = 0.01; x < 20; x *= 1.13) CHECK(det::log(x) == doctest::Approx(std::log(x)).epsilon(1e-14).scale(1));
  for (double x = -1; x <= 1; x += 0.01) CHECK(det::acos(x) == doctest::Approx(std::acos(x)).epsilon(1e-13).scale(1));
}

TEST_CASE("posture graph: every posture has every edge — edges lead where their clips end") {
  const auto lib = test::motion_library();
  const PostureGraph& g = lib->graph;
  REQUIRE(g.lengths().size() >= 3);  // short, medium and long (paper §4.4)
  CHECK(g.lengths().front() < 0.55f);
  CHECK(g.lengths().back() > 0.85f);
  for (std::uint8_t f = 0; f < 2; ++f)
    for (std::uint8_t s = 0; s < g.stances(); ++s) {
      const Posture p{f, s};
      for (int to = 1; to < g.stances(); ++to) {
        const std::uint16_t c = g.walk(p, to);
        CHECK(lib->clips[c].info.kind == ClipKind::Walk);
        CHECK(g.start_of(c) == p);
        CHECK(g.end_of(c) == Posture{static_cast<std::uint8_t>(1 - f), static_cast<std::uint8_t>(to)});
      }
      CHECK(lib->clips[g.stop(p)].info.kind == ClipKind::Stop);
      CHECK(lib->clips[g.turn(p, 1)].info.turn > 0);
      CHECK(lib->clips[g.turn(p, 0)].info.turn < 0);
    }
  CHECK(g.nearest_stance(0.1) == 1);
  CHECK(g.nearest_stance(0.72) == 2);
  CHECK(g.nearest_stance(5.0) == g.stances() - 1);
}

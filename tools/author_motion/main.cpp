// footfall_author: records the step clips of the posture graph (Granieri et al. 1995 §4.3–4.4,
// Fig. 7) at 60 Hz for the three levels of detail and writes data/motion/{high,medium,low}.motion.
// Deterministic: the same bytes on every run and every IEEE-754 machine (docs/motion.md).
//
//   footfall_author OUTPUT_DIR   (--help for usage)
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "gait_model.hpp"
#include "footfall/motion/motion_file.hpp"

using namespace footfall;
using motion::ClipKind;

namespace {

// Short, medium and long steps (paper §4.4), evenly spaced so that a walk node with arcs: 3,
// min_step: 0.45, max_step: 0.95 samples exactly these lengths; medium is the walk node's default.
constexpr double kLengths[] = {0.45, 0.70, 0.95};
constexpr double kTurn = 0.7853981633974483;  // π/4, the walk node's default max_turn

// Every edge of the posture graph, per planted foot: from each posture (feet together or a
// recorded stance), a walking step to each recorded length, a stop, a turn each way; and standing.
std::vector<author::StepSpec> catalogue() {
  std::vector<author::StepSpec> specs;
  std::vector<double> stances{0.0};
  stances.insert(stances.end(), std::begin(kLengths), std::end(kLengths));
  for (int planted = 0; planted < 2; ++planted) {
    for (const double from : stances) {
      for (const double to : kLengths) specs.push_back({ClipKind::Walk, planted, from, to, 0.0});
      specs.push_back({ClipKind::Stop, planted, from, 0.0, 0.0});
      specs.push_back({ClipKind::Turn, planted, from, 0.0, kTurn});
      specs.push_back({ClipKind::Turn, planted, from, 0.0, -kTurn});
    }
    specs.push_back({ClipKind::Stand, planted, 0.0, 0.0, 0.0});
    specs.push_back({ClipKind::Sit, planted, 0.0, 0.0, 0.0});  // beside the graph: an idle pose
  }
  return specs;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"footfall_author: records the walk node's step clips into OUTPUT_DIR (docs/motion.md)"};
  std::string out;
  app.add_option("output", out, "directory for high.motion, medium.motion and low.motion")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // usage errors exit 2, as footfall's do
  }
  try {
    const std::filesystem::path dir = out;
    std::filesystem::create_directories(dir);
    const author::GaitModel model;
    const std::vector<author::StepSpec> specs = catalogue();
    const motion::Skeleton medium = motion::build_skeleton(motion::Lod::Medium);
    std::vector<std::vector<author::BodyPose>> recorded;
    int unreached = 0;
    for (const author::StepSpec& s : specs) {
      recorded.push_back(model.record(s, medium));
      for (const author::BodyPose& b : recorded.back()) unreached += !b.reached[0] + !b.reached[1];
    }
    if (unreached) {
      std::fprintf(stderr, "footfall_author: %d leg poses out of reach; the gait model is broken\n",
                   unreached);
      return 1;
    }
    for (int l = 0; l < motion::kLodCount; ++l) {
      const motion::Skeleton sk = motion::build_skeleton(static_cast<motion::Lod>(l));
      motion::MotionFile file;
      file.lod = sk.lod;
      file.frame_rate = static_cast<std::uint32_t>(model.frame_rate);
      file.joints = sk.joints;
      std::size_t frames = 0;
      for (std::size_t c = 0; c < specs.size(); ++c) {
        const author::StepSpec& s = specs[c];
        motion::MotionClip clip;
        clip.info = {s.kind, static_cast<std::uint8_t>(s.planted), static_cast<float>(s.from_length),
                     static_cast<float>(s.to_length), static_cast<float>(s.turn),
                     static_cast<std::uint32_t>(recorded[c].size())};
        clip.frames = author::express(sk, recorded[c]);
        frames += recorded[c].size();
        file.clips.push_back(std::move(clip));
      }
      const std::string path = (dir / motion::motion_file_name(sk.lod)).string();
      motion::write_motion_file(path, file);
      std::printf("%s: %zu joints, %zu clips, %zu frames at %d Hz, %ju bytes\n", path.c_str(),
                  sk.size(), file.clips.size(), frames, model.frame_rate,
                  static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "footfall_author: %s\n", e.what());
    return 1;
  }
  return 0;
}

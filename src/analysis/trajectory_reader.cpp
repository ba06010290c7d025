// Which reader a trajectory file needs, by its first bytes; and velocities from positions.
#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

#include "footfall/analysis/trajectories.hpp"

namespace footfall {

bool is_sqlite_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<char, 16> head{};
  in.read(head.data(), head.size());
  return in.gcount() == static_cast<std::streamsize>(head.size()) &&
         std::string(head.data(), head.size()).rfind("SQLite format 3", 0) == 0;
}

Trajectories read_trajectories(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TrajectoryError(path + ": cannot open the file");
  if (is_sqlite_file(path))
    throw TrajectoryError(path + ": an SQLite trajectory store: read it with output::read_trajectory_db (footfall_output)");
  return read_trajectory_csv(in, path);
}

double median_frame_step(const std::vector<TrajectoryFrame>& frames) {
  std::vector<double> steps;
  for (std::size_t k = 1; k < frames.size(); ++k) steps.push_back(frames[k].time - frames[k - 1].time);
  if (steps.empty()) return 0.0;
  std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
  return steps[steps.size() / 2];
}

void compute_velocities(Trajectories& t, double window, double jump, int axis, double period) {
  // Each pedestrian's track: (frame index, slot in that frame), split where it jumps.
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> tracks(t.names.size());
  for (std::size_t f = 0; f < t.frames.size(); ++f) {
    TrajectoryFrame& fr = t.frames[f];
    fr.velocity.assign(fr.position.size(), Vec2::Zero());
    for (std::size_t k = 0; k < fr.who.size(); ++k) tracks[fr.who[k]].emplace_back(f, k);
  }
  const auto displacement = [&](const Vec2& from, const Vec2& to) {
    Vec2 d = to - from;
    if (axis >= 0 && period > 0) d[axis] -= period * std::round(d[axis] / period);
    return d;
  };
  const auto pos = [&](std::pair<std::size_t, std::size_t> e) { return t.frames[e.first].position[e.second]; };
  const auto time = [&](std::pair<std::size_t, std::size_t> e) { return t.frames[e.first].time; };
  for (const auto& track : tracks) {
    // Pieces without a jump or a missing frame.
    std::size_t begin = 0;
    for (std::size_t k = 1; k <= track.size(); ++k) {
      const bool split = k == track.size() || track[k].first != track[k - 1].first + 1 ||
                         displacement(pos(track[k - 1]), pos(track[k])).norm() > jump;
      if (!split) continue;
      // Unwrapped positions of the piece, then differences over the window.
      std::vector<Vec2> p{pos(track[begin])};
      for (std::size_t j = begin + 1; j < k; ++j) p.push_back(p.back() + displacement(pos(track[j - 1]), pos(track[j])));
      for (std::size_t j = begin; j < k; ++j) {
        std::size_t a = j, b = j;
        while (a > begin && time(track[j]) - time(track[a - 1]) <= 0.5 * window + 1e-9) --a;
        while (b + 1 < k && time(track[b + 1]) - time(track[j]) <= 0.5 * window + 1e-9) ++b;
        const double span = time(track[b]) - time(track[a]);
        if (span > 0) t.frames[track[j].first].velocity[track[j].second] = (p[b - begin] - p[a - begin]) / span;
      }
      begin = k;
    }
  }
}

}  // namespace footfall

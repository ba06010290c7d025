// The consumer with footfall::render: a frame of the scenario drawn offscreen into an image, written
// as a binary PPM. Only the stable API (footfall/api/render.hpp).
//   consumer_render [SCENARIO] [OUT.ppm]
#include <cstdio>
#include <fstream>
#include <string>

#include "footfall/api/render.hpp"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : FOOTFALL_DATA_DIR "/scenarios/intersection.yaml";
  const std::string out = argc > 2 ? argv[2] : "frame.ppm";
  try {
    footfall::api::Options options;
    options.motion_dir = FOOTFALL_DATA_DIR "/motion";  // articulated figures: rendering needs them
    footfall::api::Simulator sim = footfall::api::Simulator::load(path, options);
    sim.run(30);
    footfall::api::RenderOptions r;
    r.width = 320, r.height = 180;
    r.shader_dir = FOOTFALL_DATA_DIR "/shaders";
    const footfall::api::Image image = footfall::api::render(sim, r);
    std::ofstream f(out, std::ios::binary);
    f << "P6\n" << image.width << " " << image.height << "\n255\n";
    f.write(reinterpret_cast<const char*>(image.rgb.data()), static_cast<std::streamsize>(image.rgb.size()));
    unsigned long long sum = 0;
    for (unsigned char c : image.rgb) sum += c;
    std::printf("%s: %dx%d, mean %.1f, frame %llu\n", out.c_str(), image.width, image.height,
                static_cast<double>(sum) / static_cast<double>(image.rgb.size()),
                static_cast<unsigned long long>(sim.frame()));
  } catch (const footfall::api::Error& e) {
    std::fprintf(stderr, "consumer_render: %s\n", e.what());
    return 1;
  }
  return 0;
}

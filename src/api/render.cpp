#include "footfall/api/render.hpp"

#include <algorithm>
#include <cstring>

#include "footfall/render/error.hpp"
#include "footfall/render/viewer.hpp"
#include "simulator_impl.hpp"

namespace footfall::api {

Image render(Simulator& sim, const RenderOptions& options) {
  Simulator::Impl& impl = *sim.impl_;
  if (!impl.sim.motion()) throw Error("render: the simulator has no figures (load it with Options::motion_dir)");
  render::ViewerOptions v;
  v.width = options.width, v.height = options.height;
  v.offscreen = true;
  v.frames = static_cast<long>(impl.sim.frame());  // the frame already published: draw it, step none
  v.shader_dir = options.shader_dir;
  v.top_down = options.top_down;
  v.hud = options.hud;
  v.quiet = true;
  if (impl.view.lod_distances) v.lod.near = impl.view.lod_distances->x(), v.lod.far = impl.view.lod_distances->y();
  if (impl.view.eye) v.camera = render::CameraPose{*impl.view.eye, *impl.view.look_at};
  v.clothing = impl.view.clothing;
  Image image;
  v.last_image = [&image](int width, int height, const std::uint8_t* rgb) {
    image.width = width, image.height = height;
    image.rgb.resize(static_cast<std::size_t>(width) * height * 3);
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    for (int y = 0; y < height; ++y)  // GL's rows run bottom to top
      std::memcpy(image.rgb.data() + row * y, rgb + row * (height - 1 - y), row);
  };
  try {
    render::run_viewer(impl.sim, v);
  } catch (const render::RenderError& e) {
    throw Error(std::string("render: ") + e.what());
  }
  if (image.rgb.empty()) throw Error("render: no image was drawn");
  return image;
}

}  // namespace footfall::api

#pragma once
// Where DRAW's pixels go: a window on the X display, or offscreen. Offscreen is an EGL pbuffer
// context of our own (Mesa's surfaceless platform: no X at all) driven through OSG's embedded-window
// path, or, where EGL cannot give one, a private Xvfb server and a GLX pbuffer.
#include <osgViewer/Viewer>

#include <memory>
#include <string>

#include "footfall/render/viewer.hpp"

namespace footfall::render {

class Display {
 public:
  // Sets up the viewer's camera on the chosen target. Throws RenderError.
  Display(osgViewer::Viewer& viewer, const ViewerOptions& options);
  ~Display();
  Display(const Display&) = delete;
  Display& operator=(const Display&) = delete;

  const std::string& backend() const { return backend_; }
  // Makes the context current on this thread (EGL: ours; otherwise OSG does it).
  void make_current();

 private:
  struct Egl;
  struct Xvfb;
  std::unique_ptr<Egl> egl_;
  std::unique_ptr<Xvfb> xvfb_;
  std::string backend_;
};

}  // namespace footfall::render

#pragma once
// Reading frames back: a final-draw callback that finishes the frame (so DRAW's time includes the
// rasterisation llvmpipe defers) and, when asked, copies the pixels into an image; PNG files are
// written whole or not at all (core/atomic_file.hpp).
#include <osg/Camera>
#include <osg/Image>

#include <string>

namespace footfall::render {

class FrameCapture : public osg::Camera::DrawCallback {
 public:
  void request() { requested_ = true; }
  // The frame read back by the last draw, or null when none was requested.
  osg::ref_ptr<osg::Image> take();
  void operator()(osg::RenderInfo& info) const override;

 private:
  mutable bool requested_ = false;
  mutable osg::ref_ptr<osg::Image> image_;
};

// Throws RenderError naming the file when it cannot be written.
void write_png(const osg::Image& image, const std::string& path);

// Fails early, before any frame is drawn, when `path` cannot be created (a missing directory, no
// permission): creates and removes a temporary file beside it.
void check_writable(const std::string& path);

}  // namespace footfall::render

#include "capture.hpp"

#include <osg/GL>
#include <osgDB/Registry>

#include "footfall/core/atomic_file.hpp"
#include "footfall/render/viewer.hpp"

namespace footfall::render {

osg::ref_ptr<osg::Image> FrameCapture::take() {
  osg::ref_ptr<osg::Image> image = image_;
  image_ = nullptr;
  return image;
}

void FrameCapture::operator()(osg::RenderInfo& info) const {
  glFinish();
  if (!requested_) return;
  requested_ = false;
  const osg::Viewport* vp = info.getCurrentCamera()->getViewport();
  image_ = new osg::Image;
  image_->readPixels(static_cast<int>(vp->x()), static_cast<int>(vp->y()), static_cast<int>(vp->width()),
                     static_cast<int>(vp->height()), GL_RGB, GL_UNSIGNED_BYTE);
}

void write_png(const osg::Image& image, const std::string& path) {
  osgDB::ReaderWriter* png = osgDB::Registry::instance()->getReaderWriterForExtension("png");
  if (!png) throw RenderError(path + ": cannot write PNG: OpenSceneGraph's png plugin is missing");
  try {
    AtomicFile out(path);
    const osgDB::ReaderWriter::WriteResult r = png->writeImage(image, out.stream());
    if (!r.success()) throw RenderError(path + ": cannot write the PNG image: " + r.message());
    out.commit();
  } catch (const RenderError&) {
    throw;
  } catch (const std::exception& e) {
    throw RenderError(e.what());
  }
}

void check_writable(const std::string& path) {
  try {
    AtomicFile probe(path);  // removed again, uncommitted
  } catch (const std::exception& e) {
    throw RenderError(e.what());
  }
}

}  // namespace footfall::render

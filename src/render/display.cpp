#include "display.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

extern char** environ;

namespace footfall::render {

// ---- EGL: a pbuffer context we own, current on the GL thread ---------------------------------
struct Display::Egl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext context = EGL_NO_CONTEXT;

  ~Egl() {
    if (display == EGL_NO_DISPLAY) return;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    eglTerminate(display);
  }

  // Empty on success, else why not.
  std::string open(int width, int height) {
    const auto get_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!get_display) return "EGL has no eglGetPlatformDisplayEXT";
    display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    EGLint major = 0, minor = 0;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
      display = EGL_NO_DISPLAY;
      return "no EGL surfaceless display (Mesa's libegl-mesa0)";
    }
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                        EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                        EGL_NONE};
    EGLConfig config;
    EGLint configs = 0;
    if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs < 1)
      return "no EGL configuration with an RGB colour buffer, a depth buffer and desktop OpenGL";
    const EGLint pbuffer_attributes[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
    surface = eglCreatePbufferSurface(display, config, pbuffer_attributes);
    if (surface == EGL_NO_SURFACE) return "cannot create an EGL pbuffer of " + std::to_string(width) + "x" + std::to_string(height);
    if (!eglBindAPI(EGL_OPENGL_API)) return "EGL cannot bind desktop OpenGL";
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);  // compatibility profile
    if (context == EGL_NO_CONTEXT) return "cannot create an EGL OpenGL context";
    if (!eglMakeCurrent(display, surface, surface, context)) return "cannot make the EGL context current";
    return {};
  }
};

// ---- Xvfb: a private X server for the GLX path -------------------------------------------------
struct Display::Xvfb {
  pid_t pid = -1;

  ~Xvfb() {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
  }

  std::string start(int width, int height) {
    int fds[2];
    if (pipe(fds) != 0) return "cannot create a pipe for Xvfb";
    const std::string fd = std::to_string(fds[1]), screen = std::to_string(width) + "x" + std::to_string(height) + "x24";
    const char* argv[] = {"Xvfb", "-displayfd", fd.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp", nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);  // Xvfb chatters on stderr
    const int err = posix_spawnp(&pid, "Xvfb", &actions, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (err != 0) {
      close(fds[0]);
      pid = -1;
      return "cannot start Xvfb (package xvfb)";
    }
    // Xvfb writes its display number once it accepts connections.
    std::string number;
    pollfd p{fds[0], POLLIN, 0};
    char c = 0;
    while (poll(&p, 1, 10000) > 0 && read(fds[0], &c, 1) == 1 && c != '\n') number += c;
    close(fds[0]);
    if (number.empty()) return "Xvfb did not start";
    setenv("DISPLAY", (":" + number).c_str(), 1);
    return {};
  }
};

namespace {

osg::ref_ptr<osg::GraphicsContext> glx_context(const ViewerOptions& o, bool pbuffer) {
  osg::ref_ptr<osg::GraphicsContext::Traits> traits = new osg::GraphicsContext::Traits;
  traits->readDISPLAY();
  traits->x = pbuffer ? 0 : 60;
  traits->y = pbuffer ? 0 : 60;
  traits->width = o.width;
  traits->height = o.height;
  traits->red = traits->green = traits->blue = 8;
  traits->depth = 24;
  traits->windowDecoration = !pbuffer;
  traits->doubleBuffer = !pbuffer;
  traits->pbuffer = pbuffer;
  traits->windowName = "footfall";
  return osg::GraphicsContext::createGraphicsContext(traits.get());
}

void attach(osgViewer::Viewer& viewer, osg::GraphicsContext* gc, int width, int height, bool double_buffered) {
  osg::Camera* camera = viewer.getCamera();
  camera->setGraphicsContext(gc);
  camera->setViewport(new osg::Viewport(0, 0, width, height));
  const GLenum buffer = double_buffered ? GL_BACK : GL_FRONT;
  camera->setDrawBuffer(buffer);
  camera->setReadBuffer(buffer);
}

}  // namespace

Display::Display(osgViewer::Viewer& viewer, const ViewerOptions& o) {
  if (!o.offscreen) {
    const char* display = std::getenv("DISPLAY");
    osg::ref_ptr<osg::GraphicsContext> gc = glx_context(o, false);
    if (!gc) throw RenderError(std::string("cannot open a window on DISPLAY=") + (display ? display : "") +
                               " (use --headless to render offscreen)");
    attach(viewer, gc.get(), o.width, o.height, true);
    backend_ = "window";
    return;
  }
  std::string why_egl;
  if (o.backend != Offscreen::Xvfb) {
    egl_ = std::make_unique<Egl>();
    why_egl = egl_->open(o.width, o.height);
    if (why_egl.empty()) {
      viewer.setUpViewerAsEmbeddedInWindow(0, 0, o.width, o.height);
      backend_ = "egl";
      return;
    }
    egl_.reset();
    if (o.backend == Offscreen::Egl) throw RenderError("offscreen rendering through EGL failed: " + why_egl);
  }
  xvfb_ = std::make_unique<Xvfb>();
  const std::string why_xvfb = xvfb_->start(o.width, o.height);
  osg::ref_ptr<osg::GraphicsContext> gc = why_xvfb.empty() ? glx_context(o, true) : nullptr;
  if (!gc)
    throw RenderError("cannot render offscreen: " + (why_egl.empty() ? std::string() : "EGL: " + why_egl + "; ") +
                      "Xvfb: " + (why_xvfb.empty() ? "no GLX pbuffer" : why_xvfb));
  attach(viewer, gc.get(), o.width, o.height, false);
  backend_ = "xvfb";
}

Display::~Display() = default;

void Display::make_current() {
  if (egl_) eglMakeCurrent(egl_->display, egl_->surface, egl_->surface, egl_->context);
}

}  // namespace footfall::render

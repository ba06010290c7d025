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
#include <string_view>
#include <vector>

extern char** environ;

namespace footfall::render {

// ---- EGL: a pbuffer context we own, current on the GL thread ---------------------------------
struct Display::Egl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext context = EGL_NO_CONTEXT;

  ~Egl() { release(); }

  // Empty on success, else why not. A GPU first, through the EGL device platform (NVIDIA's EGL
  // offers no surfaceless platform), then Mesa's surfaceless platform (llvmpipe without a GPU).
  std::string open(int width, int height) {
    const auto get_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!get_display) return "EGL has no eglGetPlatformDisplayEXT";
    for (void* device : hardware_devices())
      if (use(get_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr), width, height).empty()) return {};
    const std::string why = use(get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr), width, height);
    return why.empty() ? why : "no EGL surfaceless display (Mesa's libegl-mesa0): " + why;
  }

 private:
  // EGL devices other than Mesa's software one.
  static std::vector<void*> hardware_devices() {
    const auto query = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    const auto describe =
        reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(eglGetProcAddress("eglQueryDeviceStringEXT"));
    std::vector<void*> out;
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!query || !describe || !query(16, devices, &count)) return out;
    for (EGLint i = 0; i < count; ++i) {
      const char* extensions = describe(devices[i], EGL_EXTENSIONS);
      if (extensions && std::string_view(extensions).find("EGL_MESA_device_software") != std::string_view::npos)
        continue;
      out.push_back(devices[i]);
    }
    return out;
  }

  // A pbuffer context on `d`, made current; on failure everything is released again.
  std::string use(EGLDisplay d, int width, int height) {
    EGLint major = 0, minor = 0;
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, &major, &minor)) return "cannot initialise the EGL display";
    display = d;
    std::string why = context_on(width, height);
    if (!why.empty()) release();
    return why;
  }

  std::string context_on(int width, int height) {
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

  // The display itself stays initialised: there is one per platform and device in the process, a
  // later viewer initialises it again for nothing, and Mesa's eglTerminate unloads its driver
  // without freeing all of the driver's memory (LeakSanitizer reports it).
  void release() {
    if (display == EGL_NO_DISPLAY) return;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    display = EGL_NO_DISPLAY, surface = EGL_NO_SURFACE, context = EGL_NO_CONTEXT;
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

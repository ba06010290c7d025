#pragma once
#include <stdexcept>

namespace footfall::render {

// Anything that stops the renderer: a shader, the display, an output file. The message names it.
class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A shader file that is missing, unreadable, or does not compile or link.
class ShaderError : public RenderError {
 public:
  using RenderError::RenderError;
};

}  // namespace footfall::render

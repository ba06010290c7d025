#pragma once
// GLSL programs from files in the shader directory, loaded at start-up. A missing or unreadable
// file fails at load; a file that does not compile or link fails right after the GL context is
// made (check_programs), before the first frame. Either way the message names the file.
//
// The directory is the first of: the --shaders option, $FOOTFALL_SHADERS, `shaders/` beside the
// executable, `../share/footfall/shaders` from the executable, and the source tree's `shaders/`
// (compiled in), that holds figure.vert.
#include <osg/Program>
#include <osg/State>
#include <string>
#include <vector>

#include "footfall/render/error.hpp"

namespace footfall::render {

std::string find_shader_dir(const std::string& option);

// A program of the vertex and fragment shader files `stem`.vert and `stem`.frag in `dir`.
osg::ref_ptr<osg::Program> load_program(const std::string& dir, const std::string& stem);

// Compiles and links every program on the current context; throws ShaderError with the shader's
// file name and the driver's log for the first that fails.
void check_programs(const std::vector<osg::ref_ptr<osg::Program>>& programs, osg::State& state);

}  // namespace footfall::render

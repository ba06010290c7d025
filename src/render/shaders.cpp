#include "footfall/render/shaders.hpp"

#include <osg/Notify>
#include <osg/Shader>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace footfall::render {
namespace fs = std::filesystem;

std::string find_shader_dir(const std::string& option) {
  if (!option.empty()) return option;  // checked when loading: its file names will be in the message
  if (const char* env = std::getenv("FOOTFALL_SHADERS"); env && *env) return env;
  std::vector<fs::path> candidates;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    candidates.push_back(exe.parent_path() / "shaders");
    candidates.push_back(exe.parent_path().parent_path() / "share/footfall/shaders");
  }
  candidates.push_back(FOOTFALL_SOURCE_SHADERS);
  for (const fs::path& dir : candidates)
    if (fs::exists(dir / "figure.vert", ec)) return dir.string();
  std::string tried;
  for (const fs::path& dir : candidates) tried += (tried.empty() ? "" : ", ") + dir.string();
  throw ShaderError("no shader directory found (tried " + tried +
                    "); give one with --shaders DIR or FOOTFALL_SHADERS");
}

namespace {

osg::ref_ptr<osg::Shader> load_shader(const fs::path& path, osg::Shader::Type type) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ShaderError(path.string() + ": cannot read the shader file");
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw ShaderError(path.string() + ": cannot read the shader file");
  if (text.str().find_first_not_of(" \t\r\n") == std::string::npos)
    throw ShaderError(path.string() + ": the shader file is empty");
  osg::ref_ptr<osg::Shader> shader = new osg::Shader(type, text.str());
  shader->setFileName(path.string());
  return shader;
}

}  // namespace

osg::ref_ptr<osg::Program> load_program(const std::string& dir, const std::string& stem) {
  osg::ref_ptr<osg::Program> program = new osg::Program;
  program->setName(stem);
  program->addShader(load_shader(fs::path(dir) / (stem + ".vert"), osg::Shader::VERTEX));
  program->addShader(load_shader(fs::path(dir) / (stem + ".frag"), osg::Shader::FRAGMENT));
  return program;
}

void check_programs(const std::vector<osg::ref_ptr<osg::Program>>& programs, osg::State& state) {
  // OSG would print the driver's log as well; ours names the file. Restored however this ends.
  struct Quiet {
    osg::NotifySeverity level = osg::getNotifyLevel();
    Quiet() { osg::setNotifyLevel(osg::FATAL); }
    ~Quiet() { osg::setNotifyLevel(level); }
  } quiet;
  for (const auto& program : programs) {
    program->compileGLObjects(state);
    for (unsigned i = 0; i < program->getNumShaders(); ++i) {
      const osg::Shader* shader = program->getShader(i);
      const osg::Shader::PerContextShader* pcs = shader->getPCS(state);
      if (pcs && pcs->isCompiled()) continue;
      std::string log;
      if (pcs) pcs->getInfoLog(log);
      throw ShaderError(shader->getFileName() + ": the shader does not compile:\n" + log);
    }
    const osg::Program::PerContextProgram* pcp = program->getPCP(state);
    if (pcp && pcp->isLinked()) continue;
    std::string log, files;
    if (pcp) pcp->getInfoLog(log);
    for (unsigned i = 0; i < program->getNumShaders(); ++i)
      files += (i ? " and " : "") + program->getShader(i)->getFileName();
    throw ShaderError(files + ": the shaders do not link:\n" + log);
  }
}

}  // namespace footfall::render

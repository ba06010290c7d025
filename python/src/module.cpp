// footfall._core: the compiled half of the Python module `footfall` (docs/python.md).
#include "bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "footfall's simulation, bound over its stable C++ API (footfall/api/simulator.hpp)";
  m.attr("__version__") = FOOTFALL_VERSION;
  footfall::python::bind_errors(m);
  footfall::python::bind_simulation(m);
}

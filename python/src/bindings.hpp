#pragma once
// The parts of footfall._core, each bound in its own file.
#include <pybind11/pybind11.h>

namespace footfall::python {

// C++ errors become footfall.errors' Python exceptions (with file, line and column).
void bind_errors(pybind11::module_& m);
// footfall._core.Simulation over footfall::api::Simulator.
void bind_simulation(pybind11::module_& m);

}  // namespace footfall::python

// footfall::api errors raise the exceptions of footfall/errors.py, which are Python classes so that
// they carry file, line and column as attributes and can be caught as ValueError / KeyError.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "footfall/api/simulator.hpp"

namespace py = pybind11;

namespace footfall::python {

namespace {

void raise(const char* kind, const api::Error& e) {
  const py::object cls = py::module_::import("footfall.errors").attr(kind);
  const py::object error = cls(e.what(), e.file().empty() ? py::object(py::none()) : py::str(e.file()),
                               e.line(), e.column());
  PyErr_SetObject(cls.ptr(), error.ptr());
}

}  // namespace

void bind_errors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const api::ParameterError& e) {
      raise("ParameterError", e);
    } catch (const api::Error& e) {
      raise(e.file().empty() ? "Error" : "ScenarioError", e);
    }
  });
}

}  // namespace footfall::python

#pragma once
// Markers drawn over the scene (key m; `--markers` for headless images): the scenario's named
// locations (a cross and, for up to 64, the name), every agent's bound goals (a magenta dot
// where it is drawn to), and the measurement areas (orange outlines) and lines (red).
#include "footfall/analysis/measurement.hpp"
#include "footfall/render/overlays.hpp"

namespace footfall::render {

inline const Eigen::Vector4f kAreaColour(1.0f, 0.55f, 0.0f, 1.0f);
inline const Eigen::Vector4f kGoalColour(0.95f, 0.1f, 0.85f, 1.0f);

// Appends the markers to `out` (after the overlays of build_overlays).
void build_markers(const Simulation& sim, const MeasurementSpec& measurement, OverlayGeometry& out);

}  // namespace footfall::render

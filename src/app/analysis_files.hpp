#pragma once
// What `footfall analyze` writes (docs/analysis.md): the figures as CSV, their gnuplot PNGs, and
// the aggregates as JSON.
#include <filesystem>

#include <nlohmann/json.hpp>

#include "footfall/analysis/analysis.hpp"

namespace footfall::app {

// areas.csv, lines.csv, trips.csv, heatmap.csv, fundamental_diagram.csv in `dir`.
void write_analysis_csv(const Analysis& a, const std::filesystem::path& dir);
// density.png, speed.png, flow.png, trip_times.png, heatmap_density.png, heatmap_speed.png,
// heatmap_voronoi_density.png, heatmap_voronoi_speed.png, fundamental_diagram.png from those
// CSVs; returns the images drawn.
std::vector<std::filesystem::path> plot_analysis(const Analysis& a, const std::filesystem::path& dir);
// The aggregates: per area and line, trips, heat-map peaks.
nlohmann::ordered_json analysis_json(const Analysis& a);

}  // namespace footfall::app

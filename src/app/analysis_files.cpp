#include "analysis_files.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>

#include "footfall/core/csv.hpp"
#include "gnuplot.hpp"

namespace footfall::app {
namespace fs = std::filesystem;
namespace {

std::ofstream open(const fs::path& p) {
  std::ofstream out(p);
  if (!out) throw std::runtime_error("cannot write " + p.string());
  out.precision(6);
  return out;
}

double round6(double v) { return std::round(v * 1e6) / 1e6; }

// Shared look: the same size and font as footfall bench's plot.
const char* kHead =
    "set datafile separator ','\n"
    "set terminal pngcairo size 1000,600 font 'DejaVu Sans,11'\n"
    "set output png\n"
    "set grid\n"
    "set key outside right top\n";

std::string series_plot(const Analysis& a, const std::string& title, const std::string& ylabel,
                        const std::vector<std::pair<int, std::string>>& columns, bool lines_flow) {
  std::string s = kHead;
  s += "set title " + gnuplot_quote(title) + "\nset xlabel 'time (s)'\nset ylabel " + gnuplot_quote(ylabel) + "\n";
  s += "plot ";
  bool first = true;
  for (const AreaAnalysis& area : a.areas)
    for (const auto& [column, what] : columns) {
      s += std::string(first ? "" : ", \\\n     ") + "'areas.csv' using 2:(strcol(1) eq " + gnuplot_quote(area.name) +
           " ? $" + std::to_string(column) + " : 1/0) with linespoints pt 7 ps 0.5 title " +
           gnuplot_quote(area.name + " " + what);
      first = false;
    }
  if (lines_flow)
    for (const LineAnalysis& line : a.lines) {
      s += std::string(first ? "" : ", \\\n     ") + "'lines.csv' using 2:(strcol(1) eq " + gnuplot_quote(line.name) +
           " ? $4 / " + std::to_string(line.length) + " : 1/0) with steps title " +
           gnuplot_quote(line.name + " line flow per metre");
      first = false;
    }
  if (first) s += "[0:1] 2 notitle  # nothing measured: an empty frame";
  return s + "\n";
}

}  // namespace

void write_analysis_csv(const Analysis& a, const fs::path& dir) {
  {
    auto out = open(dir / "areas.csv");
    out << "area,time,frames,classic_density,classic_speed,voronoi_density,voronoi_speed,specific_flow\n";
    for (const AreaAnalysis& area : a.areas)
      for (const AreaSample& s : area.series)
        out << csv_field(area.name) << ',' << round6(s.time) << ',' << s.frames << ',' << round6(s.classic_density) << ','
            << round6(s.classic_speed) << ',' << round6(s.voronoi_density) << ',' << round6(s.voronoi_speed) << ','
            << round6(s.specific_flow) << '\n';
  }
  {
    auto out = open(dir / "lines.csv");
    out << "line,time,crossings,flow\n";
    for (const LineAnalysis& line : a.lines)
      for (const LineSample& s : line.series)
        out << csv_field(line.name) << ',' << round6(s.time) << ',' << s.crossings << ',' << round6(s.flow) << '\n';
  }
  {
    auto out = open(dir / "trips.csv");
    out << "pedestrian,start,end,duration\n";
    for (const Trip& t : a.trips)
      out << csv_field(t.who) << ',' << round6(t.start) << ',' << round6(t.end) << ',' << round6(t.end - t.start) << '\n';
  }
  {
    auto out = open(dir / "heatmap.csv");
    out << "x,y,density,speed,voronoi_density,voronoi_speed\n";
    const HeatMap& h = a.heat;
    const auto value = [&out](double v) {  // nobody there: no speed
      if (std::isnan(v)) out << "NaN";
      else out << round6(v);
    };
    for (int y = 0; y < h.ny; ++y) {
      for (int x = 0; x < h.nx; ++x) {
        const std::size_t c = h.index(x, y);
        out << round6(h.origin.x() + (x + 0.5) * h.cell) << ',' << round6(h.origin.y() + (y + 0.5) * h.cell) << ','
            << round6(h.density[c]) << ',';
        value(h.speed[c]);
        out << ',' << round6(h.voronoi_density[c]) << ',';
        value(h.voronoi_speed[c]);
        out << '\n';
      }
      out << '\n';  // gnuplot's scan lines
    }
  }
  {
    auto out = open(dir / "fundamental_diagram.csv");
    out << "area,time,density,speed,specific_flow\n";
    for (const AreaAnalysis& area : a.areas)
      for (const AreaSample& s : area.series)
        if (s.voronoi_density > 0)
          out << csv_field(area.name) << ',' << round6(s.time) << ',' << round6(s.voronoi_density) << ','
              << round6(s.voronoi_speed) << ',' << round6(s.specific_flow) << '\n';
  }
}

std::vector<fs::path> plot_analysis(const Analysis& a, const fs::path& dir) {
  std::vector<std::pair<fs::path, std::string>> plots;
  plots.emplace_back("density.png", series_plot(a, "density per area", "persons/m²",
                                                {{6, "Voronoi"}, {4, "classic"}}, false));
  plots.emplace_back("speed.png", series_plot(a, "speed per area", "m/s", {{7, "Voronoi"}, {5, "classic"}}, false));
  plots.emplace_back("flow.png", series_plot(a, "specific flow", "persons/(m·s)", {{8, "ρ_V·v_V"}}, true));
  {
    std::string s = kHead;
    s += "set title 'trip times (" + std::to_string(a.trips.size()) + " finished trips)'\n"
         "set xlabel 'trip time (s)'\nset ylabel 'trips'\nset style fill solid 0.6\n"
         "w = 5\nbin(t) = w * floor(t / w) + w / 2.0\n";
    s += a.trips.empty() ? "set label 'no finished trips' at graph 0.5, 0.5 center\nset yrange [0:1]\nplot [0:1] 2 notitle\n"
                         : "plot 'trips.csv' using (bin($4)):(1) smooth frequency with boxes title 'trips per 5 s'\n";
    plots.emplace_back("trip_times.png", s);
  }
  for (const auto& [name, column, label] :
       {std::tuple{"heatmap_density.png", 3, "density (persons/m², mean over the run)"},
        std::tuple{"heatmap_speed.png", 4, "speed (m/s, mean of those there)"},
        std::tuple{"heatmap_voronoi_density.png", 5, "Voronoi density (persons/m², mean over the run)"},
        std::tuple{"heatmap_voronoi_speed.png", 6, "Voronoi speed (m/s, weighted by the cells' shares)"}}) {
    std::string s = kHead;
    s += "set title " + gnuplot_quote(label) + "\nset xlabel 'x (m)'\nset ylabel 'y (m)'\nset size ratio -1\n"
         "set palette rgbformulae 33,13,10\nset datafile missing 'NaN'\nunset key\n"
         "plot 'heatmap.csv' using 1:2:" + std::to_string(column) + " with image\n";
    plots.emplace_back(name, s);
  }
  {
    // Weidmann 1993: v(ρ) = 1.34 (1 − exp(−1.913 (1/ρ − 1/5.4))), the field's usual reference.
    std::string s = kHead;
    s += "set multiplot layout 1,2 title 'fundamental diagram (Voronoi, per time bin)'\n"
         "weidmann(r) = r < 5.4 ? 1.34 * (1 - exp(-1.913 * (1.0 / r - 1.0 / 5.4))) : 0\n"
         "set key inside top right\nset xlabel 'density (persons/m²)'\nset xrange [0:6]\nset yrange [0:*]\n"
         "set samples 300\n"
         "set ylabel 'speed (m/s)'\n"
         "plot 'fundamental_diagram.csv' using 3:4 with points pt 7 ps 0.6 title 'measured', "
         "[0.05:5.4] weidmann(x) with lines lw 2 title 'Weidmann 1993'\n"
         "set ylabel 'specific flow (persons/(m·s))'\n"
         "plot 'fundamental_diagram.csv' using 3:5 with points pt 7 ps 0.6 title 'measured', "
         "[0.05:5.4] x * weidmann(x) with lines lw 2 title 'Weidmann 1993'\n"
         "unset multiplot\n";
    bool any = false;
    for (const AreaAnalysis& area : a.areas)
      for (const AreaSample& x : area.series) any = any || x.voronoi_density > 0;
    if (!any)
      s = std::string(kHead) + "set title 'fundamental diagram: nobody in any area'\nset yrange [0:1]\nplot [0:1] 2 notitle\n";
    plots.emplace_back("fundamental_diagram.png", s);
  }
  std::vector<fs::path> drawn;
  for (const auto& [png, script] : plots) {
    draw_png(dir / png, script);
    drawn.push_back(dir / png);
  }
  return drawn;
}

nlohmann::ordered_json analysis_json(const Analysis& a) {
  nlohmann::ordered_json j;
  j["first_s"] = round6(a.first_time);
  j["last_s"] = round6(a.last_time);
  nlohmann::ordered_json areas = nlohmann::ordered_json::object();
  for (const AreaAnalysis& area : a.areas) {
    const AreaSample& m = area.mean;
    areas[area.name] = {{"area_m2", round6(area.area)},
                        {"frames", m.frames},
                        {"density", round6(m.classic_density)},
                        {"speed", round6(m.classic_speed)},
                        {"voronoi_density", round6(m.voronoi_density)},
                        {"voronoi_speed", round6(m.voronoi_speed)},
                        {"specific_flow", round6(m.specific_flow)}};
  }
  j["areas"] = areas;
  nlohmann::ordered_json lines = nlohmann::ordered_json::object();
  for (const LineAnalysis& l : a.lines)
    lines[l.name] = {{"crossings", l.crossings}, {"flow", round6(l.flow)}, {"specific_flow", round6(l.specific_flow)}};
  j["lines"] = lines;
  double sum = 0, longest = 0;
  for (const Trip& t : a.trips) {
    sum += t.end - t.start;
    longest = std::max(longest, t.end - t.start);
  }
  j["trips"] = {{"finished", a.trips.size()},
                {"unfinished", a.unfinished},
                {"mean_s", round6(a.trips.empty() ? 0.0 : sum / static_cast<double>(a.trips.size()))},
                {"p50_s", round6(trip_quantile(a.trips, 0.5))},
                {"p90_s", round6(trip_quantile(a.trips, 0.9))},
                {"max_s", round6(longest)}};
  const auto peak = [](const std::vector<double>& v) {
    double most = 0;
    for (const double x : v)
      if (!std::isnan(x)) most = std::max(most, x);
    return round6(most);
  };
  j["heat_map"] = {{"cell_m", a.heat.cell},
                   {"nx", a.heat.nx},
                   {"ny", a.heat.ny},
                   {"max_density", peak(a.heat.density)},
                   {"max_speed", peak(a.heat.speed)},
                   {"max_voronoi_density", peak(a.heat.voronoi_density)},
                   {"max_voronoi_speed", peak(a.heat.voronoi_speed)}};
  std::size_t points = 0;
  for (const AreaAnalysis& area : a.areas)
    for (const AreaSample& s : area.series) points += s.voronoi_density > 0;
  j["fundamental_diagram_points"] = points;
  return j;
}

}  // namespace footfall::app

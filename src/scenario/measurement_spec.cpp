#include "measurement_spec.hpp"

#include <set>

namespace footfall {

MeasurementSpec measurement_spec(const yaml::Reader& r, const YAML::Node& n) {
  r.expect_map(n, "measurement", {"areas", "lines"});
  MeasurementSpec spec;
  std::set<std::string> names;
  const auto name_of = [&](const YAML::Node& item, const std::string& fallback) {
    const std::string name = item["name"] ? r.string(item["name"], "name") : fallback;
    if (!names.insert(name).second) r.fail(item["name"] ? item["name"] : item, "measurement '" + name + "' is defined twice");
    return name;
  };
  const auto after = [&](const YAML::Node& item) {
    return item["after"] ? r.number(item["after"], "after", 0, 1e6) : 0.0;
  };
  if (const auto areas = n["areas"]) {
    r.expect_seq(areas, "measurement.areas");
    for (const auto& a : areas) {
      r.expect_map(a, "a measurement area", {"name", "polygon", "box", "after"});
      MeasurementArea area;
      area.name = name_of(a, "area" + std::to_string(spec.areas.size()));
      if (a["polygon"] && a["box"]) r.fail(a, "a measurement area has a 'polygon' or a 'box', not both");
      if (a["polygon"]) {
        area.polygon = r.polygon(a["polygon"], "area polygon");
      } else if (const auto box = a["box"]) {  // [[x0, y0], [x1, y1]]
        if (!box.IsSequence() || box.size() != 2) r.fail(box, "a box is [[x0, y0], [x1, y1]]");
        const Vec2 lo = r.vec2(box[0], "box corner"), hi = r.vec2(box[1], "box corner");
        if (!(hi.x() > lo.x() && hi.y() > lo.y())) r.fail(box, "a box's second corner lies above and right of its first");
        area.polygon = {lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}};
      } else {
        r.fail(a, "a measurement area needs a 'polygon' or a 'box'");
      }
      area.after = after(a);
      spec.areas.push_back(std::move(area));
    }
  }
  if (const auto lines = n["lines"]) {
    r.expect_seq(lines, "measurement.lines");
    for (const auto& l : lines) {
      r.expect_map(l, "a measurement line", {"name", "from", "to", "after"});
      if (!l["from"] || !l["to"]) r.fail(l, "a measurement line needs 'from' and 'to'");
      MeasurementLine line;
      line.name = name_of(l, "line" + std::to_string(spec.lines.size()));
      line.a = r.vec2(l["from"], "from");
      line.b = r.vec2(l["to"], "to");
      if ((line.b - line.a).norm() < 1e-3) r.fail(l["to"], "a measurement line must be longer than 1 mm");
      line.after = after(l);
      spec.lines.push_back(std::move(line));
    }
  }
  return spec;
}

}  // namespace footfall

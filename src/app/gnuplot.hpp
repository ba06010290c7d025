#pragma once
// Runs a gnuplot script to draw one PNG, written beside its final name and renamed into place, so
// that a failed plot leaves no image (footfall analyze; install gnuplot-nox, tools/setup.sh does).
#include <filesystem>
#include <string>

namespace footfall::app {

// `script` is gnuplot text that reads the variable `png` (the image to write). The script is kept
// beside the image as NAME.gp, so a user can edit and redraw it. Throws std::runtime_error.
void draw_png(const std::filesystem::path& png, const std::string& script);

// gnuplot's single-quoted string: quotes doubled.
std::string gnuplot_quote(const std::string& s);

}  // namespace footfall::app

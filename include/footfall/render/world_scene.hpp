#pragma once
// The static part of the scene, built from the world: ground regions by type, obstacles as solids.
// The renderer uses OSG's z-up convention: simulation (x, y) maps to OSG (x, y, 0).
#include <osg/Node>
#include <osg/ref_ptr>

#include "footfall/world/world.hpp"

namespace footfall::render {

osg::ref_ptr<osg::Node> build_world_scene(const World& world);

}  // namespace footfall::render

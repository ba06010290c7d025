#pragma once
// The follow camera: an orbit about the selected agent (the viewer moves its centre every frame)
// whose eye never ends up inside a building. The orbit keeps the distance the user zoomed to; where
// a building stands between the agent and that eye, the eye comes forward to just in front of it.
#include <osg/Node>
#include <osg/observer_ptr>
#include <osgGA/OrbitManipulator>

namespace footfall::render {

class FollowCamera : public osgGA::OrbitManipulator {
 public:
  // `obstacles`: what the eye must stay out of (the buildings' geometry); may be null.
  explicit FollowCamera(osg::Node* obstacles) : obstacles_(obstacles) {}
  osg::Matrixd getInverseMatrix() const override;

 private:
  osg::observer_ptr<osg::Node> obstacles_;
};

}  // namespace footfall::render

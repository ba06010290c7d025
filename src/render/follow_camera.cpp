#include "follow_camera.hpp"

#include <osgUtil/IntersectionVisitor>
#include <osgUtil/LineSegmentIntersector>

namespace footfall::render {

osg::Matrixd FollowCamera::getInverseMatrix() const {
  osg::Matrixd eye_frame = getMatrix();
  osg::ref_ptr<osg::Node> obstacles;
  if (!obstacles_.lock(obstacles)) return osg::Matrixd::inverse(eye_frame);
  const osg::Vec3d centre = getCenter(), eye = eye_frame.getTrans();
  osg::ref_ptr<osgUtil::LineSegmentIntersector> walls = new osgUtil::LineSegmentIntersector(centre, eye);
  osgUtil::IntersectionVisitor visitor(walls.get());
  obstacles->accept(visitor);
  if (walls->containsIntersections()) {
    constexpr double kClearance = 0.3;  // metres in front of the wall
    const osg::Vec3d hit = walls->getFirstIntersection().getWorldIntersectPoint();
    osg::Vec3d back = centre - hit;
    const double length = back.normalize();
    eye_frame.setTrans(hit + back * std::min(kClearance, length));
  }
  return osg::Matrixd::inverse(eye_frame);
}

}  // namespace footfall::render

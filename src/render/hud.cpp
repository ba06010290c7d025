#include "hud.hpp"

#include <osg/Depth>
#include <osg/Geode>
#include <osg/LineWidth>
#include <osg/Point>
#include <osgText/Font>

#include <filesystem>

namespace footfall::render {
namespace {

const char* const kFontFiles[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};

osg::ref_ptr<osgText::Text> text_block(osgText::Font* font) {
  osg::ref_ptr<osgText::Text> t = new osgText::Text;
  t->setFont(font);
  t->setColor({1, 1, 1, 1});
  t->setDataVariance(osg::Object::DYNAMIC);
  t->setDrawMode(osgText::Text::TEXT | osgText::Text::FILLEDBOUNDINGBOX);
  t->setBoundingBoxColor({0, 0, 0, 0.55f});
  t->setBoundingBoxMargin(6);
  t->setAlignment(osgText::Text::LEFT_TOP);
  return t;
}

// Shaded geometry that draws over the scene without lighting or depth.
void overlay_state(osg::StateSet* ss) {
  ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF | osg::StateAttribute::PROTECTED);
  ss->setMode(GL_BLEND, osg::StateAttribute::ON);
  ss->setRenderBinDetails(20, "RenderBin");
}

}  // namespace

osg::ref_ptr<osgText::Font> hud_font() {
  std::error_code ec;
  for (const char* f : kFontFiles)
    if (std::filesystem::exists(f, ec))
      if (osg::ref_ptr<osgText::Font> font = osgText::readRefFontFile(f)) return font;
  return osgText::Font::getDefaultFont();
}

Hud::Hud(osg::ref_ptr<osgText::Font> font) : camera_(new osg::Camera) {
  camera_->setName("hud");
  camera_->setReferenceFrame(osg::Transform::ABSOLUTE_RF);
  camera_->setClearMask(GL_DEPTH_BUFFER_BIT);
  camera_->setRenderOrder(osg::Camera::POST_RENDER);
  camera_->setAllowEventFocus(false);
  camera_->setViewMatrix(osg::Matrix::identity());
  osg::StateSet* ss = camera_->getOrCreateStateSet();
  ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
  ss->setMode(GL_DEPTH_TEST, osg::StateAttribute::OFF);
  ss->setMode(GL_BLEND, osg::StateAttribute::ON);
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  status_ = text_block(font.get());
  inspector_ = text_block(font.get());
  help_ = text_block(font.get());
  help_->setBoundingBoxColor({0, 0, 0, 0.75f});
  geode->addDrawable(status_);
  geode->addDrawable(inspector_);
  geode->addDrawable(help_);
  camera_->addChild(geode);
}

void Hud::resize(int width, int height) {
  // Called every frame: blocks whose text changed move (the inspector hangs from its right edge).
  width_ = width, height_ = height;
  camera_->setProjectionMatrixAsOrtho2D(0, width, 0, height);
  const float size = std::max(11.0f, static_cast<float>(height) / 52.0f);
  for (osgText::Text* t : {status_.get(), inspector_.get(), help_.get()}) t->setCharacterSize(size);
  const float top = static_cast<float>(height) - 10;
  status_->setPosition({10, top, 0});
  // The inspector hangs from the right edge, or sits in the bottom-left corner where it would
  // overlap the status block (clear of the middle, where a followed agent is).
  const osg::BoundingBox bs = status_->getBoundingBox(), bi = inspector_->getBoundingBox();
  const float status_w = bs.valid() ? bs.xMax() - bs.xMin() : 0, inspector_w = bi.valid() ? bi.xMax() - bi.xMin() : 0;
  const float inspector_h = bi.valid() ? bi.yMax() - bi.yMin() : 0;
  const bool beside = status_w + inspector_w + 40 < static_cast<float>(width);
  inspector_->setPosition({beside ? static_cast<float>(width) - 10 - inspector_w : 10, beside ? top : 10 + inspector_h, 0});
  const osg::BoundingBox bh = help_->getBoundingBox();
  help_->setPosition({0.5f * (static_cast<float>(width) - (bh.xMax() - bh.xMin())),
                      0.5f * (static_cast<float>(height) + (bh.yMax() - bh.yMin())), 0});
}

void Hud::set_help(const std::string& text, bool visible) {
  // Hidden by its mask: an emptied text would leave its filled box behind.
  if (help_->getText().createUTF8EncodedString() != text) help_->setText(text);
  help_->setNodeMask(visible ? ~0u : 0u);
}

OverlayLayer::OverlayLayer(osg::ref_ptr<osgText::Font> font)
    : root_(new osg::Group), lines_(new osg::Geometry), dots_(new osg::Geometry), labels_(new osg::Geode),
      font_(std::move(font)) {
  root_->setName("overlays");
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  for (osg::Geometry* g : {lines_.get(), dots_.get()}) {
    g->setUseDisplayList(false);
    g->setUseVertexBufferObjects(true);
    g->setDataVariance(osg::Object::DYNAMIC);
    g->setVertexArray(new osg::Vec3Array);
    g->setColorArray(new osg::Vec4Array, osg::Array::BIND_PER_VERTEX);
    g->addPrimitiveSet(new osg::DrawArrays(g == lines_.get() ? GL_LINES : GL_POINTS, 0, 0));
    overlay_state(g->getOrCreateStateSet());
    geode->addDrawable(g);
  }
  lines_->getOrCreateStateSet()->setAttributeAndModes(new osg::LineWidth(2.0f));
  dots_->getOrCreateStateSet()->setAttributeAndModes(new osg::Point(5.0f));
  root_->addChild(geode);
  // Labels go over the figures but behind buildings: a label of someone out of sight misleads.
  osg::StateSet* ls = labels_->getOrCreateStateSet();
  overlay_state(ls);
  ls->setAttributeAndModes(new osg::Depth(osg::Depth::LEQUAL, 0, 1, false));
  root_->addChild(labels_);
}

void OverlayLayer::update(const OverlayGeometry& g) {
  const auto fill = [](osg::Geometry* geom, const std::vector<Eigen::Vector3f>& points,
                       const std::vector<Eigen::Vector4f>& colours) {
    auto* v = static_cast<osg::Vec3Array*>(geom->getVertexArray());
    auto* c = static_cast<osg::Vec4Array*>(geom->getColorArray());
    v->resize(points.size());
    c->resize(colours.size());
    for (std::size_t i = 0; i < points.size(); ++i) (*v)[i].set(points[i].x(), points[i].y(), points[i].z());
    for (std::size_t i = 0; i < colours.size(); ++i) (*c)[i].set(colours[i][0], colours[i][1], colours[i][2], colours[i][3]);
    v->dirty(), c->dirty();
    static_cast<osg::DrawArrays*>(geom->getPrimitiveSet(0))->setCount(static_cast<GLsizei>(points.size()));
    geom->dirtyBound();
    geom->setNodeMask(points.empty() ? 0u : ~0u);
  };
  fill(lines_.get(), g.line_points, g.line_colours);
  fill(dots_.get(), g.dots, g.dot_colours);
  // A pool of label drawables, reused frame to frame.
  while (labels_->getNumDrawables() < g.labels.size()) {
    osg::ref_ptr<osgText::Text> t = new osgText::Text;
    t->setFont(font_.get());
    t->setCharacterSizeMode(osgText::Text::SCREEN_COORDS);
    t->setCharacterSize(13);
    t->setAxisAlignment(osgText::Text::SCREEN);
    t->setAlignment(osgText::Text::CENTER_BOTTOM);
    t->setColor({1, 1, 0.6f, 1});
    t->setBackdropType(osgText::Text::DROP_SHADOW_BOTTOM_RIGHT);  // one extra pass; an outline costs eight
    t->setDataVariance(osg::Object::DYNAMIC);
    labels_->addDrawable(t);
  }
  for (unsigned i = 0; i < labels_->getNumDrawables(); ++i) {
    auto* t = static_cast<osgText::Text*>(labels_->getDrawable(i));
    if (i >= g.labels.size()) {
      t->setNodeMask(0);
      continue;
    }
    const Label& l = g.labels[i];
    t->setNodeMask(~0u);
    t->setPosition({l.position.x(), l.position.y(), l.position.z()});
    if (t->getText().createUTF8EncodedString() != l.text) t->setText(l.text);
  }
}

}  // namespace footfall::render

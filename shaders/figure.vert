// Instanced articulated figures (footfall, src/render/figures.cpp). One draw per level of detail:
// gl_InstanceID picks the figure, whose record in the texture buffer `bones` holds two texels of
// appearance, then three texels per joint: the rows of the 3×4 matrix taking a rest-pose vertex
// to the world (z up). Skinning is rigid: each vertex moves with one joint.
#version 330 compatibility

uniform samplerBuffer bones;
uniform int texelsPerInstance;
uniform int selectedInstance;   // -1: none in this draw

in vec2 jointMaterial;          // x: joint index, y: material (appearance.hpp: skin, shirt, trousers, shoes, hair)

out vec3 shade;

const int kHeaderTexels = 2;

vec3 skinTone(float t) { return mix(vec3(0.92, 0.74, 0.60), vec3(0.33, 0.21, 0.13), t); }
vec3 hairTone(float t) { return mix(vec3(0.60, 0.45, 0.25), vec3(0.04, 0.03, 0.03), t); }

void main() {
  int base = gl_InstanceID * texelsPerInstance;
  vec4 shirt = texelFetch(bones, base);      // rgb, skin tone
  vec4 trousers = texelFetch(bones, base + 1);  // rgb, hair tone
  int row = base + kHeaderTexels + 3 * int(jointMaterial.x + 0.5);
  vec4 r0 = texelFetch(bones, row), r1 = texelFetch(bones, row + 1), r2 = texelFetch(bones, row + 2);
  vec4 world = vec4(dot(r0, gl_Vertex), dot(r1, gl_Vertex), dot(r2, gl_Vertex), 1.0);
  vec3 normal = vec3(dot(r0.xyz, gl_Normal), dot(r1.xyz, gl_Normal), dot(r2.xyz, gl_Normal));

  int material = int(jointMaterial.y + 0.5);
  vec3 albedo = material == 0 ? skinTone(shirt.w)
              : material == 1 ? shirt.rgb
              : material == 2 ? trousers.rgb
              : material == 3 ? vec3(0.07, 0.06, 0.06)
              : hairTone(trousers.w);
  if (gl_InstanceID == selectedInstance) albedo = mix(albedo, vec3(1.0, 0.85, 0.1), 0.6);

  // The sun (light 0, directional, eye space) and the ambient sky, per vertex: cheap on llvmpipe.
  vec3 n = normalize(gl_NormalMatrix * normal);
  vec3 l = normalize(gl_LightSource[0].position.xyz);
  float diffuse = max(dot(n, l), 0.0);
  vec3 light = gl_LightModel.ambient.rgb + gl_LightSource[0].ambient.rgb + diffuse * gl_LightSource[0].diffuse.rgb;
  shade = albedo * light;
  gl_Position = gl_ModelViewProjectionMatrix * world;
}

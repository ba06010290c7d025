// Instanced articulated figures: the colour lit per vertex in figure.vert.
#version 330 compatibility

in vec3 shade;

void main() {
  gl_FragColor = vec4(shade, 1.0);
}

import * as THREE from 'three';
import {
  ARROW_GLYPH,
  CELL,
  FRAME_INSET,
  FRAME_LINE,
  GLYPHS,
  GLYPH_CELL,
  LINES,
  TEXT_WIDTH,
  WEIGHTS,
  type AtlasPlacement,
} from './label-atlas.ts';

/**
 * The material that prints numbers on the lids and slips: digits inked from the glyph atlas
 * (label-atlas.ts) in the fragment shader, so every box of an instanced mesh has its own label.
 */

/**
 * Text smaller than this on screen (its font size, in device pixels) is not drawn: it would be a
 * smudge. Between the two it fades in, so zooming shows the numbers smoothly.
 */
const LEGIBLE_FONT_PX = [6, 8] as const;

const float = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));

/**
 * GLSL that lays out and inks one line of digits (an arrow first, if asked) in a label cell, the
 * way a canvas's centred text would: `p` is the point in cell units (y down), `dp` its change per
 * screen pixel across and down. A point takes the ink of every glyph whose atlas cell reaches it
 * (its own and at most one either side), so ink that passes a glyph's advance is never cut off.
 * Glyph atlas coordinates get explicit gradients, so the sampling is smooth across glyph edges.
 */
const LABEL_GLSL = `
uniform sampler2D glyphAtlas;
uniform float glyphAdvance[${GLYPHS.length * WEIGHTS.length}];
uniform float glyphFont;
uniform float glyphOrigin;
varying vec2 vLabelUv;
varying vec3 vLabel;

// The ink of a glyph \`local\` ems right of its origin and \`down\` ems below the middle of the
// digits, read from its own cell alone, which holds all of its ink.
float glyphInk(float glyph, float row, float local, float down, vec2 dx, vec2 dy) {
  vec2 size = vec2(${float(GLYPHS.length * GLYPH_CELL)}, ${float(WEIGHTS.length * GLYPH_CELL)});
  vec2 inCell = vec2(glyphOrigin + local * glyphFont, ${float(GLYPH_CELL / 2)} + down * glyphFont);
  if (inCell.x < 0.0 || inCell.x > ${float(GLYPH_CELL)} || inCell.y < 0.0 || inCell.y > ${float(GLYPH_CELL)}) return 0.0;
  vec2 atlas = vec2(glyph, row) * ${float(GLYPH_CELL)} + inCell;
  vec2 uv = vec2(atlas.x / size.x, 1.0 - atlas.y / size.y);
  return textureGrad(glyphAtlas, uv, dx / size * vec2(1.0, -1.0), dy / size * vec2(1.0, -1.0)).a;
}

float lineInk(vec2 p, vec2 dpx, vec2 dpy, float value, bool arrow, float middle, float size, float row) {
  float digits = 1.0;
  float place = 1.0;
  for (int i = 0; i < 6; i++) {
    if (value + 0.5 >= place * 10.0) { digits += 1.0; place *= 10.0; }
  }
  int base = int(row) * ${GLYPHS.length};
  float width = arrow ? glyphAdvance[base + ${ARROW_GLYPH}] : 0.0;
  float rest = value;
  float unit = place;
  for (int i = 0; i < 7; i++) {
    if (float(i) >= digits) break;
    float digit = floor((rest + 0.5) / unit);
    rest -= digit * unit;
    unit /= 10.0;
    width += glyphAdvance[base + int(digit)];
  }
  float em = min(size, ${float(TEXT_WIDTH)} / width);
  // Too small on screen to be read: left out.
  float screenEm = em / max(length(dpx), length(dpy));
  float legible = smoothstep(${float(LEGIBLE_FONT_PX[0])}, ${float(LEGIBLE_FONT_PX[1])}, screenEm);
  if (legible <= 0.0) return 0.0;
  float across = (p.x - (${float(CELL / 2)} - width * em / 2.0)) / em;
  float down = (p.y - middle) / em;
  vec2 dx = dpx / em * glyphFont;
  vec2 dy = dpy / em * glyphFont;
  // How far a glyph's cell reaches left and right of its origin, in ems.
  float reachLeft = glyphOrigin / glyphFont;
  float reachRight = (${float(GLYPH_CELL)} - glyphOrigin) / glyphFont;
  float ink = 0.0;
  float start = 0.0;
  if (arrow) {
    if (across > -reachLeft && across < reachRight) ink = glyphInk(${float(ARROW_GLYPH)}, row, across, down, dx, dy);
    start += glyphAdvance[base + ${ARROW_GLYPH}];
  }
  rest = value;
  unit = place;
  for (int i = 0; i < 7; i++) {
    if (float(i) >= digits) break;
    float digit = floor((rest + 0.5) / unit);
    rest -= digit * unit;
    unit /= 10.0;
    float local = across - start;
    if (local > -reachLeft && local < reachRight) ink = max(ink, glyphInk(digit, row, local, down, dx, dy));
    start += glyphAdvance[base + int(digit)];
  }
  return legible * ink;
}

float labelCoverage() {
  vec2 p = vec2(vLabelUv.x, 1.0 - vLabelUv.y) * ${float(CELL)};
  vec2 dpx = dFdx(p);
  vec2 dpy = dFdy(p);
  float number = floor(vLabel.x + 0.5);
  float slip = floor(vLabel.y + 0.5);
  float ink = 0.0;
  if (number > 0.0 && slip > 0.0) {
    ink = max(
      lineInk(p, dpx, dpy, number, false, ${float(LINES.heading.middle)}, ${float(LINES.heading.size)}, ${float(LINES.heading.weight)}),
      lineInk(p, dpx, dpy, slip, true, ${float(LINES.slip.middle)}, ${float(LINES.slip.size)}, ${float(LINES.slip.weight)})
    );
  } else if (number > 0.0) {
    ink = lineInk(p, dpx, dpy, number, false, ${float(LINES.plain.middle)}, PLAIN_SIZE, ${float(LINES.plain.weight)});
  }
  if (vLabel.z > 0.5) {
    // The frame: a square line FRAME_LINE wide, its middle FRAME_INSET + FRAME_LINE/2 in.
    float edge = abs(max(abs(p.x - ${float(CELL / 2)}), abs(p.y - ${float(CELL / 2)})) - ${float(CELL / 2 - FRAME_INSET)});
    float blur = max(length(dpx), length(dpy));
    ink = max(ink, 1.0 - smoothstep(${float(FRAME_LINE / 2)} - blur * 0.5, ${float(FRAME_LINE / 2)} + blur * 0.5, edge));
  }
  return ink;
}
`;

/**
 * A Lambert material (cheap enough for software WebGL on phones) that prints the numbers of the
 * instance's `label` attribute (LabelValues) in `ink` over the instance colour, from the glyphs
 * drawn into `atlas` as `glyphs` says. A number shown alone is printed at `plainSize`.
 */
export function labelMaterial(
  atlas: THREE.Texture,
  glyphs: AtlasPlacement,
  ink: THREE.Color,
  { plainSize = LINES.plain.size }: { plainSize?: number } = {},
): THREE.MeshLambertMaterial {
  const material = new THREE.MeshLambertMaterial();
  // Named here too, so the texture can be uploaded before the first frame.
  material.userData.labelAtlas = atlas;
  material.onBeforeCompile = (shader) => {
    shader.uniforms.glyphAtlas = { value: atlas };
    shader.uniforms.glyphAdvance = { value: glyphs.advances };
    shader.uniforms.glyphFont = { value: glyphs.fontPx };
    shader.uniforms.glyphOrigin = { value: glyphs.originX };
    shader.uniforms.labelInk = { value: ink };
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        '#include <common>\nattribute vec3 label;\nvarying vec2 vLabelUv;\nvarying vec3 vLabel;',
      )
      .replace(
        '#include <begin_vertex>',
        `#include <begin_vertex>
        vLabelUv = uv;
        vLabel = label;`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace(
        '#include <common>',
        `#include <common>\nuniform vec3 labelInk;\n#define PLAIN_SIZE ${float(plainSize)}\n${LABEL_GLSL}`,
      )
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
        diffuseColor.rgb = mix(diffuseColor.rgb, labelInk, labelCoverage());`,
      );
  };
  material.customProgramCacheKey = () => `digit-label-${plainSize}`;
  return material;
}

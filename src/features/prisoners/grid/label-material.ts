import * as THREE from 'three';
import {
  ARROW_GLYPH,
  CELL,
  FRAME_INSET,
  FRAME_LINE,
  GLYPHS,
  GLYPH_CELL,
  GLYPH_FONT,
  GLYPH_PAD,
  LINES,
  TEXT_WIDTH,
  WEIGHTS,
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
 * screen pixel across and down. Glyph atlas coordinates get explicit gradients, so the sampling
 * is smooth across glyph edges.
 */
const LABEL_GLSL = `
uniform sampler2D glyphAtlas;
uniform float glyphAdvance[${GLYPHS.length * WEIGHTS.length}];
varying vec2 vLabelUv;
varying vec3 vLabel;

float glyphInk(float glyph, float row, float across, float down, vec2 dx, vec2 dy) {
  vec2 size = vec2(${float(GLYPHS.length * GLYPH_CELL)}, ${float(WEIGHTS.length * GLYPH_CELL)});
  vec2 atlas = vec2(
    glyph * ${float(GLYPH_CELL)} + ${float(GLYPH_PAD)} + across * ${float(GLYPH_FONT)},
    row * ${float(GLYPH_CELL)} + ${float(GLYPH_CELL / 2)} + down * ${float(GLYPH_FONT)}
  );
  if (atlas.y < row * ${float(GLYPH_CELL)} || atlas.y > (row + 1.0) * ${float(GLYPH_CELL)}) return 0.0;
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
  vec2 dx = dpx / em * ${float(GLYPH_FONT)};
  vec2 dy = dpy / em * ${float(GLYPH_FONT)};
  float start = 0.0;
  float glyph = -1.0;
  float glyphStart = 0.0;
  if (arrow) {
    float advance = glyphAdvance[base + ${ARROW_GLYPH}];
    if (across >= start && across < start + advance) { glyph = ${float(ARROW_GLYPH)}; glyphStart = start; }
    start += advance;
  }
  rest = value;
  unit = place;
  for (int i = 0; i < 7; i++) {
    if (float(i) >= digits) break;
    float digit = floor((rest + 0.5) / unit);
    rest -= digit * unit;
    unit /= 10.0;
    float advance = glyphAdvance[base + int(digit)];
    if (across >= start && across < start + advance) { glyph = digit; glyphStart = start; }
    start += advance;
  }
  if (glyph < 0.0) return 0.0;
  return legible * glyphInk(glyph, row, across - glyphStart, down, dx, dy);
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
    ink = lineInk(p, dpx, dpy, number, false, ${float(LINES.plain.middle)}, ${float(LINES.plain.size)}, ${float(LINES.plain.weight)});
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
 * instance's `label` attribute (LabelValues) in `ink` over the instance colour.
 */
export function labelMaterial(
  atlas: THREE.Texture,
  advances: readonly number[],
  ink: THREE.Color,
  parameters: THREE.MeshLambertMaterialParameters = {},
): THREE.MeshLambertMaterial {
  const material = new THREE.MeshLambertMaterial(parameters);
  // Named here too, so the texture can be uploaded before the first frame.
  material.userData.labelAtlas = atlas;
  material.onBeforeCompile = (shader) => {
    shader.uniforms.glyphAtlas = { value: atlas };
    shader.uniforms.glyphAdvance = { value: advances };
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
      .replace('#include <common>', `#include <common>\nuniform vec3 labelInk;\n${LABEL_GLSL}`)
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
        diffuseColor.rgb = mix(diffuseColor.rgb, labelInk, labelCoverage());`,
      );
  };
  material.customProgramCacheKey = () => 'digit-label';
  return material;
}

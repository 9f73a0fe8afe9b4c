import { describe, expect, it } from 'vitest';
import { classifyRenderer, describeWebgl } from './webgl-probe.ts';

describe('classifyRenderer', () => {
  it.each([
    [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'software-webgl',
    ],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', 'software-webgl'],
    [
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'software-webgl',
    ],
    ['Mesa softpipe', 'software-webgl'],
    ['ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)', 'webgl'],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', 'webgl'],
    ['Adreno (TM) 640', 'webgl'],
    ['Apple GPU', 'webgl'],
    ['WebKit WebGL', 'webgl'],
  ])('calls %s %s', (name, support) => {
    expect(classifyRenderer(name)).toBe(support);
  });
});

describe('describeWebgl', () => {
  it('says unavailable when the canvas gives no context, or throws', () => {
    expect(describeWebgl(document.createElement('canvas'))).toBe('unavailable');
    const throwing = {
      getContext(): never {
        throw new Error('GPU process crashed');
      },
    };
    expect(describeWebgl(throwing)).toBe('unavailable');
  });
});

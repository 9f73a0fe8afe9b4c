import { describe, expect, it } from 'vitest';
import { classifyRenderer, describeWebgl } from './webgl-probe.ts';

describe('classifyRenderer', () => {
  it.each([
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Mesa softpipe',
  ])('calls %s software', (name) => {
    expect(classifyRenderer(name)).toBe('software-webgl');
  });

  it.each([
    'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Adreno (TM) 640',
    'Apple GPU',
    'WebKit WebGL',
  ])('calls %s hardware', (name) => {
    expect(classifyRenderer(name)).toBe('webgl');
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

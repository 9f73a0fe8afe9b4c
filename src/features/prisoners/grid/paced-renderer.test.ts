// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFramePacer, type FenceContext } from './paced-renderer.ts';

/** A context whose fences are signalled when the test says so, and a log of its calls. */
function fakeContext() {
  const fences: WebGLSync[] = [];
  const signalled = new Set<WebGLSync>();
  const log: string[] = [];
  const idOf = (sync: WebGLSync) => fences.indexOf(sync) + 1;
  const gl = {
    SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
    SYNC_STATUS: 0x9114,
    SIGNALED: 0x9119,
    lost: false,
    isContextLost: () => gl.lost,
    fenceSync: () => {
      const sync = {} as WebGLSync;
      fences.push(sync);
      log.push(`fence ${idOf(sync)}`);
      return sync;
    },
    getSyncParameter: (sync: WebGLSync) => (signalled.has(sync) ? 0x9119 : 0x9118),
    deleteSync: (sync: WebGLSync) => log.push(`delete ${idOf(sync)}`),
    flush: () => log.push('flush'),
  };
  const signalAll = () => fences.forEach((sync) => signalled.add(sync));
  return { gl: gl as unknown as FenceContext & { lost: boolean }, log, signalAll };
}

describe('the frame pacer', () => {
  it('draws the first frame, then drops every frame until the fence of the last is signalled', () => {
    const { gl, log, signalAll } = fakeContext();
    let time = 0;
    const pacer = createFramePacer(gl, () => time);
    const heard: string[] = [];
    pacer.listen({
      dropped: () => heard.push('dropped'),
      measured: (ms) => heard.push(`${ms}`),
      continues: () => false,
    });

    expect(pacer.begin()).toBe(true);
    time = 3;
    pacer.end();
    expect(log).toEqual(['fence 1', 'flush']);
    time = 16;
    expect(pacer.begin()).toBe(false);
    time = 33;
    expect(pacer.begin()).toBe(false);
    signalAll();
    time = 50;
    // Drawn after 50 ms from its start, waited for: that is its cost.
    expect(pacer.begin()).toBe(true);
    expect(heard).toEqual(['dropped', 'dropped', '50']);
    expect(log).toEqual(['fence 1', 'flush', 'delete 1']);
  });

  it('tells nothing of a lone frame drawn by the time of the next', () => {
    const { gl, signalAll } = fakeContext();
    let time = 100;
    const pacer = createFramePacer(gl, () => time);
    const measured: number[] = [];
    pacer.listen({
      dropped: () => measured.push(-1),
      measured: (ms) => measured.push(ms),
      continues: () => false,
    });
    expect(pacer.begin()).toBe(true);
    time = 107;
    pacer.end();
    signalAll();
    time = 400;
    expect(pacer.begin()).toBe(true);
    expect(measured).toEqual([]);
  });

  it('measures a frame of an animation until the next could be drawn, however soon it was drawn', () => {
    const { gl, signalAll } = fakeContext();
    let time = 0;
    let moving = true;
    const pacer = createFramePacer(gl, () => time);
    const measured: number[] = [];
    pacer.listen({
      dropped: () => {},
      measured: (ms) => measured.push(ms),
      continues: () => moving,
    });
    expect(pacer.begin()).toBe(true);
    time = 4;
    pacer.end();
    signalAll();
    // The browser gave the next animation frame 90 ms later: that was the frame's real cost.
    time = 90;
    expect(pacer.begin()).toBe(true);
    time = 95;
    moving = false;
    pacer.end();
    signalAll();
    time = 2000;
    expect(pacer.begin()).toBe(true);
    expect(measured).toEqual([90]);
  });

  it('draws nothing on a lost context and forgets its fence when disposed', () => {
    const { gl, log } = fakeContext();
    const pacer = createFramePacer(gl, () => 0);
    expect(pacer.begin()).toBe(true);
    pacer.end();
    pacer.dispose();
    expect(log).toEqual(['fence 1', 'flush', 'delete 1']);
    expect(pacer.begin()).toBe(true);
    gl.lost = true;
    expect(pacer.begin()).toBe(false);
  });
});

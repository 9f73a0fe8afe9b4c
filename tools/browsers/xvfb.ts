import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The pixels of a screen or part of it: RGBA, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** An X display of its own for one browser: Firefox needs one for WebGL, WebKit has no headless mode. */
export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":7". */
  display: string;
  /** What the screen shows now: what a visitor would see, read from the server's framebuffer. */
  grab(): Promise<Pixels>;
  close(): Promise<void>;
}

/** Starts Xvfb on a free display number (it picks and reports one: -displayfd). */
export async function startVirtualDisplay(width = 1400, height = 1000): Promise<VirtualDisplay> {
  const folder = await mkdtemp(join(tmpdir(), 'xvfb-'));
  // -fbdir keeps the screen in a file, in XWD format, that anyone may read at any time.
  const server: ChildProcess = spawn(
    process.env.XVFB_PATH ?? 'Xvfb',
    [
      '-displayfd',
      '3',
      '-screen',
      '0',
      `${width}x${height}x24`,
      '-fbdir',
      folder,
      '-nolisten',
      'tcp',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    server.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
  });
  const file = join(folder, 'Xvfb_screen0');
  return {
    display: `:${number}`,
    grab: async () => decodeXwd(await readFile(file)),
    close: async () => {
      server.kill();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Decodes an XWD image of 24 or 32 bits per pixel in ZPixmap format, as Xvfb's framebuffer file
 * holds it: a big-endian header, the window name, a colour map, then the pixels row by row.
 */
export function decodeXwd(file: Uint8Array): Pixels {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const field = (index: number) => view.getUint32(index * 4, false);
  const headerSize = field(0);
  const [format, width, height] = [field(2), field(4), field(5)];
  const byteOrder = field(7);
  const bitsPerPixel = field(11);
  const bytesPerLine = field(12);
  const [redMask, greenMask, blueMask] = [field(14), field(15), field(16)];
  const colours = field(19);
  if (format !== 2 || (bitsPerPixel !== 32 && bitsPerPixel !== 24)) {
    throw new Error(`Unsupported XWD image: format ${format}, ${bitsPerPixel} bits per pixel.`);
  }
  const start = headerSize + colours * 12;
  const bytes = bitsPerPixel / 8;
  const shift = (mask: number) => Math.log2(mask & -mask);
  const [red, green, blue] = [redMask, greenMask, blueMask].map(shift) as [number, number, number];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = start + y * bytesPerLine + x * bytes;
      let pixel = 0;
      for (let b = 0; b < bytes; b++) {
        const byte = file[at + b]!;
        pixel |= byteOrder === 0 ? byte << (8 * b) : byte << (8 * (bytes - 1 - b));
      }
      const out = (y * width + x) * 4;
      data[out] = (pixel >>> red) & 0xff;
      data[out + 1] = (pixel >>> green) & 0xff;
      data[out + 2] = (pixel >>> blue) & 0xff;
      data[out + 3] = 255;
    }
  }
  return { width, height, data };
}

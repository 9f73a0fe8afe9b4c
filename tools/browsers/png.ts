// Decodes the PNGs that Chromium's screenshots produce (8-bit RGB or RGBA, not interlaced), in
// Node: the page under test never sees its own pixels, and every pixel check reads them one way.
// Encodes pixels grabbed without a PNG (an X display's framebuffer) for looking at.
import { deflateSync, inflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

/** A decoded image: `at` reads the colour of one pixel. */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
  at(x: number, y: number): Rgb;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes per pixel by PNG colour type: 2 is RGB, 6 is RGBA. */
const CHANNELS: Record<number, number> = { 2: 3, 6: 4 };

/** The Paeth predictor of the PNG specification (section 9.4). */
function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function decodePng(png: Uint8Array): Pixels {
  if (!SIGNATURE.every((byte, i) => png[i] === byte)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Uint8Array[] = [];
  for (let at = SIGNATURE.length; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      channels = CHANNELS[colourType!] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}`);
      }
    } else if (type === 'IDAT') {
      compressed.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  const none = new Uint8Array(stride);
  // One loop per filter, not a switch per byte: a screenshot is a million pixels and more, and
  // the browser tests decode hundreds of them.
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = rows.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : none;
    if (filter === 0) {
      row.set(source);
    } else if (filter === 1) {
      for (let x = 0; x < stride; x++) {
        row[x] = (source[x]! + (x >= channels ? row[x - channels]! : 0)) & 0xff;
      }
    } else if (filter === 2) {
      for (let x = 0; x < stride; x++) row[x] = (source[x]! + above[x]!) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? row[x - channels]! : 0;
        row[x] = (source[x]! + ((left + above[x]!) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? row[x - channels]! : 0;
        const upLeft = x >= channels ? above[x - channels]! : 0;
        row[x] = (source[x]! + paeth(left, above[x]!, upLeft)) & 0xff;
      }
    } else {
      throw new Error(`unknown PNG filter ${filter}`);
    }
  }
  let data = rows;
  if (channels === 3) {
    data = new Uint8Array(width * height * 4);
    for (let i = 0, j = 0; i < rows.length; i += 3, j += 4) {
      data[j] = rows[i]!;
      data[j + 1] = rows[i + 1]!;
      data[j + 2] = rows[i + 2]!;
      data[j + 3] = 255;
    }
  }
  return {
    width,
    height,
    data,
    at(x, y) {
      const i = (Math.round(y) * width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** CRC-32 of the PNG specification (annex D), over the chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `image`, each row unfiltered: for screenshots to look at. */
export function encodePng(image: Pixels): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rowBytes = image.width * 4;
  const raw = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    raw.set(image.data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

// @vitest-environment node
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from './png.ts';
import { withReader } from './engines/engine-page.ts';

describe('PNG', () => {
  it('encodes RGBA pixels that decode to the same colours, with the signature and a valid CRC', () => {
    const width = 3;
    const height = 2;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 256;
    const png = encodePng(withReader(width, height, data));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The header chunk: length 13, "IHDR", 3 × 2, 8 bits, colour type 6, and CRC-32 of type and data.
    expect(png.readUInt32BE(8)).toBe(13);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([3, 2, 8, 6]);
    // Python: zlib.crc32(b"IHDR" + struct.pack(">IIBBBBB", 3, 2, 8, 6, 0, 0, 0)).
    expect(png.readUInt32BE(29)).toBe(0x9d74661a);
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(decoded.at(0, 0)).toEqual([0, 37, 74]);
    expect(decoded.at(2, 1)).toEqual([(20 * 37) % 256, (21 * 37) % 256, (22 * 37) % 256]);
  });

  it('undoes each of the five row filters, for RGB and RGBA', () => {
    // The predictors as the PNG specification (section 9) writes them, applied to the image's
    // own bytes to make the filtered rows that an encoder such as Chromium's writes.
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const predictors = [
      () => 0,
      (a: number) => a,
      (_a: number, b: number) => b,
      (a: number, b: number) => Math.floor((a + b) / 2),
      paeth,
    ];
    const [width, height] = [5, 4];
    for (const [colourType, channels] of [
      [2, 3],
      [6, 4],
    ] as const) {
      const stride = width * channels;
      const image = Uint8Array.from({ length: stride * height }, (_, i) => (i * 97 + 13) % 256);
      const byte = (x: number, y: number) => (x < 0 || y < 0 ? 0 : image[y * stride + x]!);
      const filtered: number[] = [];
      for (let y = 0; y < height; y++) {
        const filter = (y + colourType) % 5;
        filtered.push(filter);
        for (let x = 0; x < stride; x++) {
          const [a, b, c] = [byte(x - channels, y), byte(x, y - 1), byte(x - channels, y - 1)];
          filtered.push((byte(x, y) - predictors[filter]!(a, b, c) + 256) % 256);
        }
      }
      const chunk = (type: string, body: Uint8Array) => {
        const head = Buffer.alloc(8);
        head.writeUInt32BE(body.length);
        head.write(type, 4, 'latin1');
        return Buffer.concat([head, body, Buffer.alloc(4)]);
      };
      const header = Buffer.alloc(13);
      header.writeUInt32BE(width);
      header.writeUInt32BE(height, 4);
      header.set([8, colourType, 0, 0, 0], 8);
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', deflateSync(Uint8Array.from(filtered))),
        chunk('IEND', new Uint8Array()),
      ]);
      const decoded = decodePng(png);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = y * stride + x * channels;
          expect(decoded.at(x, y), `type ${colourType} at ${x}, ${y}`).toEqual([
            image[at],
            image[at + 1],
            image[at + 2],
          ]);
          expect(decoded.data[(y * width + x) * 4 + 3]).toBe(channels === 4 ? image[at + 3] : 255);
        }
      }
    }
  });
});

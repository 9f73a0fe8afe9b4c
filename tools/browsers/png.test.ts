// @vitest-environment node
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
});

// Real PNGs made here for upload tests: the server checks uploads by content.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// encodePng makes an 8-bit RGB PNG of w×h pixels whose colours pixel(x, y) gives as [r, g, b].
export function encodePng(w, h, pixel) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h); // each row: filter byte 0 (none), then the pixels
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) raw.set(pixel(x, y).map(Math.round), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// makePng: a small square, indigo with an amber stripe across its middle third.
export function makePng(size = 16) {
  return encodePng(size, size, (x, y) => (y >= size / 3 && y < (2 * size) / 3 ? [245, 158, 11] : [67, 56, 202]));
}

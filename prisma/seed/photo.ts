/**
 * A demo owner's photo: a small PNG (a head-and-shoulders silhouette on grey), drawn here so the seed needs
 * no image file. Demo data only.
 */
import { deflateSync } from 'node:zlib';

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function demoOwnerPhoto(width = 90, height = 120): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1); // filter byte 0, then one grey byte per pixel
    for (let x = 0; x < width; x += 1) {
      const head = (x - width / 2) ** 2 + (y - height * 0.35) ** 2 < (width * 0.22) ** 2;
      const shoulders = y > height * 0.62 && Math.abs(x - width / 2) < width * 0.42 - (height - y) * 0.2;
      row[x + 1] = head || shoulders ? 90 : 215;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

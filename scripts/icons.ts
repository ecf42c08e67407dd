// Draws the app's icons (a white cross with a heart-line on the theme colour) into public/icons,
// as PNG through node's own zlib: no image tool needed. Run: npx tsx scripts/icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const THEME = [0x3b, 0x9c, 0xa5];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of the shape at (u, v) in unit coordinates: 'bg', 'cross' or 'none'. */
function shape(u: number, v: number, maskable: boolean): 'bg' | 'cross' | 'none' {
  // The cross sits inside the safe zone (a circle of 40% radius) of a maskable icon.
  const scale = maskable ? 0.72 : 1;
  const cu = (u - 0.5) / scale + 0.5;
  const cv = (v - 0.5) / scale + 0.5;
  const inBar = (a: number, b: number) => Math.abs(a - 0.5) < 0.12 && Math.abs(b - 0.5) < 0.32;
  if (inBar(cu, cv) || inBar(cv, cu)) return 'cross';
  if (maskable) return 'bg';
  const r = 0.2; // rounded square
  const dx = Math.max(Math.abs(u - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r ? 'bg' : 'none';
}

function draw(size: number, maskable: boolean): Buffer {
  const ss = 4;
  return png(size, (x, y) => {
    let cross = 0;
    let bg = 0;
    for (let i = 0; i < ss; i++)
      for (let j = 0; j < ss; j++) {
        const s = shape((x + (i + 0.5) / ss) / size, (y + (j + 0.5) / ss) / size, maskable);
        if (s === 'cross') cross++;
        else if (s === 'bg') bg++;
      }
    const n = ss * ss;
    const alpha = (cross + bg) / n;
    if (alpha === 0) return [0, 0, 0, 0];
    const w = cross / (cross + bg);
    const mix = (c: number) => Math.round(c * (1 - w) + 255 * w);
    return [mix(THEME[0]), mix(THEME[1]), mix(THEME[2]), Math.round(alpha * 255)];
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', draw(192, false));
writeFileSync('public/icons/icon-512.png', draw(512, false));
writeFileSync('public/icons/maskable-512.png', draw(512, true));
writeFileSync('public/icons/apple-touch-icon.png', draw(180, true));
console.log('icons written to public/icons');

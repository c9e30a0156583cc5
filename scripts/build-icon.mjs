// Draws build/icon.png (1024x1024): the console window with its side menu and a parcel, on a rounded blue
// tile. Shapes are signed-distance functions, so edges are anti-aliased without a graphics library;
// the PNG is written with node:zlib. electron-builder derives the .ico and .icns from it.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

const clamp01 = (v) => Math.min(1, Math.max(0, v));
/** Signed distance to a rounded rectangle centred at (cx, cy) with half sizes (hw, hh) and radius r. */
function roundedRect(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}
const coverage = (distance) => clamp01(0.5 - distance);
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

const TILE_TOP = hex('#2f7de1');
const TILE_BOTTOM = hex('#123f8c');
const WHITE = hex('#ffffff');
const PANEL = hex('#dce8f8');
const MENU = hex('#9cbbe6');
const PARCEL = hex('#f2a03d');
const PARCEL_DARK = hex('#c7761c');

function pixel(x, y) {
  // Layers from back to front: [distance, colour]; each is blended over the previous by its coverage.
  let rgb = [0, 0, 0];
  let alpha = 0;
  const paint = (distance, colour) => {
    const a = coverage(distance);
    if (a <= 0) return;
    rgb = mix(rgb, colour, alpha === 0 ? 1 : a);
    alpha = alpha + a * (1 - alpha);
  };
  paint(roundedRect(x, y, 512, 512, 464, 464, 200), mix(TILE_TOP, TILE_BOTTOM, y / SIZE));
  // The console window.
  paint(roundedRect(x, y, 512, 520, 330, 270, 44), WHITE);
  paint(roundedRect(x, y, 512, 300, 330, 50, 44), PANEL);
  paint(roundedRect(x, y, 512, 336, 330, 14, 0), PANEL);
  for (const [cx, r] of [
    [230, 18],
    [280, 18],
    [330, 18],
  ])
    paint(Math.hypot(x - cx, y - 300) - r, MENU);
  // Side menu with three entries.
  paint(roundedRect(x, y, 268, 570, 70, 204, 10), PANEL);
  for (const cy of [420, 490, 560]) paint(roundedRect(x, y, 268, cy, 44, 14, 7), MENU);
  // The parcel in the content area.
  paint(roundedRect(x, y, 600, 580, 150, 130, 18), PARCEL);
  paint(roundedRect(x, y, 600, 468, 150, 18, 8), PARCEL_DARK);
  paint(roundedRect(x, y, 600, 580, 22, 130, 0), PARCEL_DARK);
  paint(roundedRect(x, y, 690, 660, 40, 16, 6), WHITE);
  return [...rgb.map(Math.round), Math.round(alpha * 255)];
}

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) raw.set(pixel(x + 0.5, y + 0.5), row + 1 + x * 4);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
writeFileSync(new URL('../build/icon.png', import.meta.url), png);
console.log(`build/icon.png ${SIZE}x${SIZE}, ${png.length} bytes`);

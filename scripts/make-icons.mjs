// Renders the app icons in web/public from one SVG drawing with headless Chromium.
// Run: node scripts/make-icons.mjs   (the generated files are committed)
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const publicDir = new URL('../web/public/', import.meta.url);
const iconsDir = new URL('icons/', publicDir);

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The mark: a "Q" whose bowl holds the three dots of a conversation, on a 512-unit canvas. */
function mark(scale) {
  const offset = 256 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <g fill="none" stroke="#fff" stroke-linecap="round" stroke-width="46">
      <circle cx="248" cy="244" r="128"/>
      <path d="M300 298 L388 386"/>
    </g>
    <g fill="#fff">
      <circle cx="196" cy="236" r="19"/>
      <circle cx="248" cy="236" r="19"/>
      <circle cx="300" cy="236" r="19"/>
    </g>
  </g>`;
}

/** A rounded tile for "any" icons; a full-bleed square for maskable and Apple icons. */
function iconSvg({ rounded, scale }) {
  const radius = rounded ? 116 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${radius}" fill="#4a5ce0"/>
  ${mark(scale)}
</svg>`;
}

/** An .ico file that holds one PNG image (valid since Windows Vista and in every browser). */
function pngToIco(png, size) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0);
  entry.writeUInt8(size >= 256 ? 0 : size, 1);
  entry.writeUInt8(0, 2);
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

const outputs = [
  { file: 'icons/icon-192.png', size: 192, svg: iconSvg({ rounded: true, scale: 0.82 }) },
  { file: 'icons/icon-512.png', size: 512, svg: iconSvg({ rounded: true, scale: 0.82 }) },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: iconSvg({ rounded: false, scale: 0.62 }) },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: iconSvg({ rounded: false, scale: 0.72 }) },
  { file: 'favicon.ico', size: 32, svg: iconSvg({ rounded: true, scale: 0.9 }), ico: true },
  // The default icon of notifications and pushes, at the address clients of the reference expect.
  { file: 'favicon.png', size: 192, svg: iconSvg({ rounded: true, scale: 0.82 }) },
];

await mkdir(iconsDir, { recursive: true });
await writeFile(new URL('favicon.svg', publicDir), iconSvg({ rounded: true, scale: 0.9 }) + '\n');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const output of outputs) {
    await page.setViewportSize({ width: output.size, height: output.size });
    const html = `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${output.size}px;height:${output.size}px}</style>${output.svg}`;
    await page.setContent(html);
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(new URL(output.file, publicDir), output.ico ? pngToIco(png, output.size) : png);
    console.log(`wrote web/public/${output.file}`);
  }
} finally {
  await browser.close();
}

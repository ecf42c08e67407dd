// Measures what the browser downloads per route from dist/ (through Vite's build manifest): the
// entry, its static imports, and the route's lazy screen with its static imports, gzipped and
// brotli. Run: npm run size (after npm run build).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROUTE, type RouteName } from '../common/routes.ts';
import { setFileScope } from '@vanilla-extract/css/fileScope';

// The screens table imports the public screens statically, and with them their styles, which
// outside a build need a file scope to belong to.
setFileScope('scripts/size.ts');
const { SCREENS } = await import('../src/screens.ts');

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestEntry>;

export interface RouteSize {
  path: string;
  files: string[];
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
}

const DIST = 'dist';
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const br = (buf: Buffer) => brotliCompressSync(buf).length;

export function readManifest(dist = DIST): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The module a lazily loaded screen comes from (the manifest's key), or null for a screen the shell imports statically. */
export function screenModule(load: () => unknown): string | null {
  const m = /import\(["'`]\.\/(.+?)["'`]\)/.exec(load.toString());
  return m ? `src/${m[1]}` : null;
}

function closure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, into);
}

export function measureRoutes(dist = DIST): RouteSize[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the manifest');
  return (Object.keys(ROUTE) as RouteName[]).map((name) => {
    const route = ROUTE[name];
    const keys = new Set<string>();
    closure(manifest, entry, keys);
    const screen = screenModule(SCREENS[name]);
    // The public screens are imported statically and built into the shell chunk: no chunk of their own.
    if (screen) {
      if (!manifest[screen]) throw new Error(`${route.path}: ${screen} is not a chunk of the build`);
      closure(manifest, screen, keys);
    }
    const files = [...keys].map((k) => manifest[k].file);
    const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
    const js = files.map((f) => readFileSync(join(dist, f)));
    return {
      path: route.path,
      files,
      jsGzip: js.reduce((n, b) => n + gz(b), 0),
      jsBrotli: js.reduce((n, b) => n + br(b), 0),
      cssGzip: css.reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0),
    };
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

export function allCss(dist = DIST): { raw: number; gzip: number } {
  const files = walk(join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  const bufs = files.map((f) => readFileSync(f));
  return { raw: bufs.reduce((n, b) => n + b.length, 0), gzip: gz(Buffer.concat(bufs)) };
}

/** Everything the service worker precaches: the URLs injected into sw.js, with their sizes. */
export function precache(dist = DIST): { urls: string[]; bytes: number } {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  const bytes = urls.reduce((n, u) => n + (existsSync(join(dist, u)) ? statSync(join(dist, u)).size : 0), 0);
  return { urls, bytes };
}

/** The login page as the first round trip carries it: its HTML and the CSS it links, gzipped. */
export function loginFirstBytes(dist = DIST): number {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => readFileSync(join(dist, m[1]), 'utf8'));
  return gz(Buffer.from(html + css.join('')));
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureRoutes();
  console.log('| route | JS gzip | JS brotli | CSS gzip | files |\n|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.path} | ${kb(r.jsGzip)} | ${kb(r.jsBrotli)} | ${kb(r.cssGzip)} | ${r.files.length} |`);
  const css = allCss();
  const pc = precache();
  console.log(
    `\nall CSS: ${kb(css.raw)} raw, ${kb(css.gzip)} gzip; precache: ${pc.urls.length} files, ${kb(pc.bytes)}; login first bytes: ${kb(loginFirstBytes())}`,
  );
  console.log(`(measured from ${relative(process.cwd(), DIST)}/)`);
}

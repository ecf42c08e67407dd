// Code the app loads only when it is used, checked in the built app (dist/, or DIST_DIR): the
// WebAuthn library (@simplewebauthn/browser) is in no route's initial load, the login page's
// included, and comes with the passkey ceremony's chunk, fetched on the tap that starts one.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureRoutes, readManifest } from '../../scripts/size.ts';

const dist = process.env.DIST_DIR ?? 'dist';
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

/** The library's own error codes (string literals a minifier keeps), read from its sources. */
function libraryMarkers(): string[] {
  const root = 'node_modules/@simplewebauthn/browser/esm';
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  const codes = files.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/'(ERROR_[A-Z_]+)'/g)].map((m) => m[1]));
  return [...new Set(codes)];
}

const markers = libraryMarkers();
const holdsLibrary = (file: string) => markers.some((m) => read(file).includes(m));

test('the markers are read from @simplewebauthn/browser, and the app itself names none of them', () => {
  assert.ok(markers.length >= 5, markers.join(' '));
  const src = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  for (const f of src) for (const m of markers) assert.not.ok(readFileSync(join('src', f), 'utf8').includes(m), `src/${f} names ${m}`);
});

test('@simplewebauthn/browser is built, into a chunk only a dynamic import reaches, and is in no route initial load', () => {
  const js = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const library = js.filter(holdsLibrary);
  assert.ok(library.length >= 1, 'a chunk holds the WebAuthn library');

  const routes = measureRoutes(dist);
  for (const r of routes) {
    for (const f of r.files) assert.not.ok(holdsLibrary(f), `${r.path} loads ${f} at once, which holds the WebAuthn library`);
  }

  // Loaded when used: the build can reach each of its chunks from the entry, and (above) not at
  // once, so only through a dynamic import.
  const manifest = readManifest(dist) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  assert.ok(entry, 'the build manifest has the app entry');
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key)) return;
    reached.add(key);
    for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) visit(next);
  };
  visit(entry!);
  const reachedFiles = new Set([...reached].map((k) => manifest[k].file));
  for (const f of library) assert.ok(reachedFiles.has(f), `${f} is loaded by the app`);
});

test.run();

// The route facts have one home, common/routes.ts: these tests fail when a route is added without
// its screen (or a screen without its route), or when a path is written out somewhere else.
import '../support/dom.ts';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROUTE, ROUTES, prerenderedFile, prerenderedPageFor } from '../../common/routes.ts';
import { SCREENS } from '../../src/screens.ts';

test('every route has a screen, and every screen a route', () => {
  assert.equal(Object.keys(SCREENS).sort(), Object.keys(ROUTE).sort());
});

test("a screen takes its route's parameters, as the route's path names them", async () => {
  const fits: (typeof SCREENS)['labDetail'] = () => Promise.resolve({ default: (p: { params: { nolab: string } }) => p.params.nolab });
  // @ts-expect-error: the compiler refuses a screen whose parameters are not its route's
  const wrong: (typeof SCREENS)['labDetail'] = () => Promise.resolve({ default: (p: { params: { noreg: string } }) => p.params.noreg });
  assert.ok((await fits()).default);
  assert.ok((await wrong()).default);
});

test('a prerendered path is answered by its own page, whatever its case; other paths by none', () => {
  assert.is(prerenderedFile('/'), 'index.html');
  assert.is(prerenderedPageFor('/registrasi'), 'registrasi/index.html');
  assert.is(prerenderedPageFor('/Registrasi/'), 'registrasi/index.html');
  assert.is(prerenderedPageFor('/'), null);
  assert.is(prerenderedPageFor('/home'), null);
  assert.is(prerenderedPageFor('/tidak/ada'), null);
});

/** Files that may spell a route's path: its home (the screens table is keyed by names), and tests. */
const HOMES = new Set(['common/routes.ts']);

export function pathsWrittenOut(files: Record<string, string>): string[] {
  const statics = ROUTES.map((r) => r.path.split('/:')[0]).filter((p) => p !== '/');
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (HOMES.has(file)) continue;
    for (const p of statics) {
      const literal = new RegExp(`['"\`]${p.replace(/[/]/g, '\\/')}(?:/[^'"\`]*)?['"\`]`, 'i');
      if (literal.test(source)) found.push(`${file}: ${p}`);
    }
  }
  return found;
}

test('no file outside common/routes.ts writes a route path out', () => {
  const list = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'server', 'scripts', 'common', 'vite.config.ts', 'prerender.ts'])
    .toString()
    .split('\n');
  const files = Object.fromEntries(list.filter((f) => /\.tsx?$/.test(f) && existsSync(f)).map((f) => [f, readFileSync(f, 'utf8')]));
  assert.equal(pathsWrittenOut(files), []);
});

test('the check does find a path written out', () => {
  assert.equal(pathsWrittenOut({ 'src/x.ts': "navigate('/registrasi')", 'server/y.ts': 'const u = "/riwayatpemeriksaan/vaskular";' }), [
    'src/x.ts: /registrasi',
    'server/y.ts: /riwayatpemeriksaan',
    'server/y.ts: /riwayatpemeriksaan/vaskular',
  ]);
});

test.run();

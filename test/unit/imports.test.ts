import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cruiseImports, judgedFiles } from '../../scripts/imports.ts';

const ROOT = resolve(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '../..');

/** A repository of the given files, with this one's rules and packages. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'imports-fixture-'));
  for (const folder of ['src', 'server', 'common', 'scripts']) mkdirSync(join(root, folder));
  writeFileSync(join(root, 'prerender.ts'), "import './src/main.ts';\n");
  writeFileSync(join(root, 'src/main.ts'), 'export {};\n');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

const broken = ({ runs, declared }: Awaited<ReturnType<typeof cruiseImports>>) =>
  [...runs.summary.violations, ...declared.summary.violations].map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

test('the rules judge every file of src/, server/, common/ and scripts/, and prerender.ts, not only what prerender.ts reaches', async () => {
  const files = judgedFiles();
  assert.ok(files.length > 300, `${files.length} files`);
  for (const file of ['server/server.ts', 'server/routes/booking.ts', 'common/booking.ts', 'src/main.tsx', 'scripts/test-all.ts', 'prerender.ts']) {
    assert.ok(files.includes(file), file);
  }
  const cruised = new Set((await cruiseImports()).runs.modules.map((m) => m.source));
  assert.equal(
    files.filter((file) => !cruised.has(file)),
    [],
  );
});

test('a circle of imports fails, through a type-only import too; a type-only import reaches no package the app would ship', async () => {
  const root = fixture({
    'server/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'server/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    'common/c.ts': "import type { D } from './d.ts';\nexport const c = (d: D) => d.n;\n",
    'common/d.ts': "import { c } from './c.ts';\nexport interface D { n: number }\nexport const d = c;\n",
    'common/s.ts': "import { Type, type Static } from 'typebox';\nexport const S = Type.String();\nexport type S = Static<typeof S>;\n",
    'src/form.ts': "import type { S } from '../common/s.ts';\nexport const form = (s: S) => s.trim();\n",
  });
  try {
    const found = broken(await cruiseImports(root));
    assert.ok(
      found.some((v) => v.startsWith('no-circular: server/')),
      found.join('\n'),
    );
    assert.ok(
      found.some((v) => v.startsWith('no-circular: common/')),
      found.join('\n'),
    );
    for (const violation of found) assert.match(violation, /^no-circular: (server\/[ab]\.ts → server\/[ab]|common\/[cd]\.ts → common\/[cd])\.ts$/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('imports are found past TypeScript, JSX, class fields and top-level await, and judged: common/ reaching Node or the app fails', async () => {
  const root = fixture({
    'common/clock.ts': [
      'export class Clock {',
      '  #now: () => number = Date.now;',
      '  static zone = 7;',
      '  at(this: Clock, offset: number): number { return this.#now() + offset; }',
      '}',
      "const { readFileSync } = await import('node:fs');",
      'export const read = (p: string) => readFileSync(p, "utf8") as string;',
      '',
    ].join('\n'),
    'common/view.tsx': "import { Clock } from './clock.ts';\nexport const View = ({ c }: { c: Clock }) => <p>{c.at(0)}</p>;\n",
    'common/uses-app.ts': "export { View } from './view.tsx';\nexport { main } from '../src/app.ts';\n",
    'src/app.ts': 'export const main = 1;\n',
  });
  try {
    assert.equal(broken(await cruiseImports(root)), ['common-is-shared-and-pure: common/uses-app.ts → src/app.ts', 'common-no-node: common/clock.ts → fs']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();

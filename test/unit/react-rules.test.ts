import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PREACT_SIDE, checkReactRules, checkSource } from '../../scripts/react-rules.ts';

const lines = (file: string, code: string) => checkSource(file, code).map((v) => v.line);

test('src/ imports no Preact package outside the listed files and uses React JSX only', () => {
  assert.equal(checkReactRules(), []);
});

test('every file allowed Preact imports says why', () => {
  for (const [file, { imports, why }] of Object.entries(PREACT_SIDE)) assert.ok(imports.length && why.length > 20, file);
});

test('an import from preact or preact/hooks in a component is caught', () => {
  const code = "import { useState } from 'preact/hooks';\nimport type { ComponentChildren } from 'preact';\nimport { memo } from 'preact/compat';\n";
  assert.equal(lines('src/ui/X.tsx', code), [1, 2, 3]);
});

test('router, signals and re-exports of Preact are caught outside the list', () => {
  const code =
    "import { useLocation } from 'preact-iso';\nimport { signal } from '@preact/signals';\nexport { h } from 'preact';\nconst m = () => import('preact/hooks');\n";
  assert.equal(lines('src/screens/x/x.tsx', code), [1, 2, 3, 4]);
});

test('the listed files may import what the list allows them, and nothing more', () => {
  assert.equal(lines('src/main.tsx', "import { render } from 'preact';\nimport { hydrate } from 'preact-iso';\n"), []);
  assert.equal(lines('src/notice/toasts.ts', "import { signal } from '@preact/signals';\nimport { useState } from 'preact/hooks';\n"), [2]);
});

test("imports from 'react' are fine", () => {
  assert.equal(lines('src/ui/X.tsx', "import { useState, type ReactNode } from 'react';\nimport { createPortal } from 'react-dom';\n"), []);
});

test('class, for and onInput on elements are caught, with the React name', () => {
  const code = ['export const A = () => (', '  <label class="x" for="y">', '    <input onInput={() => undefined} />', '  </label>', ');'].join('\n');
  const found = checkSource('src/ui/A.tsx', code);
  assert.equal(
    found.map((v) => v.line),
    [2, 2, 3],
  );
  assert.match(found[0].message, /className/);
  assert.match(found[1].message, /htmlFor/);
  assert.match(found[2].message, /onChange/);
});

test("React's names on elements and any prop name on components pass", () => {
  const code = [
    'const Field = (p: { onInput: () => void; for: string }) => null;',
    'export const A = () => (',
    '  <label className="x" htmlFor="y" tabIndex={-1}>',
    '    <input onChange={() => undefined} readOnly />',
    '    <Field onInput={() => undefined} for="z" />',
    '  </label>',
    ');',
  ].join('\n');
  assert.equal(checkSource('src/ui/A.tsx', code), []);
});

test.run();

// The modules of the app shell: what the entry and the public screens (login, registration)
// import statically, following relative imports through src/. The build puts them, with the
// libraries they use, in one chunk: a first visit downloads two or three files instead of
// fifteen, and one larger file compresses better than many small ones.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

// `import … from './x'`, `export … from './x'`, `import './x'`; not `import type`, which emits nothing.
const STATIC_IMPORT = /^\s*(?:import(?!\s+type\b)[^'";]*?from\s*|export\s[^'";]*?from\s*|import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

export function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((e) => resolve(e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) queue.push(resolve(dirname(file), spec));
  }
  return seen;
}

export function shellModules(root: string): Set<string> {
  const entry = resolve(root, 'src/main.tsx');
  const shell = staticClosure([entry, ...['src/screens/login/login.tsx', 'src/screens/register/register.tsx'].map((f) => resolve(root, f))]);
  // The entry stays its own tiny chunk: it starts the app in the browser, and the build-time
  // prerender, which loads the shell in Node, must not run it.
  shell.delete(entry);
  return shell;
}

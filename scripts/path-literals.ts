// The count of path literals in server/ (`npx tsx scripts/path-literals.ts`; test/unit/path-literals
// holds it at 0): every path the server answers or calls is named once, in common/paths.ts (the
// patient API, which the hospital's own API speaks too) or common/server-paths.ts (the internal
// calls, Mobile JKN's web service, the server's own), so a route and its caller cannot drift apart.
//
// What it counts, in each .ts file under server/: every string literal, JSX text and template
// literal's first piece that starts with '/' and a letter or '*' (a route or a path a connector
// calls: '/api/…', '/foto-dokter/:file', '/sw.js', '/*'), and every literal or template piece that
// holds '/api/' or '/foto-dokter/' anywhere (a path inside a longer text, an address after a base
// URL: `${base}/api/…`). Not counted: comments (the files are parsed with Vite's parser, not
// searched), '/' alone (a separator), and a template's later pieces with other systems' paths
// (BPJS's `…/tanggal/${d}`, FCM's `${endpoint}/v1/projects/…`): those are theirs, written where
// they are called. Tests are not held to it: a test states what a caller sends.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A text that is a path ('/' and a letter or '*'), or carries one of ours ('/api/', '/foto-dokter/'). */
const isPath = (text: string) => /^\/[A-Za-z*]/.test(text);
const carriesPath = (text: string) => /\/(api|foto-dokter)\//.test(text);

export interface PathLiteral {
  file: string;
  text: string;
}

const cooked = (quasi: { value: { cooked?: string | null; raw: string } }) => quasi.value.cooked ?? quasi.value.raw;

/** The path literals of one file's source. */
export function pathLiteralsIn(source: string, file: string): PathLiteral[] {
  const found: PathLiteral[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; value?: unknown; quasis?: { value: { cooked?: string | null; raw: string } }[] };
    if ((n.type === 'Literal' && typeof n.value === 'string') || n.type === 'JSXText') {
      const text = String(n.value).trim();
      if (isPath(text) || carriesPath(text)) found.push({ file, text });
    }
    // A template's first piece is judged as a literal is; a piece after a ${…} is the rest of an
    // address someone else's API defines (`${base}/v1/projects/…`), counted only when it carries ours.
    for (const [i, quasi] of (n.quasis ?? []).entries()) {
      const text = cooked(quasi);
      if ((i === 0 && isPath(text)) || carriesPath(text)) found.push({ file, text });
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent' && key !== 'quasis') visit(child);
  };
  visit(parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }));
  return found;
}

/** Every path literal under server/. */
export function serverPathLiterals(root = ROOT): PathLiteral[] {
  return readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .sort()
    .flatMap((name) => {
      const file = `server/${name.replaceAll('\\', '/')}`;
      return pathLiteralsIn(readFileSync(join(root, file), 'utf8'), file);
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = serverPathLiterals();
  for (const { file, text } of found) process.stdout.write(`${file}: ${JSON.stringify(text)}\n`);
  process.stdout.write(`${found.length} path literal(s) in server/ outside common/paths.ts and common/server-paths.ts\n`);
  process.exitCode = found.length > 0 ? 1 : 0;
}

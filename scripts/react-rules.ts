// Components are React code (docs/architecture.md: Written in React, built with Preact): hooks and types from 'react', React's JSX. The build
// still runs them on Preact, and a few files need Preact itself; this finds what slips back
// elsewhere. Run: npx tsx scripts/react-rules.ts
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Visitor, parseSync, type ESTree } from 'vite';

/** The only files that may import Preact-side packages, what each may import, and why. */
export const PREACT_SIDE: Record<string, { imports: string[]; why: string }> = {
  'src/main.tsx': {
    imports: ['preact', 'preact-iso'],
    why: "starts the app: preact-iso's hydrate() for a prerendered page (it reads the isodata marker), Preact's render() for any other",
  },
  'src/app.tsx': {
    imports: ['preact-iso'],
    why: 'the router: LocationProvider, Router, lazy, ErrorBoundary, and useLocation, whose navigate function it hands to the screens and the top bar',
  },
  'src/session/session.ts': {
    imports: ['@preact/signals'],
    why: 'the session store: signals re-render every component that reads them, with no hook (stack notes: @preact/signals, not signals-react)',
  },
  'src/notice/toasts.ts': { imports: ['@preact/signals'], why: 'the toast store, signals for the same reason' },
  'src/pwa/install.ts': {
    imports: ['@preact/signals'],
    why: 'the install offer: a signal set by a listener that main.tsx starts before any component mounts',
  },
  'src/data/reads.ts': {
    imports: ['@preact/signals'],
    why: "an effect over the session's signals: the data layer's cache follows whose answers it may keep",
  },
  'src/data/visit.ts': {
    imports: ['@preact/signals'],
    why: 'an effect over the session: the live queue stops on logout and follows another family profile made active',
  },
  'prerender.ts': {
    imports: ['preact', 'preact-iso'],
    why: "build-time prerender of the public shells: Preact's h() and preact-iso's prerender(); never shipped",
  },
};

/** Preact's own packages, as opposed to 'react', which the build aliases to preact/compat. */
const PREACT_PACKAGE = /^(?:preact(?:-iso|-render-to-string)?|@preact\/[^/]+)(?=\/|$)/;

/** JSX attribute names that React does not know on an element, and what React calls them. */
const PREACT_ATTRIBUTES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  // React's onChange fires on every keystroke; compat binds it to the input event.
  onInput: 'onChange',
};

export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** Violations in one file's source; `file` is relative to the repository root. */
export function checkSource(file: string, code: string): Violation[] {
  const found: Violation[] = [];
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  const allowed = PREACT_SIDE[file]?.imports ?? [];
  const onImport = (source: ESTree.Node | null | undefined) => {
    if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
    const pkg = PREACT_PACKAGE.exec(source.value)?.[0];
    if (pkg && !allowed.includes(pkg)) {
      found.push({
        file,
        line: lineOf(source.start),
        message: `imports '${source.value}': components use 'react' (only the files in PREACT_SIDE may import Preact packages)`,
      });
    }
  };
  const { program, errors } = parseSync(file, code);
  if (errors.length) return [{ file, line: 1, message: `cannot be parsed: ${errors[0].message}` }];
  new Visitor({
    ImportDeclaration: (n) => onImport(n.source),
    ExportNamedDeclaration: (n) => onImport(n.source),
    ExportAllDeclaration: (n) => onImport(n.source),
    ImportExpression: (n) => onImport(n.source),
    JSXOpeningElement(n) {
      // Only elements (lowercase tags): a component may well take a prop named onInput.
      if (!file.endsWith('.tsx') || n.name.type !== 'JSXIdentifier' || !/^[a-z]/.test(n.name.name)) return;
      for (const a of n.attributes) {
        if (a.type !== 'JSXAttribute' || a.name.type !== 'JSXIdentifier' || !Object.hasOwn(PREACT_ATTRIBUTES, a.name.name)) continue;
        found.push({ file, line: lineOf(a.start), message: `<${n.name.name} ${a.name.name}=…>: React's name is ${PREACT_ATTRIBUTES[a.name.name]}` });
      }
    },
  }).visit(program);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** Every violation in src/ (and prerender.ts, the one Preact-side file outside it). */
export function checkReactRules(root = process.cwd()): Violation[] {
  const files = [...sources(join(root, 'src')), join(root, 'prerender.ts')];
  return files.flatMap((f) => checkSource(relative(root, f).split('\\').join('/'), readFileSync(f, 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = checkReactRules();
  for (const v of violations) console.log(`${v.file}:${v.line}  ${v.message}`);
  console.log(violations.length ? `${violations.length} violation(s)` : 'src/ follows the React rules');
  process.exitCode = violations.length ? 1 : 0;
}

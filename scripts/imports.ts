// The import rules of .dependency-cruiser.cjs over every file of src/, server/, common/, scripts/
// and prerender.ts (`npm run lint`). dependency-cruiser 17 parses TypeScript only through
// TypeScript's JavaScript API (2 to 6), which TypeScript 7 no longer has: left to itself it
// follows only what it reads from prerender.ts and reads the rest as loose JavaScript. So each
// file is first made the JavaScript it runs as (Vite's Oxc transform: types and type-only imports
// gone, as in the build), written under the same name into a scratch folder beside a link to
// node_modules, and dependency-cruiser judges those files with the rules as they stand. The
// circle rule judges them once more with the type-only imports added back: a circle is one
// whatever its imports carry (docs/decisions.md, Import rules over every file).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ICruiseOptions, type ICruiseResult, cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { parseAst, transformWithOxc } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'server', 'common', 'scripts'];
const HELPERS = /^import \w+ from "@oxc-project\/runtime\/helpers\/\w+";\n/gm;

/** Every TypeScript file the rules judge, relative to the repository, in a stable order. */
export function judgedFiles(root = ROOT): string[] {
  const files = ['prerender.ts'];
  for (const folder of FOLDERS) {
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(`${folder}/${name.replaceAll('\\', '/')}`);
    }
  }
  return files.sort();
}

type Cruise = ICruiseResult & { output: string };

/**
 * Cruises every judged file with the repository's rules, twice: `runs` with each file as the
 * JavaScript it runs as (every rule), `declared` with its type-only imports added back (the
 * circle rule alone: a circle is one whatever its imports carry). `errors` counts both.
 */
export async function cruiseImports(root = ROOT): Promise<{ runs: Cruise; declared: Cruise; errors: number; output: string }> {
  const files = judgedFiles(root);
  const scratch = mkdtempSync(join(tmpdir(), 'imports-'));
  try {
    const runsDir = join(scratch, 'runs');
    const declaredDir = join(scratch, 'declared');
    await Promise.all(
      files.map(async (file) => {
        const source = readFileSync(join(root, file), 'utf8');
        const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
        const { code } = await transformWithOxc(source, join(root, file), {
          lang,
          // acorn, which dependency-cruiser reads JavaScript with, knows ES2020: class fields are
          // lowered (their helpers, which the source does not import, dropped again below).
          target: 'es2019',
        });
        const runs = code.replace(HELPERS, '');
        const declared = parseAst(source, { lang })
          .body.flatMap((node) => ('source' in node && node.source ? [`import ${JSON.stringify(node.source.value)};\n`] : []))
          .join('');
        write(join(runsDir, file), runs);
        write(join(declaredDir, file), `${runs}\n${declared}`);
      }),
    );
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
    // The tsconfig's paths only alias packages (react → preact/compat), which the rules do not follow.
    delete options.tsConfig;
    // The circle rule and the floors' rules (layer-*) judge what a file declares, types included.
    const declaredRules = (options.ruleSet?.forbidden ?? []).filter((rule) => rule.name === 'no-circular' || rule.name?.startsWith('layer-'));
    const declaredRuleSet = { ...options.ruleSet, forbidden: declaredRules };
    const runs = await cruiseIn(root, runsDir, files, options);
    const declared = await cruiseIn(root, declaredDir, files, { ...options, ruleSet: declaredRuleSet });
    const output = `${runs.output}${declared.summary.error > 0 ? `\nWith type-only imports:${declared.output}` : ''}`;
    return { runs, declared, errors: runs.summary.error + declared.summary.error, output };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function cruiseIn(root: string, dir: string, files: string[], options: ICruiseOptions): Promise<Cruise> {
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), readFileSync(join(root, 'package.json')));
  const cruised = (await cruise(files, { ...options, baseDir: dir, preserveSymlinks: true })).output as ICruiseResult;
  return { ...cruised, output: String((await format(cruised, { outputType: 'err' })).output) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await cruiseImports();
  process.stdout.write(result.output);
  process.exitCode = result.errors > 0 ? 1 : 0;
}

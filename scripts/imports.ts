// The import rules of .dependency-cruiser.cjs over every file of src/, server/, common/, scripts/
// and prerender.ts (`npm run lint`). dependency-cruiser 17 parses TypeScript only through
// TypeScript's JavaScript API (2 to 6), which TypeScript 7 no longer has: left to itself it
// follows only what it reads from prerender.ts and reads the rest as loose JavaScript. So each
// file is first made the JavaScript it runs as (Vite's Oxc transform: types and type-only imports
// gone, as in the build), written under the same name into a scratch folder beside a link to
// node_modules, and dependency-cruiser judges those files with the rules as they stand
// (docs/decisions.md, Import rules over every file).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ICruiseResult, cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { transformWithOxc } from 'vite';

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

/** Cruises every judged file with the repository's rules; `output` is the text report. */
export async function cruiseImports(root = ROOT): Promise<ICruiseResult & { output: string }> {
  const files = judgedFiles(root);
  const scratch = mkdtempSync(join(tmpdir(), 'imports-'));
  try {
    await Promise.all(
      files.map(async (file) => {
        const source = readFileSync(join(root, file), 'utf8');
        const { code } = await transformWithOxc(source, join(root, file), {
          lang: file.endsWith('.tsx') ? 'tsx' : 'ts',
          // acorn, which dependency-cruiser reads JavaScript with, knows ES2020: class fields are
          // lowered (their helpers, which the source does not import, dropped again below).
          target: 'es2019',
        });
        mkdirSync(dirname(join(scratch, file)), { recursive: true });
        writeFileSync(join(scratch, file), code.replace(HELPERS, ''));
      }),
    );
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    writeFileSync(join(scratch, 'package.json'), readFileSync(join(root, 'package.json')));
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
    // The tsconfig's paths only alias packages (react → preact/compat), which the rules do not follow.
    delete options.tsConfig;
    const cruised = (await cruise(files, { ...options, baseDir: scratch, preserveSymlinks: true })).output as ICruiseResult;
    const report = await format(cruised, { outputType: 'err' });
    return { ...cruised, output: String(report.output) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await cruiseImports();
  process.stdout.write(result.output);
  process.exitCode = result.summary.error > 0 ? 1 : 0;
}

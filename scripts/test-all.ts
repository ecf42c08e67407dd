// `npm test`: every suite in order, each counted, one closing line `N passed, N failed`.
// Suites: typecheck, build, unit and component tests, server tests on PGlite and on a real
// PostgreSQL, build checks (size budgets, prerendered HTML), end-to-end tests in Chromium, and
// Lighthouse. Exits non-zero if anything failed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumBuild, lighthouseChromium } from '../test/support/browser.ts';
import { postgresBinaries, postgresVersion, startCluster, type Cluster } from '../test/support/pg-cluster.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped?: number;
}

// tsx compiles every file (tests import src/ across tsconfig boundaries) with the shared options.
process.env.TSX_TSCONFIG_PATH ??= 'tsconfig.runtime.json';

const only = process.argv.slice(2);
const results: Array<[string, Counts]> = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const echo = (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** uvu prints Total / Passed / Skipped (no Failed line); a crash before the summary is a failure. */
function uvuCounts(out: string, code: number): Counts {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
  const clean = out.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(clean)?.[1] ?? 0);
  if (Number.isNaN(total) || Number.isNaN(passed)) return { passed: 0, failed: 1 };
  const failed = total - passed; // uvu's Total leaves out the skipped
  return { passed, failed: failed === 0 && code !== 0 ? 1 : failed, skipped };
}

const line = (c: Counts) => `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;

async function step(name: string, fn: () => Promise<Counts>): Promise<void> {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}`);
  const started = Date.now();
  let counts: Counts;
  try {
    counts = await fn();
  } catch (err) {
    console.error(err);
    counts = { passed: 0, failed: 1 };
  }
  console.log(`=== ${name}: ${line(counts)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push([name, counts]);
}

const single = async (cmd: string, args: string[], env?: Record<string, string>): Promise<Counts> => {
  const { code } = await run(cmd, args, env);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
};

const uvu = async (dir: string, env?: Record<string, string>): Promise<Counts> => {
  const { code, out } = await run(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', dir, '.test.tsx?$', '-c', 'false'], env);
  return uvuCounts(out, code);
};

const npx = (bin: string) => `node_modules/.bin/${bin}`;

// Biome ships one binary per platform; the registry these machines reach has the Linux ones only,
// so the project depends on those directly (optional, so npm ci elsewhere still installs).
const biome = `node_modules/@biomejs/cli-${process.platform}-${process.arch}/biome`;
await step('lint', async () => {
  if (!existsSync(biome)) throw new Error(`${biome} is missing: npm install @biomejs/cli-${process.platform}-${process.arch}`);
  const format = await single(biome, ['check', '.']);
  const imports = await single(npx('depcruise'), ['src', 'server', 'common', 'prerender.ts', '--config', '.dependency-cruiser.cjs']);
  return { passed: format.passed + imports.passed, failed: format.failed + imports.failed };
});
await step('typecheck', () => single('npm', ['run', '--silent', 'typecheck']));
await step('build', () => single(npx('vite'), ['build', '--logLevel', 'warn']));
await step('unit', () => uvu('test/unit'));
await step('server-pglite', () => uvu('test/server'));
await step('server-postgres', async () => {
  if (process.env.DATABASE_URL) return uvu('test/server', { TEST_PG_URL: process.env.DATABASE_URL });
  let cluster: Cluster | null = null;
  try {
    console.log(`${postgresVersion()}: ${postgresBinaries()?.dir}`);
    cluster = await startCluster();
    return await uvu('test/server', { TEST_PG_URL: cluster.url });
  } finally {
    cluster?.stop();
  }
});
await step('build-checks', () => uvu('test/build'));
// Both suites launch what test/support/browser.ts picks; resolving it here first says which, and
// unpacks the bundled one (a few seconds) before any test's clock starts.
const whichChromium = async () => {
  const { path, bundled } = await chromiumBuild();
  console.log(`Chromium: ${path}${bundled ? ' (the headless shell of @sparticuz/chromium)' : ''}`);
};
await step('e2e', async () => {
  await whichChromium();
  return uvu('test/e2e');
});
await step('lighthouse', async () => {
  console.log(`Lighthouse's Chromium: ${await lighthouseChromium()} (a fixed version: docs/decisions.md)`);
  const { code, out } = await run(process.execPath, ['--import', 'tsx', 'scripts/lhci.ts']);
  const m = /lighthouse: (\d+) passed, (\d+) failed/.exec(out);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: code === 0 ? 0 : 1 };
});

console.log('\nSummary');
for (const [name, c] of results) console.log(`  ${name.padEnd(16)} ${line(c)}`);
const passed = results.reduce((n, [, c]) => n + c.passed, 0);
const failed = results.reduce((n, [, c]) => n + c.failed, 0);
const skipped = results.reduce((n, [, c]) => n + (c.skipped ?? 0), 0);
console.log(line({ passed, failed, skipped }));
process.exit(failed ? 1 : 0);

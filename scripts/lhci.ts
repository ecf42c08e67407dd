// Lighthouse CI (lighthouserc.json) against the built app on the real server: / and /registrasi,
// median of 3 runs, mobile defaults. Prints `lighthouse: N passed, N failed` (one per URL and
// assertion) for the test runner.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { startServer } from '../test/support/server.ts';

const config = JSON.parse(readFileSync('lighthouserc.json', 'utf8'));
const ASSERTIONS = Object.keys(config.ci.assert.assertions);
const PATHS = ['/', '/registrasi'];

function lhci(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/lhci', args, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

rmSync('.lighthouseci', { recursive: true, force: true });
const server = await startServer();
let failed = 0;
let passed = 0;
try {
  const urls = PATHS.map((p) => server.url + p);
  const collected = await lhci(['collect', '--config=lighthouserc.json', ...urls.map((u) => `--url=${u}`)]);
  if (collected !== 0) throw new Error('lighthouse collect failed');
  await lhci(['assert', '--config=lighthouserc.json']);
  const results: Array<{ url: string; auditProperty?: string; auditId: string; level: string; passed: boolean }> = existsSync('.lighthouseci/assertion-results.json')
    ? JSON.parse(readFileSync('.lighthouseci/assertion-results.json', 'utf8'))
    : [];
  const failures = results.filter((r) => !r.passed && r.level === 'error');
  failed = failures.length;
  passed = urls.length * ASSERTIONS.length - failed;
  for (const f of failures) console.log(`FAIL ${f.url} ${f.auditId}${f.auditProperty ? `:${f.auditProperty}` : ''}`);
  await lhci(['upload', '--config=lighthouserc.json']);
} catch (err) {
  console.error(err);
  failed = Math.max(failed, 1);
} finally {
  await server.stop();
}
console.log(`lighthouse: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

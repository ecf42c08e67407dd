// npm run bench [-- --seconds 10]: measures the web app and the API (with SIMRS=khanza beside
// SIMRS=local where MariaDB is installed: bench/khanza.ts) on this machine and writes the marked
// block of docs/performance.md with the date, the machine and the commit. Measurements, not tests: the
// budgets that CI enforces are bytes and Lighthouse scores (npm test).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromiumBuild, lighthouseChromium } from '../test/support/browser.ts';
import { postgresVersion } from '../test/support/pg-cluster.ts';
import { benchApi } from './bench/api.ts';
import { NGINX, nginxVersion } from './bench/cluster/nginx.ts';
import type { ClusterResult } from './bench/cluster/plan.ts';
import { clusterSection } from './bench/cluster/report.ts';
import { benchCluster } from './bench/cluster/run.ts';
import { benchLoad } from './bench/load.ts';
import type { LoadResult } from './bench/load-plan.ts';
import { benchKhanza, khanzaSection } from './bench/khanza.ts';
import { loadSection } from './bench/load-report.ts';
import { benchPgliteLoad, pgliteSection } from './bench/pglite.ts';
import { apiSection, BYTES_NOTE, costSection, goalsSection, NOTES, plansSection, START_NOTE, webSection } from './bench/report.ts';
import { benchWeb } from './bench/web.ts';
import { benchCost, type CostResult } from './bench/cost.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);

const sh = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
};

const started = new Date();
const web = await benchWeb();
// The open-loop measurements run on the large PostgreSQL database of the API's, seeded once.
const loads: LoadResult[] = [];
// Then two processes behind nginx on the same database (scripts/bench/cluster.ts), when it is installed.
const clusters: ClusterResult[] = [];
// And what each request costs, beside the floor (scripts/bench/cost.ts).
let cost: CostResult | undefined;
const api = await benchApi({
  seconds,
  atLargePostgres: async (url) => {
    cost = await benchCost(url);
    loads.push(await benchLoad(url));
    if (nginxVersion()) clusters.push(await benchCluster({ databaseUrl: url }));
  },
});
// The embedded default under the same mix at a constant rate.
const pglite = await benchPgliteLoad();
// SIMRS=khanza beside SIMRS=local, where MariaDB is installed.
const khanza = await benchKhanza(seconds);
const CLUSTER_SKIPPED = `## Two processes behind nginx, one killed mid-run

Not measured: no nginx at ${NGINX} (\`apt-get install nginx\`, then \`npm run bench\` again).
`;

const dirty = sh('git', ['status', '--porcelain']) ? ' (with uncommitted changes)' : '';
const browser = await chromiumBuild();
const machine = {
  cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
  os: `${platform()} ${release()}`,
  node: process.version,
  // The pages and Lighthouse run in the headless shell; the full build is named beside it.
  chromium: `${sh(await lighthouseChromium(), ['--version'])
    .split('\n')
    .pop()} (pages and Lighthouse); full: ${browser.bundled ? 'none' : sh(browser.path, ['--version']).split('\n').pop()}`,
  postgres: postgresVersion(),
  pglite: JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version,
};

const md = `## Measured by \`npm run bench\`

Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` at commit \`${sh('git', ['rev-parse', '--short', 'HEAD'])}\`${dirty}.

Machine: ${machine.cpu}, ${machine.memory}, ${machine.os}; Node ${machine.node}; ${machine.chromium};
${machine.postgres}; PGlite ${machine.pglite}.

${webSection(web)}
${goalsSection(api)}
${loads.map(loadSection).join('\n')}
${costSection(cost)}
${pgliteSection(pglite)}
${clusters.length ? clusters.map(clusterSection).join('\n') : CLUSTER_SKIPPED}
${apiSection(api, seconds, machine.postgres)}
${khanzaSection(khanza)}
${NOTES}
${BYTES_NOTE}
${START_NOTE}
${plansSection(api)}`;

// Only the block between the two markers is the bench's: the summary, the notes kept by hand and
// the test run's times (measured by `npm test`) around it stay as they stand.
const BEGIN = '<!-- npm run bench: from this line';
const END = '<!-- npm run bench: end -->';
const doc = readFileSync('docs/performance.md', 'utf8');
const from = doc.indexOf(BEGIN);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/performance.md has lost its markers ('${BEGIN} …', '${END}')`);
const begin = doc.indexOf('\n', from) + 1;
writeFileSync('docs/performance.md', `${doc.slice(0, begin)}${md}\n${doc.slice(to)}`);
console.log('wrote the measured block of docs/performance.md');

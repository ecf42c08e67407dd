// nginx (Debian's package) with the configuration the repo ships (deploy/nginx.conf), in front of
// the two processes of the cluster run (run.ts), and what its log says afterwards.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { API } from '../../../common/paths.ts';
import { freePort } from '../../../test/support/server.ts';
import type { ClusterResult } from './plan.ts';

export const NGINX = '/usr/sbin/nginx';

interface NginxSite {
  prefix: string;
  port: number;
  /** The port the shipped file's plain-HTTP redirect listens on (80 there). */
  redirectPort: number;
  /** The two processes' public ports, for the shipped file's 8080 and 8090. */
  upstreams: [number, number];
}

/**
 * deploy/nginx.conf for an unprivileged nginx on loopback: each edit must find its text, so a
 * change to the shipped file stops the bench rather than measuring something else. Answers the
 * configuration and what was changed, for the report.
 */
function renderNginxConf(shipped: string, s: NginxSite): { conf: string; edits: string[] } {
  const edits: Array<[RegExp, string, string]> = [
    [/^user www-data;\n/m, '', 'no `user` (nginx runs as an unprivileged user already)'],
    [/^pid \/run\/nginx\.pid;/m, `pid ${s.prefix}/nginx.pid;`, 'the pid file and logs in its own directory'],
    [/\/var\/log\/nginx\//g, `${s.prefix}/logs/`, ''],
    [
      /^http \{\n/m,
      `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${s.prefix}/tmp/${t};\n`).join('')}`,
      "temporary files there too (Debian's /var/lib/nginx is root's)",
    ],
    [
      /^(\s*)access_log (\S+) pasien;\n/m,
      `$&$1log_format bench '$msec|$status|$request_method|$uri|$upstream_addr|$upstream_status|$request_time';\n$1access_log ${s.prefix}/logs/bench.log bench;\n`,
      'a second access log with milliseconds and every upstream tried (`$upstream_addr`, `$upstream_status`), for the count',
    ],
    [
      /^(\s*)error_log (\S+) crit;\n/m,
      `$&$1error_log ${s.prefix}/logs/bench.error.log error;\n`,
      "and an error log at level `error`, for nginx's reasons (the shipped one keeps only `crit`: the other levels quote query strings)",
    ],
    [/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${s.upstreams[0]} `, 'the two processes on their ports'],
    [/server 127\.0\.0\.1:8090 /, `server 127.0.0.1:${s.upstreams[1]} `, ''],
    [/^[ \t]*listen \[::\]:(80|443)\b.*\n/gm, '', 'loopback only, on free ports, and without TLS (the load generator speaks plain HTTP)'],
    [/listen 80;/, `listen 127.0.0.1:${s.redirectPort};`, ''],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${s.port};`, ''],
    [/^[ \t]*ssl_certificate(_key)? .*\n/gm, '', ''],
  ];
  let conf = shipped;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf has changed: ${pattern} not found; update renderNginxConf`);
    pattern.lastIndex = 0;
    conf = conf.replace(pattern, replacement);
  }
  return { conf, edits: edits.map(([, , why]) => why).filter(Boolean) };
}

const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'nobody']).toString().trim());

/** `nginx version: nginx/1.22.1` (nginx -v writes it to stderr), or null without nginx. */
export function nginxVersion(): string | null {
  const r = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  return r.status === 0 && out.startsWith('nginx version') ? out : null;
}

function answers(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', () => resolve(0));
  });
}

export interface Nginx {
  url: string;
  prefix: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** nginx in the foreground with its own prefix in /tmp; as `nobody` when we are root. */
export async function startNginx(upstreams: [number, number]): Promise<Nginx & { edits: string[] }> {
  const prefix = mkdtempSync('/tmp/pasien-nginx-');
  const port = await freePort();
  const { conf, edits } = renderNginxConf(readFileSync('deploy/nginx.conf', 'utf8'), { prefix, port, redirectPort: await freePort(), upstreams });
  for (const d of ['logs', 'tmp']) mkdirSync(join(prefix, d));
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const asNobody = process.getuid?.() === 0;
  if (asNobody) {
    const [uid, gid] = [idOf('-u'), idOf('-g')];
    for (const p of [prefix, join(prefix, 'logs'), join(prefix, 'tmp'), join(prefix, 'nginx.conf')]) chownSync(p, uid, gid);
  }
  const proc = spawn(NGINX, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'startup.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asNobody ? { uid: idOf('-u'), gid: idOf('-g') } : {}),
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while ((await answers(`${url}/api/health`)) !== 200) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      const log = (() => {
        try {
          return readFileSync(join(prefix, 'logs', 'startup.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      await stop();
      throw new Error(`nginx did not start:\n${out}${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, prefix, proc, output: () => out, stop, edits };
}

interface LogLine {
  /** Epoch ms. */
  start: number;
  end: number;
  status: number;
  method: string;
  uri: string;
  addrs: string[];
  statuses: string[];
}

/** nginx's error messages by kind (the request's details left out), e.g. 'no live upstreams while connecting to upstream'. */
function errorKinds(prefix: string): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of readFileSync(join(prefix, 'logs', 'bench.error.log'), 'utf8').split('\n')) {
    const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: |$)/.exec(line);
    if (m) kinds[`${m[1]}: ${m[2]}`] = (kinds[`${m[1]}: ${m[2]}`] ?? 0) + 1;
  }
  return kinds;
}

function readBenchLog(prefix: string): LogLine[] {
  return readFileSync(join(prefix, 'logs', 'bench.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [msec, status, method, uri, addr, ustatus, took] = line.split('|');
      const end = Number(msec) * 1000;
      // Several upstreams tried: "a, b"; the part after " : " is an internal redirect's.
      const split = (s: string) =>
        s
          .split(/[,:] (?=\S)/)
          .map((x) => x.trim())
          .filter((x) => x && x !== '-');
      return { start: end - Number(took) * 1000, end, status: Number(status), method, uri, addrs: split(addr), statuses: split(ustatus) };
    });
}

/** Asks /api/health through nginx until it answers 200 twenty times running (at most 30 s); answers the seconds it took. */
export async function settle(url: string): Promise<number> {
  const started = performance.now();
  let running = 0;
  while (running < 20 && performance.now() - started < 30_000) {
    running = (await answers(`${url}/api/health`)) === 200 ? running + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

/** nginx's log of the run: who answered before and after the kill, what the dead process held, each second's split. */
export function countUpstream(prefix: string, ports: [number, number], killEpoch: number, runEpoch: number, seconds: number): ClusterResult['upstream'] {
  const lines = readBenchLog(prefix);
  const [addrA, addrB] = ports.map((port) => `127.0.0.1:${port}`);
  const isStream = (l: LogLine) => l.uri === API.clinicQueueLive;
  const upstream: ClusterResult['upstream'] = {
    before: [addrA, addrB].map((x) => lines.filter((l) => l.end < killEpoch && l.addrs.at(-1) === x).length) as [number, number],
    afterByOther: lines.filter((l) => l.start >= killEpoch && l.addrs.at(-1) === addrB).length,
    deadTries: lines
      .filter((l) => l.start >= killEpoch && l.addrs.includes(addrA))
      .map((l) => ({ atS: Math.round((l.start - killEpoch) / 10) / 100, method: l.method, status: l.status, passedOn: l.addrs.at(-1) === addrB })),
    inFlight: {},
    streamsCut: lines.filter((l) => isStream(l) && l.start < killEpoch && l.end >= killEpoch && l.addrs.at(-1) === addrA).length,
    noLive: lines.filter((l) => l.start >= runEpoch && l.addrs.includes('pasien_api')).length,
    noLiveAfterKill: lines.filter((l) => l.start >= killEpoch && l.addrs.includes('pasien_api')).length,
    timeline: [],
    errors: errorKinds(prefix),
  };
  for (const l of lines.filter((x) => x.start >= runEpoch && !isStream(x))) {
    const sec = Math.floor((l.start - runEpoch) / 1000);
    if (sec >= seconds) continue;
    upstream.timeline[sec] ??= [sec, 0, 0, 0, 0];
    const row = upstream.timeline[sec];
    if (l.addrs.includes('pasien_api')) row[3]++;
    else if (l.status >= 500) row[4]++;
    else if (l.addrs.at(-1) === addrA) row[1]++;
    else if (l.addrs.at(-1) === addrB) row[2]++;
  }
  upstream.timeline = upstream.timeline.filter(Boolean);
  for (const l of lines.filter((l) => !isStream(l) && l.start < killEpoch && l.end >= killEpoch && l.addrs.includes(addrA))) {
    const key = `${l.method} ${l.status}${l.addrs.length > 1 ? ' (passed on)' : ''}`;
    upstream.inFlight[key] = (upstream.inFlight[key] ?? 0) + 1;
  }

  return upstream;
}

// The load's section of docs/performance.md (load.ts measures it): the steady mix, the floor,
// the morning rush, the waiting hall, and where the CPU went.
import type { LoadResult } from './load-plan.ts';
import type { OpenLoopResult } from './open-loop.ts';
import { profileTable, type ProfiledRun } from './profile.ts';
import { MIX } from './realistic-mix.ts';
import { notOk } from './report.ts';

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const n = (x: number) => Math.round(x).toLocaleString('en');
const met = (ok: boolean) => (ok ? 'yes' : '**no**');
const CALL_NAMES: Record<string, string> = {
  profile: 'home: profile',
  upcoming: 'home: upcoming appointments',
  clinicQueue: 'home: clinic queue (`GET antrian/poli`, with the visit-day fields)',
  pharmacyQueue: 'home: pharmacy queue',
  quota: 'quota list',
  outpatient: 'outpatient history',
  labs: 'lab results',
  login: 'login',
  booking: 'booking (`POST simpan/janji`)',
  checkin: 'check-in (`POST checkin`)',
  cancel: 'cancel (`POST batal/janji`)',
  reschedule: 'reschedule (`POST ubah/janji`)',
};
const statuses = (r: OpenLoopResult) => notOk(r.byStatus) || 'none';

/** What the answers other than 2xx said, a few of each kind, so a failed goal says why. */
function examplesOf(runs: OpenLoopResult[]): string {
  const lines = runs.flatMap((x) => Object.entries(x.examples).map(([k, bodies]) => `- at ${n(x.rate)} req/s, ${k}: \`${bodies[0].replace(/`/g, "'")}\``));
  return lines.length ? `Answers other than 2xx, one of each kind:\n\n${lines.join('\n')}\n\n` : '';
}

/** Where one server process's time went under the mix, from V8's CPU profile (profile.ts). */
export function profileSection(p: ProfiledRun): string {
  const s = p.summary;
  const share = (name: string) => s.byPlace.find(([k]) => k === name)?.[1] ?? 0;
  const pct = (x: number) => `${Math.round((100 * x) / s.totalMs)}%`;
  return `### Where the server's time goes

The server process again, with V8's sampling profiler on (\`node --cpu-prof\`, \`scripts/bench/profile.ts\`;
alone it keeps the \`.cpuprofile\` for a flame graph), under the mix at ${n(p.run.rate)} req/s for ${p.run.seconds} s after 5 s of
warming up: p50 ${ms(p.run.latency.p50)}, p99 ${ms(p.run.latency.p99)}, ${p.run.failed} failed. Of ${n(s.totalMs)} ms sampled during
the run, the process waited for work (idle) ${pct(share('(idle)'))} of the time, was in the \`writev\` system call
(sending on its sockets: to PostgreSQL and to the phones) ${pct(share('(native) writev'))}, collected garbage
${pct(share('(garbage collector)'))}, and ran the project's own code (server/, common/) ${pct(s.oursMs)}.

${profileTable(p, 12)}`;
}

export function loadSection(r: LoadResult): string {
  const goal = r.steady.find((s) => s.rate === 1500 && s.seconds >= 60);
  const ratio = r.floor.held ? r.server.held / r.floor.held : 0;
  const mixText = MIX.map(([name, w]) => `${w}% ${name}`).join(', ');
  const last = r.steady[r.steady.length - 1];
  const rushOk = r.rush.booked === r.rush.seats && r.rush.held.counter <= r.rush.seats && r.rush.held.appointments === r.rush.seats;
  const rushFailures = Object.values(r.rush.failures).reduce((a, b) => a + b, 0);
  const h = r.hall;
  const goals = [
    goal
      ? `| the mix at 1,500 req/s for 60 s: p99 under 10 ms, no errors | p99 ${ms(goal.latency.p99)}, ${goal.non2xx} non-2xx, ${goal.failed} failed | ${met(goal.latency.p99 < 10 && goal.non2xx === 0)} |`
      : '',
    `| the highest rate with p99 under 50 ms at least 0.6 of the floor's | ${n(r.server.held)} of ${n(r.floor.held)} req/s: ${r.floor.held ? ratio.toFixed(2) : 'no floor'} | ${met(ratio >= 0.6)} |`,
    `| the morning rush: exactly the seats booked, none over, no 5xx, every refusal told why, p99 under 1 s | ${r.rush.booked} of ${r.rush.seats} booked, ${r.rush.held.counter} held, ${rushFailures} failed, ${r.rush.untold} untold, p99 ${ms(r.rush.latency.p99)} | ${met(rushOk && rushFailures === 0 && r.rush.untold === 0 && r.rush.latency.p99 < 1000)} |`,
    `| the waiting hall: ${n(h.phones)} phones under 300 MB resident; a call on all ${h.sessionPhones} phones of its session within 1 s (p99) | ${h.memory.connected.rssMb} MB with all connected (peak ${h.memory.after.peakMb} MB); p99 ${ms(h.latency.p99)}, ${h.missing} missed | ${met(h.memory.after.peakMb < 300 && h.missing === 0 && h.latency.p99 < 1000)} |`,
  ].filter(Boolean);

  const steadyRows = r.steady
    .map(
      (s) =>
        `| ${n(s.rate)} req/s | ${s.seconds} s | ${n(s.achieved)} | ${ms(s.latency.p50)} | ${ms(s.latency.p90)} | ${ms(s.latency.p99)} | ${ms(s.latency.max)} | ${statuses(s)} | ${ms(s.lateP99)} |`,
    )
    .join('\n');
  const callRows = Object.entries(last.perCall)
    .sort(([a], [b]) => MIX.findIndex(([m]) => m === a) - MIX.findIndex(([m]) => m === b))
    .map(([name, l]) => `| ${CALL_NAMES[name] ?? name} | ${n(l.count)} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.non2xx} |`)
    .join('\n');
  const capRuns = (c: { runs: OpenLoopResult[] }) => c.runs.map((x) => `${n(x.rate)}: ${ms(x.latency.p99)}${x.non2xx ? ` (${statuses(x)})` : ''}`).join(', ');
  const refusals = Object.entries(r.rush.refusals)
    .map(([m, c]) => `${n(c)} × '${m}'`)
    .join('; ');

  return `## A hospital's load at a constant arrival rate, PostgreSQL at the large size

Requests start on a fixed schedule whether or not the earlier ones were answered
(\`scripts/bench/open-loop.ts\`, undici's pool with keep-alive), as patients arrive without waiting for
each other, and each latency counts from the request's scheduled start, so queueing shows. One
server process; the generator, the server and PostgreSQL share the machine ("generator late" is
how far behind schedule the generator itself started requests, p99). The mix, per 100 requests:
${mixText}; ${n(r.mixPatients)} patients signed in, each in today's clinic queue; bookings and
reschedules go to the next four weeks' sessions of clinic 20001 (seats raised so they are real
bookings), cancels take the bookings made earlier in the run. Phones' \`Accept-Encoding: br, gzip\`.

| goal | measured | met |
|---|---|---|
${goals.join('\n')}

### The mix at steady rates

| rate | for | answered/s | p50 | p90 | p99 | max | not 2xx | generator late |
|---|---:|---:|---:|---:|---:|---:|---|---:|
${steadyRows}

Where the CPU went in each (\`/proc\`: user and system time, per request sent; the machine's two
cores together):

| rate | machine busy | machine | server process | PostgreSQL | generator | other |
|---|---:|---:|---:|---:|---:|---:|
${r.steady.map((s) => `| ${n(s.rate)} req/s | ${Math.round(s.cpu.busy * 100)}% | ${n(s.cpu.machineUs)} µs | ${n(s.cpu.serverUs)} µs | ${n(s.cpu.postgresUs)} µs | ${n(s.cpu.generatorUs)} µs | ${n(Math.max(0, s.cpu.machineUs - s.cpu.serverUs - s.cpu.postgresUs - s.cpu.generatorUs))} µs |`).join('\n')}

${examplesOf(r.steady)}Each call at ${n(last.rate)} req/s:

| call | requests | p50 | p99 | max | not 2xx |
|---|---:|---:|---:|---:|---:|
${callRows}

### Beside the floor of the stack

The highest rate held for ${r.plan.capacitySeconds} s with p99 under 50 ms and every answer 2xx, rates tried in
order until one was not held twice running (the table shows the last run at each). The floor (\`scripts/bench/floor.ts\`) is a bare Fastify route doing one
primary-key SELECT through pg on the same PostgreSQL, a pool as large as the server's.

| target | held | p99 at each rate tried (req/s: p99) |
|---|---:|---|
| the server, the mix | ${n(r.server.held)} req/s | ${capRuns(r.server)} |
| the floor | ${n(r.floor.held)} req/s | ${capRuns(r.floor)} |

Ratio: **${r.floor.held ? ratio.toFixed(2) : 'none (the floor held no rate tried)'}**.

${profileSection(r.profile)}
### The morning rush

${n(r.rush.attempts)} patients, each signed in, trying to book one session of a day (${r.rush.slot.kd_dr}, clinic
${r.rush.slot.kd_dep}, ${r.rush.slot.tgl_janji}) with ${r.rush.seats} seats, arriving evenly over ${n(r.rush.attempts / r.rush.rate)} s
(${n(r.rush.rate)} a second): **${r.rush.booked} booked**, ${r.rush.duplicateNumbers} queue numbers given twice; the
database holds ${r.rush.held.appointments} appointments with ${r.rush.held.distinctNumbers} distinct numbers, the counter at
${r.rush.held.counter} of ${r.rush.held.quota}. Refused: ${refusals || 'none'}; ${r.rush.untold} without a reason in Indonesian.
Failed (5xx or no answer): ${rushFailures}. Latency p50 ${ms(r.rush.latency.p50)}, p99 **${ms(r.rush.latency.p99)}**, max
${ms(r.rush.latency.max)} (booked p99 ${ms(r.rush.bookedLatency.p99)}, refused p99 ${ms(r.rush.refusedLatency.p99)}).

### The waiting hall

${n(h.phones)} phones holding the live queue (\`GET antrian/poli/live\`, Server-Sent Events with the bearer
header), ${h.sessionPhones} to a doctor's session of today, from ${n(h.addresses)} client address${h.addresses === 1 ? '' : 'es'} (X-Forwarded-For through a trusted proxy: hall.ts): ${n(h.connected)} connected in ${h.connectSeconds} s${Object.keys(h.refused).length ? ` (refused: ${JSON.stringify(h.refused)})` : ''}.
The server process's resident memory: ${h.memory.before.rssMb} MB before, **${h.memory.connected.rssMb} MB** with all connected,
${h.memory.after.rssMb} MB after the calls, peak ${h.memory.after.peakMb} MB ${h.peakReset ? 'since the hall began' : 'since the process started'} (\`/proc/<pid>/status\`,
VmRSS and VmHWM). ${h.calls} numbers
of one session called through \`POST /api/internal/antrian/poli/panggil\`, each once the last had
reached every phone: ${h.delivered} of ${h.calls * h.sessionPhones} deliveries, from the call to each phone p50
${ms(h.latency.p50)}, p99 **${ms(h.latency.p99)}**, max ${ms(h.latency.max)}; phones of other sessions got ${h.crossTalk} events.
`;
}

// The cluster run's section of docs/performance.md.
import { type ClusterResult, LEASE_SECONDS, type Phase, POLL_MS } from './plan.ts';

const ms = (x: number) => (x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`);
const n = (x: number) => Math.round(x).toLocaleString('en');
const met = (ok: boolean) => (ok ? 'yes' : '**no**');
const statusList = (s: Record<string, number>) =>
  Object.entries(s)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, c]) => `${n(c)} × ${k}`)
    .join(', ') || 'none';

/** 'booking 502 × 3, profile 502 × 10' */
const grouped = (fs: ClusterResult['failures']) => {
  const by: Record<string, number> = {};
  for (const f of fs) by[`${f.name} ${f.status}`] = (by[`${f.name} ${f.status}`] ?? 0) + 1;
  return Object.entries(by)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, c]) => `${k} × ${c}`)
    .join(', ');
};

export function clusterSection(r: ClusterResult): string {
  const { live, push, bookings, upstream: u } = r;
  // nginx learns an idle keep-alive connection is dead only once it has written a request on it:
  // tries in the first second belong to the kill, as the requests in flight do.
  const atKill = u.deadTries.filter((t) => t.atS < 1);
  const later = u.deadTries.filter((t) => t.atS >= 1);
  const deadAnswered = later.filter((t) => !t.passedOn).length;
  const afterFailed = r.failures.filter((f) => f.sentS >= 0).length;
  // A 5xx or no answer at all (a 4xx is the API's own answer to the request).
  const failedBefore = Object.entries(r.phases.before.byStatus)
    .filter(([k]) => !/^[234]\d\d$/.test(k))
    .reduce((sum, [, c]) => sum + c, 0);
  const inFlightFailed = r.failures.filter((f) => f.sentS < 0);
  const phaseRow = (name: string, p: Phase) =>
    !p.answered
      ? `| ${name} | 0 | – | – | – | – |`
      : `| ${name} | ${n(p.answered)} | ${ms(p.latency.p50)} | ${ms(p.latency.p99)} | ${ms(p.latency.max)} | ${statusList(Object.fromEntries(Object.entries(p.byStatus).filter(([k]) => !/^2/.test(k))))} |`;
  const tries = u.deadTries.map((t) => `+${t.atS.toFixed(2)} s ${t.method} → ${t.status}${t.passedOn ? ' (passed on)' : ''}`).join('; ') || 'none';
  return `## Two processes behind nginx, one killed mid-run

Two server processes (\`node server/server.ts\`, separate child processes) on one PostgreSQL, behind
${r.nginx} from Debian's package running the shipped \`deploy/nginx.conf\`, unprivileged, with these
changes for the bench: ${r.edits.join('; ')}. Both processes run the push worker (polling every
${POLL_MS} ms, so that they contend for the queue; lease ${LEASE_SECONDS} s) and send to a local FCM stand-in.
For ${r.plan.seconds} s: the realistic mix at ${n(r.plan.rate)} req/s through nginx (\`scripts/bench/open-loop.ts\`, ${n(r.plan.mixPatients)}
patients); ${live.phones} phones on the live queue through nginx (${live.sessions} doctor's sessions of ${r.plan.sessionSize}), reconnecting as
the app does (\`src/data/visit.ts\`: 1–2 s after a short stream); every ${r.plan.callEverySeconds} s the next number of each session called
through a process's internal listener; ${n(r.plan.notifications)} notifications queued the same way. At ${r.killedAtS} s one process is
killed with \`SIGKILL\`; calls and notifications then go to the other.

| goal | measured | met |
|---|---|---|
| no live-queue update lost (the streams pass through nginx) | ${n(live.seen + live.superseded + live.lost)} phone × call pairs: ${n(live.seen)} shown, ${live.superseded} passed over while reconnecting (the new stream opened on a later number), **${live.lost} lost**; ${live.showingLast} of ${live.phones} phones show the last call | ${met(live.lost === 0 && live.showingLast === live.phones)} |
| no push sent twice, both processes sending | ${n(push.deliveries)} deliveries of ${n(push.notifications)} notifications: ${n(push.sent)} sent, ${push.unsent} not; the stand-in got ${n(push.received)}, **${push.duplicates} twice** | ${met(push.duplicates === 0 && push.unsent === 0 && push.received === push.sent)} |
| no booking lost when a process is killed (-9) | ${n(bookings.acknowledged)} bookings answered 2xx, **${n(bookings.found)}** in the database | ${met(bookings.found === bookings.acknowledged)} |
| no request answered with an error while both processes are up, and none 502 from nginx while one is | sent and answered before the kill: ${n(r.phases.before.answered)}, **${n(failedBefore)} with a 5xx or no answer**; nginx answered **${n(u.noLive)}** 502 itself with every process marked down (${n(u.noLiveAfterKill)} of them after the kill, the other process up) | ${met(failedBefore === 0 && u.noLive === 0)} |
| nginx stops sending to the dead process | requests started after the kill: ${n(u.afterByOther)} answered by the other process; in its first second ${atKill.length} tried on the dead one (${atKill.filter((t) => !t.passedOn).length} answered 502); later ${later.length} (nginx's check every \`fail_timeout\`), ${later.length - deadAnswered} passed on, **${deadAnswered} answered with its error** | ${met(deadAnswered === 0)} |

### The mix, before and after the kill

| requests | answered | p50 | p99 | max | not 2xx |
|---|---:|---:|---:|---:|---|
${phaseRow('sent before the kill, answered before it', r.phases.before)}
${phaseRow('sent before the kill, answered after it (in flight)', r.phases.inFlight)}
${phaseRow('sent after the kill', r.phases.after)}

Warm-up (8 s at up to 400 req/s): ${statusList(r.warmup.byStatus)}; nginx then answered \`/api/health\` 20 times running
after ${r.warmup.settleS} s. During the run nginx answered ${u.noLive} requests 502 itself, every process marked down.
The whole run: ${n(r.mix.sent)} requests, answered ${n(r.mix.achieved)}/s, p50 ${ms(r.mix.latency.p50)}, p99 ${ms(r.mix.latency.p99)},
generator late p99 ${ms(r.mix.lateP99)}. Failed (5xx or no answer): ${r.failures.length}, of them ${inFlightFailed.length} in flight at the kill
(${grouped(inFlightFailed) || 'none'}) and ${afterFailed} sent after it (${grouped(r.failures.filter((f) => f.sentS >= 0)) || 'none'}).

What nginx's log says (\`$upstream_addr\`, \`$upstream_status\`): before the kill the processes answered ${n(u.before[0])}
and ${n(u.before[1])} requests. The killed process held ${u.streamsCut} live streams and these other requests at the kill:
${statusList(u.inFlight)} (nginx passes a GET on to the other process when the first fails before answering;
a POST that reached the dead process is not sent again, and its client gets 502). Requests started after the
kill and tried on the dead process first (a refused connection, then the other process; nginx tries a failed
server again every \`fail_timeout\`, 10 s): ${tries}.

nginx's error log: ${
    Object.entries(u.errors)
      .map(([k, c]) => `${n(c)} × \`${k}\``)
      .join('; ') || 'nothing'
  }.

<details><summary>Each second of the run: requests sent then, answered by each process, or 502 by nginx with no process left to try</summary>

| s | first process | second process | 502, none left | other 5xx |
|---:|---:|---:|---:|---:|
${u.timeline.map(([sec, x, y, none, other]) => `| ${sec}${sec === Math.floor(r.killedAtS) ? ' (kill)' : ''} | ${n(x)} | ${n(y)} | ${n(none)} | ${n(other)} |`).join('\n')}

</details>

Bookings: ${n(bookings.acknowledged)} answered 2xx, all looked up by \`no_reg\` afterwards: ${n(bookings.found)} found. ${
    bookings.failed
      ? `${bookings.failed} got no 2xx or 4xx answer (a 502 from nginx); ${bookings.failedCommitted} of them had been
made all the same: the patient's next read shows it, and booking again is refused with a message naming that
appointment and its queue number.`
      : 'None went without an answer.'
  }

Live queue: ${live.reconnected} phones whose stream was cut by the kill opened a new one through nginx, the first event
p50 ${ms(live.reconnect.p50)}, max ${ms(live.reconnect.max)} after the kill (the app's own wait included); a call reached the phones
connected at the time p50 ${ms(live.callToPhone.p50)}, p99 ${ms(live.callToPhone.p99)}.

Pushes: the killed process sent ${n(push.byProcess[0])}, the other ${n(push.byProcess[1])}. ${
    push.twice.length
      ? `Received twice: ${push.twice.map((t) => `${t.sends.map((x) => `${x.by} at ${x.atS >= 0 ? '+' : ''}${x.atS} s`).join(' and ')} (${t.attempts} claims)`).join('; ')}. `
      : ''
  }${push.takenOver} deliveries claimed by the killed process were sent by the other once the lease ran out;
the last push reached the stand-in ${push.lastReceivedS} s after the kill. A push sent but not yet marked sent when its
process dies would be sent again by the other (at least once, never lost); the app tags each notification
with its id, so a phone would still show it once.
`;
}

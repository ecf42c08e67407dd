// The cluster run (scripts/bench/cluster.ts): two server processes on one PostgreSQL behind
// nginx, the realistic mix at a steady rate, phones on the live queue, notifications, and one
// process killed with SIGKILL half-way; then what held (tally.ts) and what nginx saw (nginx.ts).
import { loadConfig } from '../../../server/config.ts';
import { openPostgres } from '../../../server/db/client.ts';
import { saveRegistration } from '../../../server/db/push.ts';
import { pushEndpoint } from '../../../test/support/push.ts';
import { startServer, type RunningServer } from '../../../test/support/server.ts';
import { patientsWithSessions, todayQueues, type BenchPatient, type QueueSession } from '../fixtures.ts';
import { BENCH_BOOKINGS, latencyOf, openLoop, type Req } from '../open-loop.ts';
import { realisticMix } from '../realistic-mix.ts';
import { countUpstream, NGINX, nginxVersion, settle, startNginx, type Nginx } from './nginx.ts';
import { openStream, type Phone, stopPhone, waitFor } from './phones.ts';
import { CLUSTER_FIRST, type ClusterPlan, type ClusterResult, FULL_CLUSTER, LEASE_SECONDS, POLL_MS, type Phase } from './plan.ts';
import { fcmAccount, mixSetup, post, recordPushes } from './setup.ts';
import { bookingsKept, pushOutcome, tallyPhones } from './tally.ts';

const INTERNAL_TOKEN = 'bench-internal-token-0123456789';

const emptyPhase = (): { times: number[]; byStatus: Record<string, number> } => ({ times: [], byStatus: {} });

export async function benchCluster(o: { databaseUrl: string; plan?: ClusterPlan; first?: number; log?: (s: string) => void }): Promise<ClusterResult> {
  const plan = o.plan ?? FULL_CLUSTER;
  const log = o.log ?? console.log;
  const first = o.first ?? CLUSTER_FIRST;
  const version = nginxVersion();
  if (!version) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx)`);
  const db = await openPostgres(o.databaseUrl, 10);
  const standIn = await pushEndpoint();
  const servers: RunningServer[] = [];
  let nginx: (Nginx & { edits: string[] }) | null = null;
  const phones: Phone[] = [];
  try {
    const receipts = recordPushes(standIn);

    log('cluster: two server processes on the database, both sending pushes');
    const env = {
      DATABASE_URL: o.databaseUrl,
      ...BENCH_BOOKINGS,
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      TRUST_PROXY: '1',
      PUSH_WORKER: 'true',
      PUSH_POLL_MS: String(POLL_MS),
      PUSH_LEASE_SECONDS: String(LEASE_SECONDS),
      FCM_SERVICE_ACCOUNT: fcmAccount(standIn.url),
    };
    servers.push(...(await Promise.all(['a', 'b'].map((by) => startServer({ ...env, FCM_ENDPOINT: `${standIn.url}/${by}` }, { compiled: true })))));
    const [a, b] = servers;
    nginx = await startNginx([a.port, b.port]);
    log(`cluster: ${version.replace('nginx version: ', '')} on ${nginx.url} → processes :${a.port} and :${b.port}`);

    log('cluster: patients, queues, push registrations');
    const setup = await mixSetup(db, nginx.url, first, plan.mixPatients);
    const phonePeople = await patientsWithSessions(db, String(first + plan.mixPatients), plan.phones, loadConfig({}));
    const queues: QueueSession[] = await todayQueues(db, phonePeople, plan.sessionSize, `CL${Date.now().toString(36)}-`);
    const pushPeople = (
      await db.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr >= $1 ORDER BY nomr LIMIT $2', [
        String(first + plan.mixPatients + plan.phones),
        Math.min(plan.notifications, 200),
      ])
    ).map((r) => r.nomr);
    // One phone each, known to FCM: the called patients' pushes and the notifications go to them.
    for (const nomr of [...phonePeople.map((p) => p.nomr), ...pushPeople]) await saveRegistration(db, nomr, `bench-fcm-${nomr}`, 'fcm');
    // One mix for the warm-up and the run: its bookings go on to other patients and sessions.
    const mix = realisticMix(setup);
    log('cluster: warming up both processes through nginx (8 s)');
    const warmup: Record<string, number> = {};
    for (const [rate, seconds] of [
      [Math.min(150, plan.rate), 3],
      [Math.min(400, plan.rate), 5],
    ]) {
      const w = await openLoop({ url: nginx.url, rate, seconds, ...mix });
      for (const [k, c] of Object.entries(w.byStatus)) warmup[k] = (warmup[k] ?? 0) + c;
    }
    // A process nginx marked down meanwhile (a stall of a busy machine) is back once a short
    // request after fail_timeout succeeds; a live stream would hold that check open for minutes.
    const settled = await settle(nginx.url);
    log(`    warm-up answers ${JSON.stringify(warmup)}; nginx answering health 20 times running after ${settled} s`);
    const [{ max: pushBase }] = await db.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM notifications');

    log(`cluster: ${plan.phones} phones on the live queue through nginx`);
    for (const [s, q] of queues.entries()) {
      for (const [k, nomr] of q.nomrs.entries()) {
        const person = phonePeople.find((p) => p.nomr === nomr) as BenchPatient;
        phones.push({ person, no_reg: q.no_regs[k], session: s, events: [], conns: [], failures: 0, req: null, timer: null, stopped: false });
      }
    }
    for (const p of phones) openStream(nginx.url, p);
    if (!(await waitFor(() => phones.every((p) => p.events.length > 0), 30_000))) {
      const ends: Record<string, number> = {};
      for (const c of phones.filter((p) => !p.events.length).flatMap((p) => p.conns)) ends[c.end ?? 'open'] = (ends[c.end ?? 'open'] ?? 0) + 1;
      throw new Error(`${phones.filter((p) => !p.events.length).length} phones without a first event in 30 s; their streams: ${JSON.stringify(ends)}`);
    }

    // ---- the run: the mix, the calls, the notifications, and the kill half-way
    const { result, rounds, killAt, phase, failures, acknowledged, failedBookings, calledAt, killPerf, killEpoch, runEpoch } = await runWithKill({
      plan,
      a,
      b,
      url: nginx.url,
      mix,
      queues,
      pushPeople,
      log,
    });

    // ---- what the phones got: every phone its session's last number, or 15 s
    await waitFor(() => phones.every((p) => p.events.at(-1)?.called === rounds), 15_000);
    for (const p of phones) stopPhone(p);
    const { seen, superseded, lost, callToPhone, reconnect } = tallyPhones(phones, rounds, calledAt, killPerf);

    // ---- bookings: each acknowledged one in the database; the failed ones, made or not
    const { found, failedCommitted } = await bookingsKept(db, acknowledged, failedBookings);

    // ---- pushes: wait for the queue to empty (a claim of the dead process waits out its lease)
    log('cluster: waiting for the push queue to empty');
    const push = await pushOutcome(db, pushBase, receipts, killPerf);

    // ---- nginx's count
    const upstream = countUpstream(nginx.prefix, [a.port, b.port], killEpoch, runEpoch, plan.seconds);

    const phaseOf = (p: ReturnType<typeof emptyPhase>): Phase => ({ answered: p.times.length, byStatus: p.byStatus, latency: latencyOf(p.times) });
    return {
      plan,
      nginx: version.replace('nginx version: ', ''),
      edits: nginx.edits,
      killedAtS: killAt / 1000,
      warmup: { byStatus: warmup, settleS: settled },
      mix: result,
      phases: { before: phaseOf(phase.before), inFlight: phaseOf(phase.inFlight), after: phaseOf(phase.after) },
      failures,
      bookings: { acknowledged: acknowledged.length, found, failed: failedBookings.length, failedCommitted },
      upstream,
      live: {
        phones: phones.length,
        sessions: queues.length,
        calls: rounds,
        seen,
        superseded,
        lost,
        showingLast: phones.filter((p) => p.events.at(-1)?.called === rounds).length,
        reconnected: reconnect.length,
        reconnect: latencyOf(reconnect),
        callToPhone: latencyOf(callToPhone),
      },
      push,
    };
  } finally {
    for (const p of phones) stopPhone(p);
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop(s.proc.exitCode === null && s.proc.signalCode === null ? 'SIGTERM' : 'SIGKILL')));
    await standIn.close();
    await db.close();
  }
}

/** The measured run: the mix through nginx, each session's calls, the notifications, and process `a` killed half-way. */
async function runWithKill(o: {
  plan: ClusterPlan;
  a: RunningServer;
  b: RunningServer;
  url: string;
  mix: ReturnType<typeof realisticMix>;
  queues: QueueSession[];
  pushPeople: string[];
  log: (s: string) => void;
}) {
  const { plan, a, b, url, mix, queues, pushPeople, log } = o;
  const rounds = Math.floor(plan.seconds / plan.callEverySeconds);
  const killAt = (plan.seconds / 2) * 1000;
  log(
    `cluster: the mix at ${plan.rate} req/s for ${plan.seconds} s through nginx; ${rounds} calls a session; process :${a.port} killed (-9) at ${killAt / 1000} s`,
  );
  const interval = 1000 / plan.rate;
  const phase = { before: emptyPhase(), inFlight: emptyPhase(), after: emptyPhase() };
  const failures: ClusterResult['failures'] = [];
  const acknowledged: string[] = [];
  const failedBookings: Array<Record<string, unknown>> = [];
  let killed = false;
  let killPerf = 0;
  let killEpoch = 0;
  const internal = () => (killed ? b : a.proc.exitCode === null && Math.random() < 0.5 ? a : b).internalUrl;
  /** An internal call; one that finds its process dead is made again on the other, as the hospital's system would. */
  const hospital = async (path: string, body: unknown) => {
    try {
      return await post(`${internal()}${path}`, body, INTERNAL_TOKEN);
    } catch {
      return await post(`${b.internalUrl}${path}`, body, INTERNAL_TOKEN);
    }
  };

  const t0 = performance.now() + 20; // openLoop's own start, set in the same tick
  const runEpoch = performance.timeOrigin + t0;
  const running = openLoop({
    url: url,
    rate: plan.rate,
    seconds: plan.seconds,
    next: mix.next,
    reads: mix.reads,
    onAnswer(req: Req, answer, i, ms) {
      mix.onAnswer?.(req, answer, i, ms);
      const sent = t0 + i * interval;
      const which = !killed || sent >= killPerf ? (killed ? 'after' : 'before') : 'inFlight';
      const p = phase[which];
      p.times.push(ms);
      const key = answer.status ? String(answer.status) : (answer.error ?? 'error');
      p.byStatus[key] = (p.byStatus[key] ?? 0) + 1;
      if (answer.status === 0 || answer.status >= 500) {
        failures.push({ name: req.name, status: key, sentS: killed ? (sent - killPerf) / 1000 : (sent - t0 - killAt) / 1000 });
        if (req.name === 'booking') failedBookings.push(req.body as Record<string, unknown>);
      }
      if (req.name === 'booking' && answer.status >= 200 && answer.status < 300) {
        const body = JSON.parse(answer.body) as { status?: boolean; data?: { no_reg?: string } };
        if (body.status && body.data?.no_reg) acknowledged.push(body.data.no_reg);
      }
    },
  });
  const at = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, t0 + ms - performance.now())));
  const calledAt: number[][] = queues.map(() => []);
  const calls = (async () => {
    for (let k = 1; k <= rounds; k++) {
      await at((k - 0.5) * plan.callEverySeconds * 1000);
      await Promise.all(
        queues.map(async (q, s) => {
          const r = await hospital('/api/internal/antrian/poli/panggil', { no_reg: q.no_regs[k - 1] });
          if (r.status !== 200) throw new Error(`the call of number ${k} answered ${r.status}`);
          calledAt[s][k] = performance.now();
        }),
      );
    }
  })();
  const notified: number[] = [];
  const notifications = (async () => {
    for (let j = 0; j < plan.notifications; j++) {
      await at(((j + 0.5) * plan.seconds * 1000) / plan.notifications);
      const r = await hospital('/api/internal/notify', {
        nomr: pushPeople[j % pushPeople.length],
        title: 'Obat Anda siap diambil',
        body: `Nomor antrian farmasi F-${j}.`,
      });
      if (r.status !== 200) throw new Error(`a notification answered ${r.status}`);
      notified.push(Number(r.body.data?.id));
    }
  })();
  const kill = (async () => {
    await at(killAt);
    killPerf = performance.now();
    killEpoch = performance.timeOrigin + killPerf;
    a.proc.kill('SIGKILL');
    killed = true;
  })();
  const [result] = await Promise.all([running, calls, notifications, kill]);
  log(`    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(result.byStatus)}`);
  return { result, rounds, killAt, phase, failures, acknowledged, failedBookings, calledAt, killPerf, killEpoch, runEpoch };
}

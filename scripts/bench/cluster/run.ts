// Two server processes on one PostgreSQL behind nginx (Debian's package), with the configuration
// the repo ships (deploy/nginx.conf), under the realistic mix at a steady rate; one process is
// killed with SIGKILL in the middle of the run. What must hold: every phone following the live
// queue through nginx sees every number called (its stream reconnects as the app's does when its
// process dies); no push is sent twice though both processes run the push worker; every booking
// answered 2xx is in the database afterwards; and nginx stops sending to the dead process. The
// pushes go to a local FCM stand-in (test/support/push.ts).
//
//   tsx scripts/bench/cluster.ts [--database-url URL | --patients 100000] [--quick] [--rate 800] [--seconds 30]
//
// Without --database-url it starts a PostgreSQL of its own and seeds it; with one, it takes its
// patients after those of scripts/bench/load.ts (Nomor MR 10020001 on). `npm run bench` runs it
import { generateKeyPairSync } from 'node:crypto';
import { API } from '../../../common/paths.ts';
import { loadConfig } from '../../../server/config.ts';
import { openPostgres, type Db } from '../../../server/db/client.ts';
import { saveRegistration } from '../../../server/db/push.ts';
import { pushEndpoint } from '../../../test/support/push.ts';
import { startServer, type RunningServer } from '../../../test/support/server.ts';
import { clinicSlots, patientsWithSessions, setSeats, todayQueues, type BenchPatient, type QueueSession } from '../fixtures.ts';
import { BENCH_BOOKINGS, bookingBody, latencyOf, openLoop, realisticMix, type MixSetup, type Req } from '../open-loop.ts';
import { countUpstream, NGINX, nginxVersion, settle, startNginx, type Nginx } from './nginx.ts';
import { openStream, type Phone, stopPhone, waitFor } from './phones.ts';
import { CLUSTER_FIRST, type ClusterPlan, type ClusterResult, FULL_CLUSTER, LEASE_SECONDS, POLL_MS, type Phase } from './plan.ts';

const INTERNAL_TOKEN = 'bench-internal-token-0123456789';

async function post(
  url: string,
  body: unknown,
  token: string,
): Promise<{ status: number; body: { status?: boolean; data?: Record<string, unknown>; message?: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status?: boolean; data?: Record<string, unknown> } };
}

/** As load.ts's mix: signed in, in today's queue, seats to spare, 100 booked already (through nginx). */
async function mixSetup(db: Db, url: string, first: number, count: number): Promise<MixSetup> {
  const people = await patientsWithSessions(db, String(first), count, loadConfig({}));
  const queues = await todayQueues(db, people, 100, `CM${Date.now().toString(36)}-`);
  const slots = await clinicSlots(db, '20001', 1, 27);
  await setSeats(db, slots, 4000);
  const booked: MixSetup['booked'] = [];
  for (const [k, person] of people.slice(0, 100).entries()) {
    const r = await post(`${url}${API.book}`, bookingBody(person, slots[(k + 7) % slots.length]), person.token);
    if (!r.body.status || typeof r.body.data?.no_reg !== 'string') throw new Error(`a booking for the mix was refused: ${r.status} ${r.body.message}`);
    booked.push({ no_reg: r.body.data.no_reg, person });
  }
  return { people, queues, slots, booked };
}

function fcmAccount(standIn: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    project_id: 'pasien-bench',
    client_email: 'bench@pasien-bench.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${standIn}/token`,
  });
}

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
    // ---- the FCM stand-in: OAuth token, then each message, recorded with when it came
    // Each process has its own path on the stand-in (FCM_ENDPOINT), so a receipt names its sender.
    const receipts = new Map<string, Array<{ at: number; by: string }>>();
    standIn.route((r) => {
      if (r.url === '/token') return { status: 200, body: JSON.stringify({ access_token: 'bench-access-token', expires_in: 3600 }) };
      if (!r.url.endsWith('/messages:send')) return null;
      const { message } = JSON.parse(r.body.toString('utf8')) as { message: { token: string; data: { id: string } } };
      const key = `${message.data.id}|${message.token}`;
      receipts.set(key, [...(receipts.get(key) ?? []), { at: performance.now(), by: r.url.split('/')[1] }]);
      return { status: 200, body: JSON.stringify({ name: `projects/pasien-bench/messages/${receipts.size}` }) };
    });

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
      url: nginx.url,
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

/** Phone × call pairs: seen, missed only while reconnecting (its next stream opened on a later number), or lost; and the delays. */
function tallyPhones(phones: Phone[], rounds: number, calledAt: number[][], killPerf: number) {
  let seen = 0;
  let superseded = 0;
  let lost = 0;
  const callToPhone: number[] = [];
  for (const p of phones) {
    for (let k = 1; k <= rounds; k++) {
      const hit = p.events.find((e) => e.called === k);
      if (hit) {
        seen++;
        if (!hit.first) callToPhone.push(hit.at - calledAt[p.session][k]);
        continue;
      }
      const next = p.events.find((e) => e.at >= calledAt[p.session][k]);
      if (next?.first && (next.called ?? 0) > k) superseded++;
      else lost++;
    }
  }
  const cut = phones.filter((p) => p.conns.some((c) => c.closed !== null && c.closed >= killPerf && c.closed < killPerf + 5000));
  const reconnect = cut.map((p) => (p.events.find((e) => e.first && e.at > killPerf)?.at ?? Number.NaN) - killPerf).filter((x) => !Number.isNaN(x));
  return { seen, superseded, lost, callToPhone, reconnect };
}

/** Each acknowledged booking in the database; of those that failed (5xx or no answer), the ones made nonetheless. */
async function bookingsKept(db: Db, acknowledged: string[], failedBookings: Array<Record<string, unknown>>) {
  const [{ n: found }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE no_reg = ANY($1::text[])', [acknowledged]);
  let failedCommitted = 0;
  for (const f of failedBookings) {
    const rows = await db.query(
      `SELECT 1 FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
        WHERE a.nomr = $1 AND a.tgl_janji = $2 AND s.kd_dr = $3 AND s.sts_jam = $4 AND a.cancelled_at IS NULL`,
      [f.nomr, f.tgl_janji, f.kd_dr, f.sts_jam],
    );
    if (rows.length) failedCommitted++;
  }
  return { found, failedCommitted };
}

/** Waits for the push queue to empty (a claim of the dead process waits out its lease), then counts sends and receipts. */
async function pushOutcome(
  db: Db,
  pushBase: number,
  receipts: Map<string, Array<{ at: number; by: string }>>,
  killPerf: number,
): Promise<ClusterResult['push']> {
  const pending = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_deliveries WHERE notification_id > $1 AND status = 'pending'`, [pushBase]))[0].n;
  const deadline = performance.now() + (LEASE_SECONDS + 40) * 1000;
  while ((await pending()) > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 2 * POLL_MS)); // a second send, were there one, has time to arrive
  const deliveries = await db.query<{ key: string; status: string; attempts: number }>(
    `SELECT d.notification_id || '|' || r.token AS key, d.status, d.attempts FROM push_deliveries d
       JOIN push_registrations r ON r.id = d.registration_id WHERE d.notification_id > $1`,
    [pushBase],
  );
  const [{ n: notificationRows }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE id > $1', [pushBase]);
  const allReceipts = [...receipts.values()].flat().map((x) => x.at);
  const attemptsOf = new Map(deliveries.map((d) => [d.key, d.attempts]));
  const toKill = (at: number) => Math.round((at - killPerf) / 100) / 10;
  const twice = [...receipts.entries()]
    .filter(([, xs]) => xs.length > 1)
    .map(([key, xs]) => ({
      attempts: attemptsOf.get(key) ?? 0,
      sends: xs.map((x) => ({ by: x.by === 'a' ? ('killed' as const) : ('other' as const), atS: toKill(x.at) })),
    }));
  const sentBy = (by: string) => [...receipts.values()].flat().filter((x) => x.by === by).length;
  return {
    notifications: notificationRows,
    deliveries: deliveries.length,
    sent: deliveries.filter((d) => d.status === 'sent').length,
    unsent: deliveries.filter((d) => d.status !== 'sent').length,
    received: allReceipts.length,
    duplicates: [...receipts.values()].reduce((n, xs) => n + xs.length - 1, 0),
    twice,
    byProcess: [sentBy('a'), sentBy('b')],
    takenOver: deliveries.filter((d) => d.status === 'sent' && d.attempts > 1).length,
    lastReceivedS: allReceipts.length ? Math.round((Math.max(...allReceipts) - killPerf) / 100) / 10 : 0,
  };
}

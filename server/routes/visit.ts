// The visit day: the patient's clinic queue of today (docs/product.md §7, with the reference API's
// additions), check-in from the phone, and the same queue as a live stream.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { todayWib, weekdayName } from '../../common/dates.ts';
import { API, CLINIC_QUEUE_EVENT, PHARMACY_QUEUE_EVENT } from '../../common/paths.ts';
import { Refusal } from '../../common/schemas/envelope.ts';
import type { Config } from '../config.ts';
import type { Follower, SimrsPoll } from '../connector/poll.ts';
import { pharmacyKey, sessionKey, type QueueEvents } from '../db/queue-events.ts';
import { hashToken } from '../db/sessions.ts';
import type { QueueRow } from '../connector/hospital-connector.ts';
import { atWib } from '../../common/wib.ts';
import { CHECKIN_MSG, checkinRefusal, queueAdditions } from '../domain/visit.ts';
import { HttpError } from '../errors.ts';
import { bearerToken } from '../guard.ts';
import { LIVE_MSG, LIVE_RETRY_SECONDS, type LiveStreams } from '../live-streams.ts';
import { PATIENT, PATIENT_GET, PATIENT_POST, route, type Api } from './route-schema.ts';

const rowsToItems = (cfg: Config['visit'], now: number) => (rows: QueueRow[]) =>
  rows.map(({ kd_dr: _dr, kd_dep: _dep, sts_jam: _jam, ahead, calls, jam_dtg, jam_plg, menit_per_pasien, tanpa_estimasi, ...item }) => ({
    ...item,
    hari: weekdayName(item.tgl_janji),
    ...queueAdditions(
      {
        tgl_janji: item.tgl_janji,
        status: item.status,
        start: atWib(item.tgl_janji, jam_dtg),
        end: atWib(item.tgl_janji, jam_plg),
        ahead,
        calls: calls.map(Number),
        minutesPerPatient: tanpa_estimasi ? null : (menit_per_pasien ?? cfg.minutesPerPatient),
      },
      now,
      cfg.checkinOpensMinutes,
    ),
    checkin_lokasi: cfg.site !== null,
  }));

/**
 * `live`: the streams' limits per session and address, and their ending with the session (live-streams.ts).
 * `poll`: where the hospital's own screens change what a stream shows, the poll that hears it (connector/poll.ts).
 */
export async function visitRoutes(
  app: Api,
  config: Config,
  events: QueueEvents,
  clock: () => number = Date.now,
  live?: LiveStreams,
  poll?: SimrsPoll,
): Promise<void> {
  const cfg = config.visit;
  const hospital = app.simrs;
  // Open streams would keep the server from closing (SIGTERM waits for requests in flight): they
  // end first, and the app reconnects to another process.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  /** The patient's queue of today, and the sessions it is in (what the live stream listens for). */
  async function queueOf(nomr: string) {
    const now = clock();
    const rows = await hospital.clinicQueue(nomr, todayWib(now));
    const items = rowsToItems(cfg, now)(rows);
    // No check-in from the phone (a hospital's own API, hospital-connector.ts HospitalRelay): the items carry
    // none of its fields, which is how the app knows to offer none (it shows it from `checkin`).
    const offered = hospital.relay ? items.map(({ checkin: _c, checkin_buka: _b, checkin_tutup: _t, checkin_lokasi: _l, ...item }) => item) : items;
    return { items: offered, sessions: new Set(rows.map(sessionKey)) };
  }

  /** The stream's read: the clinic queue, and the pharmacy queue with its own key beside the sessions. */
  async function liveOf(nomr: string) {
    const today = todayWib(clock());
    const [clinic, pharmacy] = await Promise.all([queueOf(nomr), hospital.pharmacyQueue(nomr, today)]);
    clinic.sessions.add(pharmacyKey(nomr, today));
    return { ...clinic, pharmacy };
  }

  app.route({
    ...route('clinicQueue', {
      summary: "Today's clinic queue, with the patients still ahead, the estimated call time and check-in",
      description:
        "The spec fields, and the reference API's additions: status, no_dipanggil, sisa_antrian, estimasi_dilayani, checkin, checkin_buka, checkin_tutup, checkin_lokasi, ruang. An app reads them when present.",
      security: PATIENT,
      failures: PATIENT_GET,
    }),
    handler: async (req) => ({ status: true as const, data: (await queueOf(req.nomr)).items }),
  });

  app.route({
    ...route('checkin', {
      summary: "Check in for the patient's own clinic queue entry of today, from the phone",
      description: `Open from CHECKIN_OPENS_MINUTES before practice starts until it ends. When the hospital's location is configured (the queue item's checkin_lokasi), posisi is required and must lie within CHECKIN_RADIUS_M. Idempotent: a repeat answers the first time.`,
      security: PATIENT,
      failures: {
        ...PATIENT_POST,
        404: Refusal("No queue entry of this patient with that number: an unknown number and another patient's get the same answer"),
        409: Refusal('Not now: not today, too early (with the opening time), closed, done or cancelled'),
        422: Refusal('Too far from the hospital (with the distance in metres)'),
      },
    }),
    handler: async (req, reply) => {
      const { no_reg, posisi } = req.body;
      const entry = await hospital.checkinEntry(no_reg, req.nomr);
      if (!entry || entry.no_mr !== req.nomr) throw new HttpError(404, CHECKIN_MSG.notFound);
      if (entry.checkin) return { status: true as const, data: { no_reg, checkin: entry.checkin } };
      const now = clock();
      const refusal = checkinRefusal(
        { tgl_janji: entry.tgl_janji, status: entry.status, start: atWib(entry.tgl_janji, entry.jam_dtg), end: atWib(entry.tgl_janji, entry.jam_plg) },
        now,
        todayWib(now),
        cfg.checkinOpensMinutes,
        cfg.site,
        posisi,
      );
      if (refusal) return reply.code(refusal.status).send({ status: false, message: refusal.message });
      return { status: true as const, data: { no_reg, checkin: await hospital.checkIn(no_reg, now) } };
    },
  });

  app.route({
    ...route('clinicQueueLive', {
      summary: "Today's clinic queue as a stream of Server-Sent Events, for as long as the home screen is open",
      description: `text/event-stream. First the queue as it is, then again whenever it changes, each as an event '${CLINIC_QUEUE_EVENT}' whose data is the ${API.clinicQueue} answer; the same for today's pharmacy queue as an event '${PHARMACY_QUEUE_EVENT}' whose data is the ${API.pharmacyQueue} answer (an app that does not know it skips it); a comment line every LIVE_HEARTBEAT_SECONDS keeps proxies from closing it. It ends after LIVE_MAX_MINUTES, and as soon as its session ends (logout, Perangkat, expiry) on whichever server process holds it; reconnect then (the token is checked again). At most LIVE_MAX_PER_SESSION streams per session and LIVE_MAX_PER_ADDRESS per client address are open at once: past them a 429 with Retry-After. Send the bearer token as for every call (fetch, not EventSource).`,
      security: PATIENT,
      failures: {
        429: Refusal(
          'Too many streams open at once for this session (LIVE_MAX_PER_SESSION) or client address (LIVE_MAX_PER_ADDRESS); Retry-After says when to try again',
        ),
        ...PATIENT_GET,
      },
    }),
    handler: async (req, reply) => {
      const nomr = req.nomr;
      const hash = hashToken(bearerToken(req.headers.authorization) ?? '');
      const place = live?.take(hash, req.ip);
      if (place === 'session' || place === 'address') {
        return reply
          .code(429)
          .header('Retry-After', String(LIVE_RETRY_SECONDS))
          .send({ status: false, message: place === 'session' ? LIVE_MSG.perSession : LIVE_MSG.perAddress });
      }
      reply.hijack();
      // Quiet between heartbeats (up to LIVE_HEARTBEAT_SECONDS), as a stream may be: the
      // connection timeout, meant for requests that stall, does not apply to it.
      req.raw.socket.setTimeout(0);
      const res = reply.raw;
      // Written straight to the socket, past the compression (which would hold events back) and
      // the usual onSend headers.
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      const end = streamQueue(res, req.log, {
        read: () => liveOf(nomr),
        events,
        follow: poll?.follower(),
        heartbeatMs: cfg.heartbeatSeconds * 1000,
        maxMs: cfg.streamMaxMinutes * 60_000,
        // A hospital's own API tells of no change: read again (its answers reused, hospital-connector.ts HospitalRelay).
        pollMs: hospital.relay?.queuePollMs ?? null,
      });
      // Ends when the session does, on this process whoever ended it (db/session-cache.ts).
      const unwatch = live?.watch(hash, end, cfg.heartbeatSeconds * 1000);
      open.add(end);
      res.on('close', () => {
        open.delete(end);
        unwatch?.();
        place?.release();
      });
    },
  });
}

interface StreamOptions {
  read: () => Promise<{ items: unknown[]; sessions: Set<string>; pharmacy: unknown[] }>;
  events: QueueEvents;
  /** Follows the keys of each read in the hospital's system, until the stream ends. */
  follow?: Follower;
  heartbeatMs: number;
  maxMs: number;
  /** Read again this often as well as on every change heard; null: on changes only. */
  pollMs: number | null;
}

/** A short stand-in for an event's text, to tell whether the next one differs. */
const digestOf = (text: string): string => createHash('sha256').update(text).digest('base64');

/** Sends the queues, then again whenever one of their keys changes and an answer differs; answers how to end it. */
function streamQueue(res: ServerResponse, log: FastifyBaseLogger, o: StreamOptions): () => void {
  // null until the first read: until then any change may be this patient's.
  let sessions: Set<string> | null = null;
  // Digests of what was last sent, not the texts: a stream may wait hours between changes, and
  // 5,000 of them each holding its session's whole queue (about 3 KB) would be 15 MB of copies.
  let last = '';
  let lastPharmacy = '';
  let closed = false;
  let chain = Promise.resolve();
  const send = () => {
    chain = chain
      .then(async () => {
        if (closed) return;
        const { items, sessions: now, pharmacy } = await o.read();
        sessions = now;
        o.follow?.set(now);
        if (closed) return;
        const json = JSON.stringify({ status: true, data: items });
        const pharmacyJson = JSON.stringify({ status: true, data: pharmacy });
        const [digest, pharmacyDigest] = [digestOf(json), digestOf(pharmacyJson)];
        // What changed, in one write (one chunk on the wire).
        const out =
          (digest === last ? '' : `event: ${CLINIC_QUEUE_EVENT}\ndata: ${json}\n\n`) +
          (pharmacyDigest === lastPharmacy ? '' : `event: ${PHARMACY_QUEUE_EVENT}\ndata: ${pharmacyJson}\n\n`);
        [last, lastPharmacy] = [digest, pharmacyDigest];
        if (out) res.write(out);
      })
      .catch((err) => {
        log.error({ err }, 'live queue read failed');
        finish();
      });
  };
  const heartbeat = setInterval(() => res.write(':\n\n'), o.heartbeatMs);
  const poll = o.pollMs === null ? null : setInterval(send, o.pollMs);
  const limit = setTimeout(() => finish(), o.maxMs);
  let unsubscribe: (() => void) | null = null;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (poll) clearInterval(poll);
    clearTimeout(limit);
    unsubscribe?.();
    o.follow?.stop();
    res.end();
  };
  res.on('close', finish);
  // Listening before the first read: a change in between is heard, not lost.
  o.events
    .subscribe((key) => {
      if (key === '' || !sessions || sessions.has(key)) send();
    })
    .then((stop) => {
      if (closed) return stop();
      unsubscribe = stop;
      send();
    }, finish);
  return finish;
}

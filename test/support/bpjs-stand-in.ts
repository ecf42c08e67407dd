// A stand-in for BPJS Antrean RS v2 on loopback. Like BPJS it checks every request's signature
// headers, knows which kodebookings were added and cancelled (a task time or a cancel of an
// unknown one is refused; a second add is answered 208 'Terdapat duplikasi Kode Booking'), keeps
// each kodebooking's task times in BPJS's order (a task without the one before it is refused with
// BPJS's 'TaskId=N tidak valid / TaskId sebelumnya belum terkirim', one not later than it too, a
// repeat answered 208 'TaskId=N sudah ada': the answers public senders handle, rsaisyiyahmuntilancoid/antrol
// app/Services/MobileJknService.php), answers antrean/getlisttask with what it holds (the
// catalogue's list of {wakturs, waktu, taskname, taskid, kodebooking}: ssecd/jkn src/antrean.ts,
// listTaskId), takes farmasi/add with the catalogue's field types (a numeric nomorantrean), takes
// HFIS's updatejadwaldokter of a doctor's weekly schedule, and answers with metadata and an
// encrypted, lz-string-compressed `response`. A test can take it down (503, a reset connection, or a hang:
// the request taken and never answered) and make it refuse. Written from BPJS's documentation,
// apart from server/bpjs/.
import { createCipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import LZString from 'lz-string';
import type { BpjsConfig } from '../../server/config.ts';

export interface BpjsCredentials {
  consId: string;
  secretKey: string;
  userKey: string;
}

interface BpjsRequest {
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** What the stand-in answered: BPJS's metadata.code, the HTTP status of an outage, or 0: no answer (reset, hang). */
  answered: number;
}

/**
 * '503': a gateway's error page; 'reset': the connection dropped; 'hang': the request read and
 * never answered (nothing of it done) until the outage changes or the stand-in closes, when the
 * held connections are dropped unanswered.
 */
type Outage = '503' | 'reset' | 'hang' | null;

export interface BpjsStandIn {
  /** The base address, as BPJS_ANTREAN_URL. */
  url: string;
  credentials: BpjsCredentials;
  /** Every request that came, in order of arrival, with what it was answered. */
  received: BpjsRequest[];
  /** Only those BPJS took (code 200). */
  accepted: () => BpjsRequest[];
  outage: (o: Outage) => void;
  /** A business refusal for the requests it matches: code (not 200) and message. */
  refuse: (fn: ((r: Omit<BpjsRequest, 'answered'>) => { code: number; message: string } | null) | null) => void;
  /** BPJS's references (HFIS) the GETs answer: ref/poli, ref/dokter, and jadwaldokter by kodepoli; the dashboard's rows, or a text sent as it is (not JSON). */
  hfis: (refs: { poli: object[]; dokter: object[]; jadwal: Array<{ kodepoli: string } & Record<string, unknown>>; dashboard?: object[] | string }) => void;
  /** A kodebooking BPJS holds without the hospital's add: booked in Mobile JKN, BPJS's own app. */
  know: (kodebooking: string) => void;
  /** The task ids BPJS holds of a kodebooking, in the order taken. */
  tasks: (kodebooking: string) => number[];
  /** BPJS loses a task time it took (a difference the reconciliation must find). */
  lose: (kodebooking: string, taskid: number) => void;
  close: () => Promise<void>;
}

/** The key BPJS derives for an answer: SHA-256 of consid + secret + the request's timestamp; IV its first 16 bytes. */
function encryptForBpjsClient(c: BpjsCredentials, timestamp: string, plain: string): string {
  const key = createHash('sha256')
    .update(c.consId + c.secretKey + timestamp)
    .digest();
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  return Buffer.concat([cipher.update(LZString.compressToEncodedURIComponent(plain), 'utf8'), cipher.final()]).toString('base64');
}

/** The catalogue's task names (antrean/updatewaktu's taskid, as getlisttask names them). */
const TASK_NAMES: Record<number, string> = {
  1: 'mulai waktu tunggu admisi',
  2: 'akhir waktu tunggu admisi/mulai waktu layan admisi',
  3: 'akhir waktu layan admisi/mulai waktu tunggu poli',
  4: 'akhir waktu tunggu poli/mulai waktu layan poli',
  5: 'akhir waktu layan poli/mulai waktu tunggu farmasi',
  6: 'akhir waktu tunggu farmasi/mulai waktu layan farmasi membuat obat',
  7: 'akhir waktu obat selesai dibuat',
  99: 'tidak hadir/batal',
};

/** 'DD-MM-YYYY HH:mm:ss WIB', as getlisttask writes its times. */
const wibText = (ms: number): string => {
  const [date, time] = new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19).split('T');
  return `${date.split('-').reverse().join('-')} ${time} WIB`;
};

type Rule = { code: number; message: string } | null;

/**
 * updatewaktu as BPJS takes it: a task id of the catalogue (1–7, 99), its waktu in epoch ms, a
 * jenisresep (when sent) of 'Tidak ada', 'Racikan' or 'Non racikan'; each task once (208), and
 * 2–7 only after the one before (an old patient's visit starts at 3: 'Alur Task Id Pasien Lama:
 * 3-4-5 (apabila ada obat tambah 6-7)'). 99, absent or cancelled, stands alone.
 */
function taskRule(held: Map<number, { waktu: number }>, taskid: number, body: Record<string, unknown>): Rule {
  if (!TASK_NAMES[taskid]) return { code: 201, message: `TaskId=${String(body.taskid)} tidak valid` };
  if (!Number.isInteger(body.waktu) || (body.waktu as number) < 1e12) return { code: 201, message: 'Waktu tidak valid' };
  if (body.jenisresep !== undefined && !['Tidak ada', 'Racikan', 'Non racikan'].includes(String(body.jenisresep))) {
    return { code: 201, message: 'Jenis resep tidak valid' };
  }
  if (held.has(taskid)) return { code: 208, message: `TaskId=${taskid} sudah ada` };
  if (taskid > 3 && taskid <= 7 && !held.has(taskid - 1)) return { code: 201, message: `TaskId=${taskid} tidak valid / TaskId sebelumnya belum terkirim` };
  // A later task's time after the earlier one's ('… tidak boleh kurang atau sama dengan waktu
  // sebelumnya', as rsaisyiyahmuntilancoid/antrol app/Services/MobileJknService.php meets it).
  const before = held.get(taskid - 1);
  if (taskid > 3 && taskid <= 7 && before && (body.waktu as number) <= before.waktu) {
    return { code: 201, message: `waktu TaskId=${taskid} tidak boleh kurang atau sama dengan waktu sebelumnya` };
  }
  return null;
}

/** farmasi/add with the catalogue's types: jenisresep racikan or non racikan, nomorantrean a number. */
function pharmacyRule(body: Record<string, unknown>): Rule {
  if (!['racikan', 'non racikan'].includes(String(body.jenisresep).toLowerCase())) return { code: 201, message: 'Jenis resep tidak valid' };
  if (!Number.isInteger(body.nomorantrean)) return { code: 201, message: 'Format nomorantrean tidak sesuai' };
  return null;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function bpjsStandIn(
  credentials: BpjsCredentials = { consId: '21095', secretKey: 'rahasia-uji-01', userKey: 'kunci-pengguna-uji' },
): Promise<BpjsStandIn> {
  const received: BpjsRequest[] = [];
  const added = new Set<string>();
  const cancelled = new Set<string>();
  /** kodebooking → task id → the task's waktu (epoch ms) and when BPJS took it. */
  const taskTimes = new Map<string, Map<number, { waktu: number; at: number }>>();
  const timesOf = (k: string) => {
    const held = taskTimes.get(k) ?? new Map<number, { waktu: number; at: number }>();
    taskTimes.set(k, held);
    return held;
  };
  let down: Outage = null;
  const held = new Set<ServerResponse>();
  const release = () => {
    for (const res of held) res.socket?.destroy();
    held.clear();
  };
  let refusal: Parameters<BpjsStandIn['refuse']>[0] = null;
  let refs: Parameters<BpjsStandIn['hfis']>[0] = { poli: [], dokter: [], jadwal: [] };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = req.method === 'GET' ? (req.url ?? '') : (req.url ?? '').replace(/^\/antrean\//, '').replace(/^\/jadwaldokter\//, 'jadwaldokter/');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = {};
      }
      if (down === 'hang') {
        received.push({ endpoint, headers: req.headers, body, answered: 0 });
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (down === 'reset') {
        received.push({ endpoint, headers: req.headers, body, answered: 0 });
        req.socket.destroy();
        return;
      }
      const reply = (status: number, code: number, answer: object) => {
        received.push({ endpoint, headers: req.headers, body, answered: status === 200 ? code : status });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (down === '503') {
        received.push({ endpoint, headers: req.headers, body, answered: 503 });
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html><body>Service Unavailable</body></html>');
        return;
      }
      const header = (name: string) => String(req.headers[name] ?? '');
      const timestamp = header('x-timestamp');
      const expected = createHmac('sha256', credentials.secretKey).update(`${credentials.consId}&${timestamp}`).digest('base64');
      if (header('x-cons-id') !== credentials.consId || header('user_key') !== credentials.userKey || !sameText(header('x-signature'), expected)) {
        return reply(200, 401, { metadata: { code: 401, message: 'Authentication failed: signature tidak valid' }, response: null });
      }
      if (req.method === 'GET') {
        const path = req.url ?? '';
        const jadwal = /^\/jadwaldokter\/kodepoli\/([^/]+)\/tanggal\/\d{4}-\d{2}-\d{2}$/.exec(path);
        const dashboard = /^\/dashboard\/waktutunggu\/(tanggal\/\d{4}-\d{2}-\d{2}|bulan\/\d{2}\/tahun\/\d{4})\/waktu\/(rs|server)$/.test(path);
        if (dashboard && typeof refs.dashboard === 'string') {
          return reply(200, 200, { response: encryptForBpjsClient(credentials, timestamp, refs.dashboard), metadata: { code: 200, message: 'Ok.' } });
        }
        const list =
          path === '/ref/poli'
            ? refs.poli
            : path === '/ref/dokter'
              ? refs.dokter
              : jadwal
                ? refs.jadwal.filter((j) => j.kodepoli === jadwal[1])
                : dashboard
                  ? ((refs.dashboard as object[] | undefined) ?? [])
                  : null;
        // The dashboard answers { list } as BPJS's does; the references a bare list.
        if (dashboard && list?.length) {
          return reply(200, 200, { response: encryptForBpjsClient(credentials, timestamp, JSON.stringify({ list })), metadata: { code: 200, message: 'Ok.' } });
        }
        if (!list) return reply(200, 404, { metadata: { code: 404, message: 'Service tidak ditemukan' }, response: null });
        if (!list.length) return reply(200, 201, { metadata: { code: 201, message: 'Data tidak ditemukan' }, response: null });
        return reply(200, 200, { response: encryptForBpjsClient(credentials, timestamp, JSON.stringify(list)), metadata: { code: 200, message: 'Ok.' } });
      }
      const refused = refusal?.({ endpoint, headers: req.headers, body }) ?? null;
      if (endpoint === 'jadwaldokter/updatejadwaldokter') {
        // HFIS takes a doctor's weekly schedule at a poli: each day 1 (Monday) … 8 (holiday) with its hours.
        const jadwal = body.jadwal as Array<Record<string, unknown>> | undefined;
        const fits =
          typeof body.kodepoli === 'string' &&
          typeof body.kodesubspesialis === 'string' &&
          Number.isInteger(body.kodedokter) &&
          Array.isArray(jadwal) &&
          jadwal.every((j) => /^[1-8]$/.test(String(j.hari)) && /^\d{2}:\d{2}$/.test(String(j.buka)) && /^\d{2}:\d{2}$/.test(String(j.tutup)));
        const rule = refused ?? (fits ? null : { code: 201, message: 'Format jadwal tidak sesuai' });
        if (rule) return reply(200, rule.code, { metadata: rule, response: null });
        return reply(200, 200, { metadata: { code: 200, message: 'Ok' }, response: null });
      }
      const kodebooking = String(body.kodebooking ?? '');
      const known = added.has(kodebooking) && !cancelled.has(kodebooking);
      const taskid = Number(body.taskid);
      const rule =
        refused ??
        (endpoint === 'getlisttask'
          ? added.has(kodebooking)
            ? null
            : { code: 201, message: 'Kode booking tidak ditemukan' }
          : endpoint === 'add' && added.has(kodebooking)
            ? { code: 208, message: 'Terdapat duplikasi Kode Booking' }
            : endpoint !== 'add' && !known
              ? { code: 201, message: 'Kode booking tidak ditemukan' }
              : !['add', 'updatewaktu', 'batal', 'farmasi/add'].includes(endpoint)
                ? { code: 404, message: 'Service tidak ditemukan' }
                : endpoint === 'updatewaktu'
                  ? taskRule(timesOf(kodebooking), taskid, body)
                  : endpoint === 'farmasi/add'
                    ? pharmacyRule(body)
                    : null);
      if (rule) return reply(200, rule.code, { metadata: rule, response: null });
      if (endpoint === 'getlisttask') {
        const list = [...timesOf(kodebooking)].map(([id, t]) => ({
          wakturs: wibText(t.waktu),
          waktu: wibText(t.at),
          taskname: TASK_NAMES[id] ?? '',
          taskid: id,
          kodebooking,
        }));
        if (!list.length) return reply(200, 201, { metadata: { code: 201, message: 'Data tidak ditemukan' }, response: null });
        return reply(200, 200, { response: encryptForBpjsClient(credentials, timestamp, JSON.stringify({ list })), metadata: { code: 200, message: 'OK' } });
      }
      if (endpoint === 'add') added.add(kodebooking);
      if (endpoint === 'batal') cancelled.add(kodebooking);
      if (endpoint === 'updatewaktu') timesOf(kodebooking).set(taskid, { waktu: Number(body.waktu), at: Date.now() });
      reply(200, 200, { response: encryptForBpjsClient(credentials, timestamp, JSON.stringify({ kodebooking })), metadata: { code: 200, message: 'Ok.' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    received,
    accepted: () => received.filter((r) => r.answered === 200),
    outage: (o) => {
      down = o;
      release();
    },
    refuse: (fn) => (refusal = fn),
    know: (kodebooking) => void added.add(kodebooking),
    tasks: (kodebooking) => [...timesOf(kodebooking).keys()],
    lose: (kodebooking, taskid) => void timesOf(kodebooking).delete(taskid),
    hfis: (r) => (refs = r),
    close: () =>
      new Promise((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's BPJS settings aimed at a stand-in, the worker off (the tests drain the queue themselves), `over` changing any. */
export const bridgeTo = (standIn: BpjsStandIn, over: Partial<BpjsConfig> = {}): BpjsConfig => ({
  url: standIn.url,
  ...standIn.credentials,
  worker: false,
  pollMs: 50,
  timeoutMs: 5000,
  leaseSeconds: 60,
  maxAttempts: 20,
  retryMaxSeconds: 120,
  reporter: 'app',
  ...over,
});

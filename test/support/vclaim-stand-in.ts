// A stand-in for BPJS VClaim on loopback, written from its catalogue as public implementations
// call it (ssecd/jkn src/vclaim/rujukan.ts and rencana-kontrol.ts), apart from server/bpjs/. Like
// VClaim it checks every request's signature (X-cons-id, X-timestamp, X-signature = base64
// HMAC-SHA256 of "consid&timestamp", user_key), answers `metaData` with its code as text, and
// encrypts the `response` (AES-256-CBC, key SHA-256(consid + secret + timestamp), IV its first 16
// bytes) of lz-string's compressToEncodedURIComponent. Nothing found: code "201" with BPJS's words.
import { createCipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import LZString from 'lz-string';

export interface VclaimCredentials {
  consId: string;
  secretKey: string;
  userKey: string;
}

/** A referral as the stand-in holds it: 'fktp' answers under Rujukan/…, 'rs' under Rujukan/RS/…. */
export interface StandInReferral {
  source: 'fktp' | 'rs';
  noKunjungan: string;
  noKartu: string;
  tglKunjungan: string;
  poli: { kode: string; nama: string };
  perujuk: { kode: string; nama: string };
  /** SEPs made on it (Rujukan/JumlahSEP). */
  sep: number;
}

/** A control letter: jnsKontrol '2' kontrol rawat jalan, '1' SPRI; terbitSEP 'Sudah' once its SEP is out. */
interface StandInControl {
  noSuratKontrol: string;
  noKartu: string;
  jnsKontrol: '1' | '2';
  tglRencanaKontrol: string;
  tglTerbit: string;
  poliTujuan: string;
  namaPoliTujuan: string;
  kodeDokter: string;
  namaDokter: string;
  terbitSEP: 'Belum' | 'Sudah';
}

export interface VclaimStandIn {
  /** The base address, as BPJS_VCLAIM_URL. */
  url: string;
  credentials: VclaimCredentials;
  referrals: StandInReferral[];
  controls: StandInControl[];
  /** Every path asked, in order, with the code answered (or the HTTP status of an outage). */
  received: Array<{ path: string; answered: string | number }>;
  /** '503': the gateway's error page for every request; null: back. */
  outage: (o: '503' | null) => void;
  close: () => Promise<void>;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function encrypt(c: VclaimCredentials, timestamp: string, plain: string): string {
  const key = createHash('sha256').update(`${c.consId}${c.secretKey}${timestamp}`).digest();
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  return Buffer.concat([cipher.update(LZString.compressToEncodedURIComponent(plain), 'utf8'), cipher.final()]).toString('base64');
}

/** The referral as VClaim's Rujukan calls answer it (the catalogue's fields, those a caller reads). */
const asReferral = (r: StandInReferral) => ({
  diagnosa: { kode: 'I10', nama: 'Essential (primary) hypertension' },
  keluhan: '',
  noKunjungan: r.noKunjungan,
  pelayanan: { kode: '2', nama: 'Rawat Jalan' },
  peserta: { noKartu: r.noKartu, nama: 'PESERTA', nik: null, sex: 'L', statusPeserta: { keterangan: 'AKTIF', kode: '0' } },
  poliRujukan: r.poli,
  provPerujuk: r.perujuk,
  tglKunjungan: r.tglKunjungan,
});

export async function vclaimStandIn(
  credentials: VclaimCredentials = { consId: '12345', secretKey: 'vclaim-secret', userKey: 'vclaim-user-key' },
): Promise<VclaimStandIn> {
  const referrals: StandInReferral[] = [];
  const controls: StandInControl[] = [];
  const received: VclaimStandIn['received'] = [];
  let outage: '503' | null = null;

  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '').replace(/^\/+/, '').split('?')[0]);
    const send = (status: number, body: string, answered: string | number) => {
      received.push({ path, answered });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    };
    if (outage === '503') return send(503, '<html><body>503 Service Unavailable</body></html>', 503);
    const header = (n: string) => String(req.headers[n] ?? '');
    const timestamp = header('x-timestamp');
    const expected = createHmac('sha256', credentials.secretKey).update(`${credentials.consId}&${timestamp}`).digest('base64');
    // A stale timestamp is refused as a wrong signature is.
    const fresh = /^\d+$/.test(timestamp) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
    if (header('x-cons-id') !== credentials.consId || header('user_key') !== credentials.userKey || !fresh || !sameText(header('x-signature'), expected)) {
      return send(200, JSON.stringify({ metaData: { code: '401', message: 'Authentication failed' }, response: null }), '401');
    }
    const ok = (data: unknown) =>
      send(200, JSON.stringify({ metaData: { code: '200', message: 'OK' }, response: encrypt(credentials, timestamp, JSON.stringify(data)) }), '200');
    const none = (message: string) => send(200, JSON.stringify({ metaData: { code: '201', message }, response: null }), '201');
    const list = path.match(/^Rujukan\/(RS\/)?List\/Peserta\/([^/]+)$/);
    if (list) {
      const m = list;
      const source = m[1] ? 'rs' : 'fktp';
      const found = referrals.filter((r) => r.source === source && r.noKartu === m[2]);
      return found.length ? ok({ rujukan: found.map(asReferral) }) : none('Tidak ada data rujukan');
    }
    const count = path.match(/^Rujukan\/JumlahSEP\/([12])\/([^/]+)$/);
    if (count) {
      const m = count;
      const source = m[1] === '2' ? 'rs' : 'fktp';
      const r = referrals.find((x) => x.source === source && x.noKunjungan === m[2]);
      return r ? ok({ jumlahSEP: String(r.sep) }) : none('Data rujukan tidak ditemukan');
    }
    const letter = path.match(/^RencanaKontrol\/noSuratKontrol\/([^/]+)$/);
    if (letter) {
      const m = letter;
      const c = controls.find((x) => x.noSuratKontrol === m[1]);
      if (!c) return none('Data tidak ditemukan');
      const { terbitSEP: _, noKartu, ...held } = c;
      return ok({
        ...held,
        flagKontrol: 'False',
        namaJnsKontrol: c.jnsKontrol === '1' ? 'SPRI' : 'Surat Kontrol',
        // An SPRI has no SEP of origin (the catalogue's note).
        sep: c.jnsKontrol === '1' ? null : { noSep: '0301R0010126V000001', peserta: { noKartu, nama: 'PESERTA' }, provPerujuk: { asalRujukan: '1' } },
      });
    }
    const month = path.match(/^RencanaKontrol\/ListRencanaKontrol\/Bulan\/(\d\d)\/Tahun\/(\d{4})\/Nokartu\/([^/]+)\/filter\/([12])$/);
    if (month) {
      const m = month;
      const [, mm, yyyy, noka, filter] = m;
      const list = controls
        .filter((c) => c.noKartu === noka && (filter === '2' ? c.tglRencanaKontrol : c.tglTerbit).startsWith(`${yyyy}-${mm}`))
        .map((c) => ({ ...c, jnsPelayanan: 'Rawat Jalan', namaJnsKontrol: 'Surat Kontrol', tglTerbitKontrol: c.tglTerbit, nama: 'PESERTA' }));
      return list.length ? ok({ list }) : none('Data tidak ditemukan');
    }
    const one = path.match(/^Rujukan\/(RS\/)?([^/]+)$/);
    if (one) {
      const m = one;
      const source = m[1] ? 'rs' : 'fktp';
      const r = referrals.find((x) => x.source === source && x.noKunjungan === m[2]);
      return r ? ok({ rujukan: asReferral(r) }) : none('Data rujukan tidak ditemukan');
    }
    return send(404, 'Not Found', 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    referrals,
    controls,
    received,
    outage: (o) => {
      outage = o;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// BPJS VClaim, the calls that show a member's referrals and control letters (docs/bpjs.md,
// Referrals). Signed as Antrean is (signing.ts: X-cons-id, X-timestamp, X-signature, user_key) and
// answered alike: `response` AES-256-CBC encrypted, then lz-string compressed. VClaim's envelope is
// `metaData` with the code as text ("200"); Antrean's is `metadata`.
//
// The catalogue as public implementations call it:
// - ssecd/jkn src/vclaim/rujukan.ts: Rujukan/{no} and Rujukan/RS/{no} ({ rujukan }),
//   Rujukan/List/Peserta/{noka} and Rujukan/RS/List/Peserta/{noka} ({ rujukan: [...] }),
//   Rujukan/JumlahSEP/{jenis 1 FKTP, 2 FKRTL}/{no} ({ jumlahSEP: "0" });
// - ssecd/jkn src/vclaim/rencana-kontrol.ts: RencanaKontrol/noSuratKontrol/{no} (noSuratKontrol,
//   tglRencanaKontrol, tglTerbit, jnsKontrol 1 SPRI / 2 kontrol, poliTujuan, namaPoliTujuan,
//   kodeDokter, namaDokter, sep.peserta.noKartu, sep.provPerujuk) and
//   RencanaKontrol/ListRencanaKontrol/Bulan/{mm}/Tahun/{yyyy}/Nokartu/{noka}/filter/{1 entry, 2 plan}
//   ({ list: [...] } with terbitSEP 'Belum' | 'Sudah').
// Nothing found is metaData.code "201" with BPJS's words and no response (the same repository's
// send() hands such an answer back as it came).
import type { VclaimConfig } from '../config.ts';
import { decryptResponse, signedHeaders, timestampOf } from './signing.ts';

/** A referral as VClaim's Rujukan calls answer it (the fields this server reads). */
export interface VclaimReferral {
  noKunjungan: string;
  tglKunjungan: string;
  poliRujukan: { kode: string; nama: string };
  provPerujuk: { kode: string; nama: string };
  peserta: { noKartu: string };
}

/** A control letter as RencanaKontrol/noSuratKontrol answers it. */
interface VclaimControlLetter {
  noSuratKontrol: string;
  tglRencanaKontrol: string;
  tglTerbit: string;
  jnsKontrol: string;
  poliTujuan: string;
  namaPoliTujuan: string;
  kodeDokter: string;
  namaDokter: string;
  sep?: { peserta?: { noKartu?: string } } | null;
}

/** One row of RencanaKontrol/ListRencanaKontrol. */
interface VclaimControlRow {
  noSuratKontrol: string;
  jnsKontrol: string;
  tglRencanaKontrol: string;
  tglTerbitKontrol: string;
  poliTujuan: string;
  namaPoliTujuan: string;
  kodeDokter: string;
  namaDokter: string;
  noKartu: string;
  terbitSEP: string;
}

/** found: the decrypted answer; none: code 201 (nothing found); down: no usable answer (network, 5xx, a refusal of the call itself). */
export type VclaimAnswer<T> = { kind: 'found'; data: T } | { kind: 'none'; message: string } | { kind: 'down'; message: string };

/** Where a referral was written: 'fktp' a primary-care facility (PCare), 'rs' a hospital. */
export type ReferralSource = 'fktp' | 'rs';

export interface Vclaim {
  referralsByCard(noka: string, source: ReferralSource): Promise<VclaimAnswer<VclaimReferral[]>>;
  referral(no: string, source: ReferralSource): Promise<VclaimAnswer<VclaimReferral>>;
  /** How many SEPs were made on the referral. */
  sepCount(no: string, source: ReferralSource): Promise<VclaimAnswer<number>>;
  controlLetter(no: string): Promise<VclaimAnswer<VclaimControlLetter>>;
  /** The card's control letters planned in a month (filter 2: by tglRencanaKontrol). */
  controlLettersOfMonth(noka: string, year: number, month: number): Promise<VclaimAnswer<VclaimControlRow[]>>;
}

const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 200);
const seg = encodeURIComponent;

/** `now` signs each request. */
export function vclaimClient(c: VclaimConfig, now: () => number = Date.now): Vclaim {
  async function get<T>(path: string): Promise<VclaimAnswer<T>> {
    const timestamp = timestampOf(now());
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${c.url}/${path}`, {
        headers: { ...signedHeaders(c, timestamp), Accept: 'application/json' },
        signal: AbortSignal.timeout(c.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      return { kind: 'down', message: err instanceof Error ? clip(`${err.name}: ${err.message}`) : 'network error' };
    }
    let body: { metaData?: { code?: unknown; message?: unknown }; response?: unknown } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const code = Number(body?.metaData?.code);
    const message = typeof body?.metaData?.message === 'string' ? clip(body.metaData.message) : '';
    if (!body || !Number.isInteger(code)) return { kind: 'down', message: clip(`HTTP ${status} ${text}`) };
    if (code === 201) return { kind: 'none', message };
    if (code !== 200) return { kind: 'down', message: `code ${code} ${message}`.trim() };
    const raw = body.response;
    try {
      const data = typeof raw === 'string' ? JSON.parse(decryptResponse(c, timestamp, raw)) : raw;
      return data == null ? { kind: 'none', message } : { kind: 'found', data: data as T };
    } catch {
      return { kind: 'down', message: 'the response does not decrypt' };
    }
  }
  const map = <A, B>(a: VclaimAnswer<A>, f: (x: A) => B): VclaimAnswer<B> => (a.kind === 'found' ? { kind: 'found', data: f(a.data) } : a);
  const rs = (s: ReferralSource) => (s === 'rs' ? 'RS/' : '');
  return {
    referralsByCard: async (noka, source) =>
      map(await get<{ rujukan?: VclaimReferral[] }>(`Rujukan/${rs(source)}List/Peserta/${seg(noka)}`), (d) => d.rujukan ?? []),
    referral: async (no, source) => {
      const got = await get<{ rujukan?: VclaimReferral }>(`Rujukan/${rs(source)}${seg(no)}`);
      if (got.kind === 'found' && !got.data.rujukan) return { kind: 'none', message: '' };
      return map(got, (d) => d.rujukan as VclaimReferral);
    },
    sepCount: async (no, source) =>
      map(await get<{ jumlahSEP?: string | number }>(`Rujukan/JumlahSEP/${source === 'rs' ? 2 : 1}/${seg(no)}`), (d) => Number(d.jumlahSEP ?? 0) || 0),
    controlLetter: (no) => get<VclaimControlLetter>(`RencanaKontrol/noSuratKontrol/${seg(no)}`),
    controlLettersOfMonth: async (noka, year, month) =>
      map(
        await get<{ list?: VclaimControlRow[] }>(
          `RencanaKontrol/ListRencanaKontrol/Bulan/${String(month).padStart(2, '0')}/Tahun/${year}/Nokartu/${seg(noka)}/filter/2`,
        ),
        (d) => d.list ?? [],
      ),
  };
}

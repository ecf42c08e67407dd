// A BPJS visit's letter as VClaim shows it, and the one rule that says whether a booking may rest
// on it (docs/bpjs.md, Referrals): the app's booking and reschedule and Mobile JKN's ambilantrean
// all ask checkLetter(). A referral (rujukan) is valid 90 days from its visit date (tglKunjungan)
// and spent once a SEP was made on it (Rujukan/JumlahSEP); a control letter (surat kontrol) is for
// its planned day (tglRencanaKontrol) and spent once its SEP is out (terbitSEP 'Sudah').
import { addDays, daysBetween, formatLong } from '../../common/dates.ts';
import type { ReferralKind } from '../../common/schemas/referrals.ts';
import type { ReferralSource, Vclaim, VclaimAnswer, VclaimReferral } from './vclaim.ts';

/** How long a referral is valid: 90 days, its visit date the first. */
export const REFERRAL_DAYS = 90;

/** A letter as the rule reads it. */
export interface Letter {
  jeniskunjungan: ReferralKind;
  nomorreferensi: string;
  /** The card it was written for; '' when VClaim did not say. */
  noKartu: string;
  kodepoli: string;
  namapoli: string;
  perujuk: string;
  tgl_terbit: string;
  /** The last visit day it is valid for. */
  berlaku_sampai: string;
  tgl_kontrol: string | null;
  kodedokter: string | null;
  namadokter: string | null;
  /** A SEP was made on it already. */
  used: boolean;
  /** An inpatient order (SPRI, jnsKontrol 1), not a control letter for the clinic. */
  spri?: boolean;
}

/** What the booking asks of the letter: whose card, which BPJS poli (and its name for the words), which day. */
export interface Wanted {
  card: string;
  kodepoli: string;
  clinic: string;
  date: string;
  today: string;
}

const where = (l: Pick<Letter, 'jeniskunjungan'>) => (l.jeniskunjungan === 4 ? 'rumah sakit yang merujuk Anda' : 'puskesmas atau klinik Anda (FKTP)');

export const REFERRAL_MSG = {
  missing:
    'Kolom nomorreferensi: pilih rujukan FKTP atau surat kontrol Anda dari daftar sebelum membuat janji BPJS. Belum punya? Minta rujukan ke puskesmas atau klinik Anda, atau surat kontrol kepada dokter poli.',
  noCard:
    'Nomor kartu BPJS Anda belum tercatat di rumah sakit, sehingga rujukan tidak dapat diperiksa. Silakan hubungi loket pendaftaran, atau pilih Non BPJS.',
  noPoli: (clinic: string) =>
    `${clinic} belum terhubung dengan poli BPJS, sehingga rujukan untuknya tidak dapat diperiksa. Silakan daftar di loket pendaftaran, atau pilih Non BPJS.`,
  notOffered: 'Daftar rujukan BPJS tidak tersedia di rumah sakit ini. Silakan bawa surat rujukan atau surat kontrol Anda ke loket pendaftaran.',
  unavailable: 'Layanan BPJS (VClaim) sedang tidak dapat dihubungi, sehingga rujukan belum dapat diperiksa. Silakan coba lagi beberapa saat lagi.',
  notFound: (no: string) =>
    `Nomor ${no} tidak ditemukan di BPJS sebagai rujukan atau surat kontrol. Periksa kembali nomornya, atau pilih dari daftar rujukan Anda.`,
  otherCard: 'Rujukan atau surat kontrol ini bukan atas nama kartu BPJS Anda. Silakan gunakan rujukan atau surat kontrol milik Anda sendiri.',
  spri: 'Surat ini adalah surat perintah rawat inap (SPRI), bukan surat kontrol rawat jalan. Silakan gunakan surat kontrol dari dokter poli.',
  expired: (l: Letter) => `Rujukan ini sudah tidak berlaku sejak ${formatLong(addDays(l.berlaku_sampai, 1))}. Silakan minta rujukan baru ke ${where(l)}.`,
  controlPast: (l: Letter) =>
    `Surat kontrol ini untuk tanggal ${formatLong(l.tgl_kontrol)}, yang sudah lewat. Silakan minta surat kontrol baru kepada dokter poli atau di loket pendaftaran.`,
  usedReferral:
    'Rujukan ini sudah dipakai untuk kunjungan pertama Anda di rumah sakit. Kunjungan berikutnya memerlukan surat kontrol: silakan minta kepada dokter poli atau di loket pendaftaran.',
  usedControl: 'Surat kontrol ini sudah dipakai (SEP-nya sudah terbit). Silakan minta surat kontrol baru kepada dokter poli atau di loket pendaftaran.',
  otherPoli: (l: Letter, clinic: string) =>
    `${l.tgl_kontrol ? 'Surat kontrol' : 'Rujukan'} ini untuk poli ${l.namapoli}, bukan ${clinic}. Silakan buat janji di poli ${l.namapoli}, atau minta ${l.tgl_kontrol ? 'surat kontrol' : 'rujukan'} untuk poli yang Anda tuju.`,
  beyond: (l: Letter) =>
    `Rujukan ini hanya berlaku sampai ${formatLong(l.berlaku_sampai)}. Silakan pilih tanggal kunjungan paling lambat ${formatLong(l.berlaku_sampai)}, atau minta rujukan baru ke ${where(l)}.`,
  before: (l: Letter) => `Rujukan ini baru berlaku mulai ${formatLong(l.tgl_terbit)}. Silakan pilih tanggal kunjungan mulai ${formatLong(l.tgl_terbit)}.`,
  controlDay: (l: Letter) =>
    `Surat kontrol ini untuk tanggal ${formatLong(l.tgl_kontrol)}. Silakan buat janji pada tanggal itu, atau minta petugas poli mengubah tanggal kontrolnya.`,
} as const;

/** Why a booking may not rest on the letter, in words the patient can act on; null when it may. Pure. */
export function letterRefusal(l: Letter, w: Wanted): string | null {
  if (l.noKartu !== w.card) return REFERRAL_MSG.otherCard;
  if (l.spri) return REFERRAL_MSG.spri;
  if (l.tgl_kontrol) {
    if (daysBetween(w.today, l.tgl_kontrol) < 0) return REFERRAL_MSG.controlPast(l);
    if (l.used) return REFERRAL_MSG.usedControl;
  } else {
    if (daysBetween(w.today, l.berlaku_sampai) < 0) return REFERRAL_MSG.expired(l);
    if (l.used) return REFERRAL_MSG.usedReferral;
  }
  if (l.kodepoli !== w.kodepoli) return REFERRAL_MSG.otherPoli(l, w.clinic);
  if (l.tgl_kontrol) return l.tgl_kontrol === w.date ? null : REFERRAL_MSG.controlDay(l);
  if (daysBetween(w.date, l.tgl_terbit) > 0) return REFERRAL_MSG.before(l);
  if (daysBetween(l.berlaku_sampai, w.date) > 0) return REFERRAL_MSG.beyond(l);
  return null;
}

/** A referral of VClaim's as the rule reads it; `used` from its SEP count. */
export function referralLetter(r: VclaimReferral, source: ReferralSource, sepCount: number): Letter {
  return {
    jeniskunjungan: source === 'rs' ? 4 : 1,
    nomorreferensi: r.noKunjungan,
    noKartu: r.peserta?.noKartu ?? '',
    kodepoli: r.poliRujukan?.kode ?? '',
    namapoli: r.poliRujukan?.nama ?? '',
    perujuk: r.provPerujuk?.nama ?? '',
    tgl_terbit: r.tglKunjungan,
    berlaku_sampai: addDays(r.tglKunjungan, REFERRAL_DAYS - 1),
    tgl_kontrol: null,
    kodedokter: null,
    namadokter: null,
    used: sepCount > 0,
  };
}

class VclaimDown extends Error {}

/** The answer's data; null for nothing found; throws VclaimDown when VClaim gave no usable answer. */
function read<T>(a: VclaimAnswer<T>): T | null {
  if (a.kind === 'down') throw new VclaimDown(a.message);
  return a.kind === 'found' ? a.data : null;
}

/** A referral by number, from the source its kind names first, then the other (the kind may be wrong). */
async function referralByNumber(v: Vclaim, no: string, kind: number): Promise<Letter | null> {
  const order: ReferralSource[] = kind === 4 ? ['rs', 'fktp'] : ['fktp', 'rs'];
  for (const source of order) {
    const r = read(await v.referral(no, source));
    if (r) return referralLetter(r, source, read(await v.sepCount(no, source)) ?? 0);
  }
  return null;
}

/**
 * A control letter by number; whether its SEP is out, from the card's letters of its month (the
 * one call that tells), which also says whether it is this card's.
 */
async function controlByNumber(v: Vclaim, no: string, card: string): Promise<Letter | null> {
  const c = read(await v.controlLetter(no));
  if (!c) return null;
  const [year, month] = c.tglRencanaKontrol.split('-').map(Number);
  const row = (read(await v.controlLettersOfMonth(card, year, month)) ?? []).find((r) => r.noSuratKontrol === c.noSuratKontrol);
  return {
    jeniskunjungan: 3,
    nomorreferensi: c.noSuratKontrol,
    noKartu: row?.noKartu ?? c.sep?.peserta?.noKartu ?? '',
    kodepoli: c.poliTujuan,
    namapoli: c.namaPoliTujuan,
    perujuk: c.namaDokter,
    tgl_terbit: c.tglTerbit,
    berlaku_sampai: c.tglRencanaKontrol,
    tgl_kontrol: c.tglRencanaKontrol,
    kodedokter: c.kodeDokter,
    namadokter: c.namaDokter,
    used: row?.terbitSEP === 'Sudah',
    spri: c.jnsKontrol === '1',
  };
}

/** `letter`: the letter as VClaim showed it (its validity for the pushes before it runs out). */
export type LetterVerdict = { ok: true; rujukan: { jeniskunjungan: number; nomorreferensi: string }; letter: Letter } | { ok: false; message: string };

/**
 * Whether a booking may rest on the letter it names, as VClaim shows the letter now. `kind` 3 is
 * looked up as a control letter; 1, 2 and 4 as a referral (2, an internal referral, rests on the
 * first visit's referral: its card and validity are checked, not its poli nor its SEP count).
 */
export async function checkLetter(
  v: Vclaim,
  letter: { jeniskunjungan?: number; nomorreferensi?: string },
  w: Omit<Wanted, 'kodepoli'> & { kodepoli: string | null },
): Promise<LetterVerdict> {
  const no = letter.nomorreferensi?.trim();
  if (!no) return { ok: false, message: REFERRAL_MSG.missing };
  if (!w.card) return { ok: false, message: REFERRAL_MSG.noCard };
  if (!w.kodepoli) return { ok: false, message: REFERRAL_MSG.noPoli(w.clinic) };
  try {
    const kind = letter.jeniskunjungan ?? 0;
    const found = kind === 3 ? await controlByNumber(v, no, w.card) : await referralByNumber(v, no, kind);
    if (!found) return { ok: false, message: REFERRAL_MSG.notFound(no) };
    const internal = kind === 2 && !found.tgl_kontrol;
    const checked = internal ? { ...found, used: false, kodepoli: w.kodepoli } : found;
    const refusal = letterRefusal(checked, { ...w, kodepoli: w.kodepoli });
    if (refusal) return { ok: false, message: refusal };
    return { ok: true, rujukan: { jeniskunjungan: internal ? 2 : found.jeniskunjungan, nomorreferensi: found.nomorreferensi }, letter: found };
  } catch (err) {
    if (err instanceof VclaimDown) return { ok: false, message: REFERRAL_MSG.unavailable };
    throw err;
  }
}

/**
 * The card's letters a booking can rest on from `today`: its FKTP and hospital referrals still
 * valid and without a SEP, and its control letters (filter 2, by planned day) of the months up to
 * `until`, planned today or later, their SEP not out. Soonest to run out first. Null: VClaim did
 * not answer.
 */
export async function usableLetters(v: Vclaim, card: string, today: string, until: string): Promise<Letter[] | null> {
  try {
    const letters: Letter[] = [];
    for (const source of ['fktp', 'rs'] as const) {
      for (const r of read(await v.referralsByCard(card, source)) ?? []) {
        const l = referralLetter(r, source, 0);
        if (l.noKartu && l.noKartu !== card) continue;
        if (daysBetween(today, l.berlaku_sampai) < 0) continue;
        const used = (read(await v.sepCount(l.nomorreferensi, source)) ?? 0) > 0;
        if (!used) letters.push({ ...l, noKartu: card });
      }
    }
    for (let m = today.slice(0, 7); m <= until.slice(0, 7); m = addDays(`${m}-28`, 7).slice(0, 7)) {
      const [year, month] = m.split('-').map(Number);
      for (const r of read(await v.controlLettersOfMonth(card, year, month)) ?? []) {
        if (r.noKartu !== card || r.jnsKontrol !== '2' || r.terbitSEP === 'Sudah' || daysBetween(today, r.tglRencanaKontrol) < 0) continue;
        letters.push({
          jeniskunjungan: 3,
          nomorreferensi: r.noSuratKontrol,
          noKartu: card,
          kodepoli: r.poliTujuan,
          namapoli: r.namaPoliTujuan,
          perujuk: r.namaDokter,
          tgl_terbit: r.tglTerbitKontrol,
          berlaku_sampai: r.tglRencanaKontrol,
          tgl_kontrol: r.tglRencanaKontrol,
          kodedokter: r.kodeDokter,
          namadokter: r.namaDokter,
          used: false,
        });
      }
    }
    return letters.sort((a, b) => a.berlaku_sampai.localeCompare(b.berlaku_sampai) || a.nomorreferensi.localeCompare(b.nomorreferensi));
  } catch (err) {
    if (err instanceof VclaimDown) return null;
    throw err;
  }
}

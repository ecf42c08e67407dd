// What is sent to BPJS Antrean RS v2, built from the hospital's facts (docs/bpjs.md). Pure:
// the database reads the facts (db/bpjs.ts), these rules shape them; here in domain/ so that the
// outbox and the local connector, which queue the reports, and bpjs/, which sends them, all reach it.
import { formatHours } from '../../common/hours.ts';
import { estimateCall } from './estimate.ts';
import { READY_STATUS } from './queues.ts';
import { atWib } from '../../common/wib.ts';

export type Endpoint = 'add' | 'updatewaktu' | 'batal' | 'farmasi/add' | typeof UPDATE_JADWAL | typeof GET_LIST_TASK;

/** The task times BPJS holds of a kodebooking: POST {base}/antrean/getlisttask {kodebooking} (a read: no outbox row). */
export const GET_LIST_TASK = 'getlisttask';

/** HFIS's weekly schedule of a doctor at a poli: POST {base}/jadwaldokter/updatejadwaldokter (not under antrean/). */
export const UPDATE_JADWAL = 'jadwaldokter/updatejadwaldokter';

/** The request's path under BPJS_ANTREAN_URL. */
export const pathOf = (endpoint: Endpoint): string => (endpoint === UPDATE_JADWAL ? endpoint : `antrean/${endpoint}`);

/** Task ids of BPJS's service times this server reports: check-in, called, done, pharmacy. */
export const TASK = { checkin: 3, called: 4, done: 5, pharmacyStarts: 6, medicineReady: 7, absent: 99 } as const;

/** A kodebooking's rows go in this order: the add, its task times by id, the cancel. */
export const seqOf = (endpoint: Endpoint, taskid?: number): number =>
  endpoint === 'add' || endpoint === UPDATE_JADWAL ? 0 : endpoint === 'batal' ? 100 : endpoint === 'farmasi/add' ? TASK.done : (taskid ?? 0);

/** An appointment as the add reports it. */
export interface AddFacts {
  kodebooking: string;
  nomr: string;
  carabayar: 'B' | 'P';
  /** The BPJS card number (no_jaminan), the NIK (no_ktp) and the phone the booking gave. */
  no_jaminan: string | null;
  no_ktp: string | null;
  hp: string;
  tgl_janji: string;
  kd_dep: string;
  kd_dr: string;
  /** From the mapping tables; null when the hospital has not mapped the code. */
  kodepoli: string | null;
  namapoli: string;
  kodedokter: number | null;
  namadokter: string;
  jam_dtg: string;
  jam_plg: string;
  no_urut: number;
  batas_quota: number;
  quota_terisi: number;
  /** The patient was seen in this clinic before: a follow-up (kontrol). */
  seen_before: boolean;
  /** The referral the booking gave (its kind 1–4 and number); null when it gave none. */
  jeniskunjungan?: number | null;
  nomorreferensi?: string | null;
  /**
   * Patients ahead (waiting in the day's queue once there is one, else the seats before this one,
   * the counter's too, less those given back) and the session's calls so far (epoch ms): the
   * visit day's estimate.
   */
  ahead: number;
  calls: number[];
  minutes_per_patient: number;
}

interface AddPayload {
  kodebooking: string;
  jenispasien: 'JKN' | 'NON JKN';
  nomorkartu: string;
  nik: string;
  nohp: string;
  kodepoli: string;
  namapoli: string;
  pasienbaru: 0 | 1;
  norm: string;
  tanggalperiksa: string;
  kodedokter: number;
  namadokter: string;
  jampraktek: string;
  jeniskunjungan: 1 | 2 | 3 | 4;
  nomorreferensi: string;
  nomorantrean: string;
  angkaantrean: number;
  estimasidilayani: number;
  sisakuotajkn: number;
  kuotajkn: number;
  sisakuotanonjkn: number;
  kuotanonjkn: number;
  keterangan: string;
}

/**
 * unmapped: a clinic or doctor without its BPJS code; held: a JKN patient without the NIK or card
 * number BPJS requires. Either is kept with its reason and never sent empty.
 */
export type BuiltAdd = { ok: true; payload: AddPayload } | { ok: false; status: 'unmapped' | 'held'; missing: string };

/** A NIK is 16 digits; a BPJS card number 13. */
const NIK = /^[0-9]{16}$/;
const CARD = /^[0-9]{13}$/;

/** 'H:MM', 'HH.MM' or 'HH:MM:SS' as BPJS's 'HH:mm'. */
const hhmm = (t: string): string => {
  const m = /^(\d{1,2})[:.](\d{2})/.exec(t.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : t;
};

/**
 * The add, or the codes that have no BPJS code yet: a clinic or doctor is never reported under a
 * guessed code. `now` (epoch ms) bounds the estimate: never earlier than the booking.
 */
export function buildAdd(f: AddFacts, now: number): BuiltAdd {
  if (!f.kodepoli || !f.kodedokter) {
    const missing = [f.kodepoli ? null : `kd_dep ${f.kd_dep}`, f.kodedokter ? null : `kd_dr ${f.kd_dr}`].filter(Boolean);
    return { ok: false, status: 'unmapped', missing: `Belum dipetakan ke kode BPJS: ${missing.join(', ')}` };
  }
  const jkn = f.carabayar === 'B';
  if (jkn) {
    const lacking = [NIK.test(f.no_ktp ?? '') ? null : 'NIK (no_ktp)', CARD.test(f.no_jaminan ?? '') ? null : 'nomor kartu BPJS (no_jaminan)'].filter(Boolean);
    if (lacking.length) return { ok: false, status: 'held', missing: `Data pasien JKN belum lengkap: ${lacking.join(', ')}` };
  }
  const start = atWib(f.tgl_janji, hhmm(f.jam_dtg));
  const left = Math.max(0, f.batas_quota - f.quota_terisi);
  return {
    ok: true,
    payload: {
      kodebooking: f.kodebooking,
      jenispasien: jkn ? 'JKN' : 'NON JKN',
      nomorkartu: jkn ? (f.no_jaminan ?? '') : '',
      nik: f.no_ktp ?? '',
      nohp: f.hp,
      kodepoli: f.kodepoli,
      namapoli: f.namapoli,
      // A patient who books in the app has a medical record number: known to the hospital.
      pasienbaru: 0,
      norm: f.nomr,
      tanggalperiksa: f.tgl_janji,
      kodedokter: f.kodedokter,
      namadokter: f.namadokter,
      jampraktek: `${hhmm(f.jam_dtg)}-${hhmm(f.jam_plg)}`,
      // The referral the booking gave; without one, 3 a follow-up in a clinic the patient was seen
      // in, 1 a first visit on a primary-care referral (the counter checks the letter on arrival).
      jeniskunjungan: (f.jeniskunjungan ?? (f.seen_before ? 3 : 1)) as AddPayload['jeniskunjungan'],
      nomorreferensi: f.nomorreferensi ?? '',
      nomorantrean: `${f.kodepoli}-${f.no_urut}`,
      angkaantrean: f.no_urut,
      estimasidilayani: estimateCall({ now, start, calls: f.calls, defaultMinutes: f.minutes_per_patient }, f.ahead),
      // One quota per session, whoever pays: both of BPJS's pairs report it.
      sisakuotajkn: left,
      kuotajkn: f.batas_quota,
      sisakuotanonjkn: left,
      kuotanonjkn: f.batas_quota,
      keterangan: `Silakan check-in di aplikasi atau di loket pendaftaran sebelum ${formatHours(hhmm(f.jam_dtg))}.`,
    },
  };
}

const normal = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const isReady = (s: string) => normal(s) === READY_STATUS.toLowerCase();
/** Handed over: the patient has the medicine. */
const isHandedOver = (s: string) => ['sudah diambil', 'diserahkan', 'selesai'].includes(normal(s));
/** Being made: 'Sedang disiapkan', 'Sedang diracik', … */
const isPreparing = (s: string) => normal(s).startsWith('sedang');

/**
 * BPJS's jenisresep: 'racikan' once the pharmacy says it is compounding (diracik), else 'non racikan'.
 * farmasi/add spells it so ('racikan' | 'non racikan': ssecd/jkn src/antrean.ts, tambahFarmasi).
 */
export const jenisResep = (status: string): 'racikan' | 'non racikan' => (/racik/i.test(status) ? 'racikan' : 'non racikan');

/**
 * The same kind as updatewaktu spells it: 'Tidak ada' | 'Racikan' | 'Non racikan', "khusus yang
 * sudah implementasi antrean farmasi" (ssecd/jkn src/antrean.ts, updateWaktu). This server sends it
 * on the pharmacy's tasks 6 and 7 only: at the clinic's 5 it cannot know yet whether a
 * prescription follows.
 */
export const taskResep = (kind: 'racikan' | 'non racikan'): 'Racikan' | 'Non racikan' => (kind === 'racikan' ? 'Racikan' : 'Non racikan');

/**
 * The task BPJS needs before `taskid`: an old patient's visit goes 3-4-5, with medicine 6-7 after
 * ("Alur Task Id Pasien Lama: 3-4-5 (apabila ada obat tambah 6-7)", the catalogue as ssecd/jkn
 * src/antrean.ts quotes it), and BPJS refuses a step whose predecessor is missing ('TaskId=4 tidak
 * valid / TaskId sebelumnya belum terkirim'; public senders handle the related 'TaskId=3 belum ada':
 * rsaisyiyahmuntilancoid/antrol app/Services/MobileJknService.php). 99 (absent) needs none.
 */
export const taskBefore = (taskid: number): number | null => (taskid > TASK.checkin && taskid <= TASK.medicineReady ? taskid - 1 : null);

/**
 * The pharmacy's task time a status change reports: 6 when the medicine starts being prepared,
 * 7 when it is done (ready, or handed over when ready was never set). A time is reported once
 * (db/bpjs.ts); a step the pharmacy never reported is not made up.
 */
export function pharmacyTask(status: string): number | null {
  if (isReady(status) || isHandedOver(status)) return TASK.medicineReady;
  if (isPreparing(status)) return TASK.pharmacyStarts;
  return null;
}

/** A doctor's weekly clinic session as HFIS's schedule lists it: ISO weekday (1 Monday … 7 Sunday), hours. */
export interface WeeklySession {
  hari: number;
  jam_dtg: string;
  jam_plg: string;
}

export interface UpdateJadwalPayload {
  kodepoli: string;
  kodesubspesialis: string;
  kodedokter: number;
  jadwal: Array<{ hari: string; buka: string; tutup: string }>;
}

/**
 * updatejadwaldokter: the doctor's whole weekly schedule at the poli as it is now (BPJS replaces
 * HFIS's with it; a session without seats, a leave, is left out). Unmapped codes are never guessed.
 */
export function buildJadwal(
  codes: { kd_dep: string; kd_dr: string; kodepoli: string | null; kodesubspesialis?: string | null; kodedokter: number | null },
  sessions: readonly WeeklySession[],
): { ok: true; payload: UpdateJadwalPayload } | { ok: false; status: 'unmapped'; missing: string } {
  if (!codes.kodepoli || !codes.kodedokter) {
    const missing = [codes.kodepoli ? null : `kd_dep ${codes.kd_dep}`, codes.kodedokter ? null : `kd_dr ${codes.kd_dr}`].filter(Boolean);
    return { ok: false, status: 'unmapped', missing: `Belum dipetakan ke kode BPJS: ${missing.join(', ')}` };
  }
  return {
    ok: true,
    payload: {
      kodepoli: codes.kodepoli,
      // HFIS keeps the poli and its sub-specialty apart (ref/poli: kdpoli, kdsubspesialis); a poli
      // without sub-specialties is its own (ssecd/jkn src/antrean.ts, refPoli, updateJadwalDokter).
      kodesubspesialis: codes.kodesubspesialis || codes.kodepoli,
      kodedokter: codes.kodedokter,
      // One session per weekday and hours: two clinics of the poli may list the same hours.
      jadwal: [...new Map(sessions.map((x) => [`${x.hari} ${hhmm(x.jam_dtg)} ${hhmm(x.jam_plg)}`, x])).values()]
        .sort((a, b) => a.hari - b.hari || hhmm(a.jam_dtg).localeCompare(hhmm(b.jam_dtg)))
        .map((s) => ({ hari: String(s.hari), buka: hhmm(s.jam_dtg), tutup: hhmm(s.jam_plg) })),
    },
  };
}

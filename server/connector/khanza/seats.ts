// The seat pool of SIMRS=khanza: a booking is a clinic registration in Khanza itself, written as
// Khanza's own Mobile JKN service writes one (docs/decisions.md): a reg_periksa row (stts 'Belum')
// and its referensi_mobilejkn_bpjs row, in one Khanza transaction under the row lock of the
// doctor's practice (jadwal) for that weekday, the lock the quota guard (quota-guard.sql) makes
// every registration take. Seats are counted per practice session (a doctor's morning and afternoon
// at one clinic each sell their own kuota; placement.ts places a row by its time): registrations not
// cancelled, and the counter's bookings for that day not yet registered.
import { ER, errno, type KhanzaDb, type KhanzaQuery } from './client.ts';
import { inSession, regTime, takenIn } from './placement.ts';

/** Khanza's day names (jadwal.hari_kerja) by JavaScript's getUTCDay(): Sunday is AKHAD. */
export const HARI_KERJA = ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'] as const;
export const hariKerja = (date: string): (typeof HARI_KERJA)[number] => HARI_KERJA[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** One practice session of a doctor at a clinic on a date: the unit seats are counted in. */
export interface SeatSession {
  kd_dokter: string;
  kd_poli: string;
  tanggal: string;
  /** The session's start ('HH:MM', jadwal.jam_mulai): which of the doctor's sessions that day. */
  jam_mulai: string;
}

export interface SeatRequest extends SeatSession {
  no_rkm_medis: string;
  /** Khanza's payer code (penjab.kd_pj): BPJS or the hospital's general one. */
  kd_pj: string;
  nohp: string;
  /** A JKN visit's referral (jeniskunjungan 1–4 and its number); none: written as Khanza's kontrol. */
  rujukan?: { jeniskunjungan: number; nomorreferensi: string } | null;
  /**
   * The reference row's statuskirim: 'Belum' for Khanza's Antrean sender to add it to BPJS (a
   * booking made in the app), 'Sudah' for one BPJS holds already (made in Mobile JKN).
   */
  statuskirim?: 'Belum' | 'Sudah';
  /** Minutes per patient of the estimate (estimasidilayani); 0: none written. */
  minutesPerPatient?: number;
  /**
   * Whether the booking gets its referensi_mobilejkn_bpjs row (the default): a JKN booking. false:
   * the registration alone, as Khanza's counter writes one, which Khanza's Antrean sender reports
   * as NON JKN under its no_rawat (docs/decisions.md, SIMRS Khanza: the remaining channels).
   */
  reference?: boolean;
}

/** Khanza's jeniskunjungan enum, by BPJS's number. */
const JENIS_KUNJUNGAN = ['', '1 (Rujukan FKTP)', '2 (Rujukan Internal)', '3 (Kontrol)', '4 (Rujukan Antar RS)'];

/** A seat taken: Khanza's names for it. */
export interface Seat {
  /** The visit's number in Khanza (YYYY/MM/DD/NNNNNN). */
  no_rawat: string;
  /** Khanza's queue number of the doctor's day at the clinic ('001'): this API's no_urut. */
  no_reg: string;
  /** The booking code of referensi_mobilejkn_bpjs (YYYYMMDDNNNNNN); '' for a registration without one. */
  nobooking: string;
}

export type SeatOutcome = { ok: true; seat: Seat } | { ok: false; reason: 'full' | 'no-practice' };

interface Practice {
  kuota: number | null;
  jam_mulai: string;
  jam_selesai: string | null;
}

const SESSION = 'kd_dokter = ? AND kd_poli = ? AND hari_kerja = ? AND jam_mulai = ?';
const sessionKey = (s: SeatSession) => [s.kd_dokter, s.kd_poli, hariKerja(s.tanggal), `${s.jam_mulai.slice(0, 5)}:00`];

/**
 * Locks the doctor's day at the clinic for the transaction, as the quota guard does (quota-guard.sql:
 * the row of the day's first session, whichever session is booked, so a count of one session never
 * waits on an insert in the other while that one waits on it), and reads the session the booking is
 * for; null when the doctor has no such session that weekday.
 */
async function lockPractice(q: KhanzaQuery, s: SeatSession): Promise<Practice | null> {
  await q.query('SELECT jam_mulai FROM jadwal WHERE kd_dokter = ? AND kd_poli = ? AND hari_kerja = ? ORDER BY jam_mulai LIMIT 1 FOR UPDATE', [
    s.kd_dokter,
    s.kd_poli,
    hariKerja(s.tanggal),
  ]);
  const [row] = await q.query<Practice>(`SELECT kuota, jam_mulai, jam_selesai FROM jadwal WHERE ${SESSION}`, sessionKey(s));
  return row ?? null;
}

/** Seats taken in the session, read under its lock. */
export async function seatsTaken(q: KhanzaQuery, s: SeatSession): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT ${takenIn('j', '?')} AS n FROM jadwal j WHERE j.${SESSION.replaceAll(' AND ', ' AND j.')}`, [
    s.tanggal,
    s.tanggal,
    ...sessionKey(s),
  ]);
  return Number(row?.n ?? 0);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The next numbers of the day as Khanza makes them: no_reg per doctor and clinic, no_rawat and nobooking per date. */
async function nextNumbers(q: KhanzaQuery, s: SeatSession): Promise<Seat> {
  const [row] = await q.query<{ reg: number; rawat: number; booking: number }>(
    `SELECT (SELECT IFNULL(MAX(CONVERT(no_reg, SIGNED)), 0) + 1 FROM reg_periksa WHERE kd_dokter = ? AND kd_poli = ? AND tgl_registrasi = ?) AS reg,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(no_rawat, 6), SIGNED)), 0) + 1 FROM reg_periksa WHERE tgl_registrasi = ?) AS rawat,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(nobooking, 6), SIGNED)), 0) + 1 FROM referensi_mobilejkn_bpjs WHERE tanggalperiksa = ?) AS booking`,
    [s.kd_dokter, s.kd_poli, s.tanggal, s.tanggal, s.tanggal],
  );
  return {
    no_reg: pad(Number(row.reg), 3),
    no_rawat: `${s.tanggal.replaceAll('-', '/')}/${pad(Number(row.rawat), 6)}`,
    nobooking: `${s.tanggal.replaceAll('-', '')}${pad(Number(row.booking), 6)}`,
  };
}

/** A seat reserved under the practice's lock, not yet written: its numbers and the practice's hours and quota. */
export interface Reserved {
  seat: Seat;
  kuota: number;
  /** Seats taken before this one. */
  taken: number;
  jam_mulai: string;
  jam_selesai: string | null;
}

/** Inside a Khanza transaction: locks the practice and reserves its next seat, or says why not. */
export async function reserveIn(q: KhanzaQuery, s: SeatSession): Promise<{ ok: true; reserved: Reserved } | { ok: false; reason: 'full' | 'no-practice' }> {
  const practice = await lockPractice(q, s);
  if (!practice) return { ok: false, reason: 'no-practice' };
  const kuota = practice.kuota ?? 0;
  // A kuota of 0 is a doctor's leave that day (or a practice closed to booking).
  const taken = kuota > 0 ? await seatsTaken(q, s) : 0;
  if (kuota <= 0 || taken >= kuota) return { ok: false, reason: 'full' };
  return { ok: true, reserved: { seat: await nextNumbers(q, s), kuota, taken, jam_mulai: practice.jam_mulai, jam_selesai: practice.jam_selesai } };
}

const jamPraktek = (r: Pick<Reserved, 'jam_mulai' | 'jam_selesai'>) => `${r.jam_mulai.slice(0, 5)}-${(r.jam_selesai ?? r.jam_mulai).slice(0, 5)}`;

/** Inside the same transaction: writes the reserved seat as Khanza's Mobile JKN service writes a booking. */
export async function writeSeatIn(q: KhanzaQuery, r: SeatRequest, { seat, kuota, taken, jam_mulai, jam_selesai }: Reserved): Promise<Seat> {
  // As Khanza's Mobile JKN service writes them: the practice's start plus the patients before at its pace, epoch ms; the seats left after this one.
  const start = Date.parse(`${r.tanggal}T${jam_mulai.slice(0, 5)}:00+07:00`);
  const estimasi = r.minutesPerPatient ? String(start + (Number(seat.no_reg) - 1) * r.minutesPerPatient * 60_000) : '0';
  const sisa = Math.max(0, kuota - taken - 1);
  await q.run(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, p_jawab, almt_pj, hubunganpj,
                              biaya_reg, stts, stts_daftar, status_lanjut, kd_pj, umurdaftar, sttsumur, status_bayar, status_poli)
     SELECT ?, ?, ?, ?, ?, p.no_rkm_medis, ?, '-', '-', '-', 0, 'Belum', 'Lama', 'Ralan', ?,
            TIMESTAMPDIFF(YEAR, p.tgl_lahir, ?), 'Th', 'Belum Bayar',
            IF(EXISTS (SELECT 1 FROM reg_periksa x WHERE x.no_rkm_medis = p.no_rkm_medis AND x.kd_poli = ?), 'Lama', 'Baru')
       FROM pasien p WHERE p.no_rkm_medis = ?`,
    [seat.no_reg, seat.no_rawat, r.tanggal, jam_mulai, r.kd_dokter, r.kd_poli, r.kd_pj, r.tanggal, r.kd_poli, r.no_rkm_medis],
  );
  if (r.reference === false) return { ...seat, nobooking: '' };
  await q.run(
    `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter,
                                           jampraktek, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani,
                                           sisakuotajkn, kuotajkn, sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
     SELECT ?, ?, IFNULL(p.no_peserta, ''), IFNULL(p.no_ktp, ''), ?, IFNULL(mp.kd_poli_bpjs, ?), '0', p.no_rkm_medis, ?,
            IFNULL(md.kd_dokter_bpjs, ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Belum', '0000-00-00 00:00:00', ?
       FROM pasien p
       LEFT JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = ?
       LEFT JOIN maping_dokter_dpjpvclaim md ON md.kd_dokter = ?
      WHERE p.no_rkm_medis = ?`,
    [
      seat.nobooking,
      seat.no_rawat,
      r.nohp,
      r.kd_poli,
      r.tanggal,
      r.kd_dokter,
      jamPraktek({ jam_mulai, jam_selesai }),
      JENIS_KUNJUNGAN[r.rujukan?.jeniskunjungan ?? 3] ?? JENIS_KUNJUNGAN[3],
      r.rujukan?.nomorreferensi ?? '',
      `${r.kd_poli}-${seat.no_reg}`,
      String(Number(seat.no_reg)),
      estimasi,
      sisa,
      kuota,
      sisa,
      kuota,
      r.statuskirim ?? 'Belum',
      r.kd_poli,
      r.kd_dokter,
      r.no_rkm_medis,
    ],
  );
  return seat;
}

/** Inside a Khanza transaction: takes the session's next seat for the patient, or says why not. */
export async function takeSeatIn(q: KhanzaQuery, r: SeatRequest): Promise<SeatOutcome> {
  const got = await reserveIn(q, r);
  if (!got.ok) return got;
  return { ok: true, seat: await writeSeatIn(q, r, got.reserved) };
}

/** A refusal Khanza makes by rolling the statement back: the same numbers taken at once, a deadlock. */
const retryable = (err: unknown) => [ER.dupEntry, ER.deadlock].includes(errno(err) as never);

/**
 * Takes a seat in its own Khanza transaction: in Khanza when it answers ok, nothing left behind
 * when it does not. Two registrations of another doctor that took the same no_rawat at once: the
 * loser's transaction rolled back and it tries again.
 */
export async function takeSeat(db: KhanzaDb, r: SeatRequest, attempts = 5): Promise<SeatOutcome> {
  for (let i = 1; ; i++) {
    try {
      return await db.tx((q) => takeSeatIn(q, r));
    } catch (err) {
      // The quota guard refused (a registration raced it past this transaction's own count).
      if (errno(err) === ER.signal) return { ok: false, reason: 'full' };
      if (i >= attempts || !retryable(err)) throw err;
    }
  }
}

/** Cancels the registration: Khanza's status 'Batal' on both rows; the seat is free at once. False when none is active. */
export async function cancelSeat(db: KhanzaDb, no_rawat: string): Promise<boolean> {
  return db.tx(async (q) => {
    const changed = await q.run(`UPDATE reg_periksa SET stts = 'Batal' WHERE no_rawat = ? AND stts = 'Belum'`, [no_rawat]);
    if (changed) await q.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Batal', validasi = NOW() WHERE no_rawat = ?`, [no_rawat]);
    return changed > 0;
  });
}

/**
 * Moves the registration to another session: the same rows changed (its no_rawat follows the new
 * date, as Khanza numbers visits by date), under both practices' locks taken in one order, so two
 * crossing moves cannot deadlock. Refused when the new session is full; the old one is then as it was.
 */
export async function moveSeat(db: KhanzaDb, no_rawat: string, to: SeatSession): Promise<SeatOutcome> {
  for (let i = 1; ; i++) {
    try {
      return await db.tx(async (q): Promise<SeatOutcome> => {
        // The session it is in now: where its time places it (placement.ts).
        const [from] = await q.query<SeatSession & { no_rkm_medis: string }>(
          `SELECT r.kd_dokter, r.kd_poli, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tanggal, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, r.no_rkm_medis
             FROM reg_periksa r JOIN jadwal j ON j.kd_dokter = r.kd_dokter AND j.kd_poli = r.kd_poli
                  AND j.hari_kerja = ELT(DAYOFWEEK(r.tgl_registrasi), ${HARI_KERJA.map((h) => `'${h}'`).join(', ')}) AND ${inSession(regTime('r'), 'j')}
            WHERE r.no_rawat = ? AND r.stts = 'Belum'`,
          [no_rawat],
        );
        if (!from) return { ok: false, reason: 'no-practice' };
        const key = (x: SeatSession) => `${x.kd_dokter}|${x.kd_poli}|${hariKerja(x.tanggal)}|${x.jam_mulai.slice(0, 5)}`;
        const locked = new Map<string, Practice | null>();
        for (const x of [from, to].sort((a, b) => key(a).localeCompare(key(b)))) {
          if (!locked.has(key(x))) locked.set(key(x), await lockPractice(q, x));
        }
        const target = locked.get(key(to));
        if (!target) return { ok: false, reason: 'no-practice' };
        const same = key(from) === key(to) && from.tanggal === to.tanggal;
        if (same) {
          const [row] = await q.query<{ no_reg: string; nobooking: string }>(
            'SELECT r.no_reg, m.nobooking FROM reg_periksa r LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat WHERE r.no_rawat = ?',
            [no_rawat],
          );
          return { ok: true, seat: { no_rawat, no_reg: row.no_reg, nobooking: row.nobooking } };
        }
        const kuota = target.kuota ?? 0;
        const taken = await seatsTaken(q, to);
        if (kuota <= 0 || taken >= kuota) return { ok: false, reason: 'full' };
        const seat = await nextNumbers(q, to);
        await q.run(`UPDATE reg_periksa SET no_rawat = ?, no_reg = ?, tgl_registrasi = ?, jam_reg = ?, kd_dokter = ?, kd_poli = ? WHERE no_rawat = ?`, [
          seat.no_rawat,
          seat.no_reg,
          to.tanggal,
          target.jam_mulai,
          to.kd_dokter,
          to.kd_poli,
          no_rawat,
        ]);
        await q.run(
          // A booking code of the new date (its number kept, it would be the next one's on the old date), its seats left there.
          `UPDATE referensi_mobilejkn_bpjs SET nobooking = ?, no_rawat = ?, tanggalperiksa = ?, kodedokter = ?, nomorantrean = ?, angkaantrean = ?,
                  jampraktek = ?, sisakuotajkn = ?, kuotajkn = ?, sisakuotanonjkn = ?, kuotanonjkn = ?
            WHERE no_rawat = ?`,
          [
            seat.nobooking,
            seat.no_rawat,
            to.tanggal,
            to.kd_dokter,
            `${to.kd_poli}-${seat.no_reg}`,
            String(Number(seat.no_reg)),
            jamPraktek(target),
            kuota - taken - 1,
            kuota,
            kuota - taken - 1,
            kuota,
            no_rawat,
          ],
        );
        const [kept] = await q.query<{ nobooking: string }>('SELECT nobooking FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [seat.no_rawat]);
        return { ok: true, seat: { ...seat, nobooking: kept?.nobooking ?? '' } };
      });
    } catch (err) {
      if (errno(err) === ER.signal) return { ok: false, reason: 'full' };
      if (i >= 5 || !retryable(err)) throw err;
    }
  }
}

// The seat pool of SIMRS=khanza: a booking is a clinic registration in Khanza itself, written as
// Khanza's own Mobile JKN service writes one (docs/decisions.md): a reg_periksa row (stts 'Belum')
// and its referensi_mobilejkn_bpjs row, in one Khanza transaction under the row lock of the
// doctor's practice (jadwal) for that weekday, the lock the quota guard (quota-guard.sql) makes
// every registration take. Seats are counted per practice session (a doctor's morning and afternoon
// at one clinic each sell their own kuota; placement.ts places a row by its time): registrations not
// cancelled, and the counter's bookings for that day not yet registered.
import { retried } from '../../retry/transaction.ts';
import { ER, errno, type KhanzaDb, type KhanzaQuery } from './client.ts';
import { inSession, regTime, takenIn } from './placement.ts';
import { jamPraktek, nextNumbers, type Reserved, type Seat, type SeatRequest, type SeatSession, writeSeatIn } from './rows.ts';

export type { Reserved, Seat, SeatRequest, SeatSession } from './rows.ts';

/** Khanza's day names (jadwal.hari_kerja) by JavaScript's getUTCDay(): Sunday is AKHAD. */
export const HARI_KERJA = ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'] as const;
export const hariKerja = (date: string): (typeof HARI_KERJA)[number] => HARI_KERJA[new Date(`${date}T00:00:00Z`).getUTCDay()];

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
 * waits on an insert in the other while that one waits on it).
 */
const lockDay = (q: KhanzaQuery, s: SeatSession) =>
  q.query('SELECT jam_mulai FROM jadwal WHERE kd_dokter = ? AND kd_poli = ? AND hari_kerja = ? ORDER BY jam_mulai LIMIT 1 FOR UPDATE', [
    s.kd_dokter,
    s.kd_poli,
    hariKerja(s.tanggal),
  ]);

/** lockDay, then the session the booking is for; null when the doctor has no such session that weekday. */
async function lockPractice(q: KhanzaQuery, s: SeatSession): Promise<Practice | null> {
  await lockDay(q, s);
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

/** The session's kuota and hours and the seats taken in it, in one statement: read once its lock is held. */
async function counted(q: KhanzaQuery, s: SeatSession): Promise<(Practice & { taken: number }) | null> {
  const [row] = await q.query<Practice & { taken: number }>(
    `SELECT j.kuota, j.jam_mulai, j.jam_selesai, ${takenIn('j', '?')} AS taken FROM jadwal j WHERE j.${SESSION.replaceAll(' AND ', ' AND j.')}`,
    [s.tanggal, s.tanggal, ...sessionKey(s)],
  );
  return row ? { ...row, taken: Number(row.taken) } : null;
}

/**
 * Whether the session is full as last committed, read with no lock (READ COMMITTED: this statement's
 * own snapshot). A booking asks it before queueing on the practice's lock: under the morning rush
 * it may have waited for its connection while the last seats went, and it is then refused without
 * holding the lock queue up. Only a refusal is decided by it; a seat is taken under the lock.
 */
export async function fullWhenRead(q: KhanzaQuery, s: SeatSession): Promise<boolean> {
  const [row] = await q.query<{ penuh: number }>(
    `SELECT (COALESCE(j.kuota, 0) <= 0 OR ${takenIn('j', '?')} >= j.kuota) AS penuh FROM jadwal j WHERE j.${SESSION.replaceAll(' AND ', ' AND j.')}`,
    [s.tanggal, s.tanggal, ...sessionKey(s)],
  );
  return Boolean(Number(row?.penuh ?? 0));
}

/**
 * Inside a Khanza transaction: locks the practice and reserves its next seat, or says why not.
 * `numberingHeld`: the transaction holds the numbering's lock already (rows.ts lockNumbering, which
 * takes every jadwal row of its scope that weekday, the day's first session among them): then the
 * count and the numbers follow it with no lock statement of their own, so a booking holds the lock
 * for fewer round trips.
 */
export async function reserveIn(
  q: KhanzaQuery,
  s: SeatSession,
  numberingHeld = false,
): Promise<{ ok: true; reserved: Reserved } | { ok: false; reason: 'full' | 'no-practice' }> {
  if (!numberingHeld) await lockDay(q, s);
  const practice = await counted(q, s);
  if (!practice) return { ok: false, reason: 'no-practice' };
  const kuota = practice.kuota ?? 0;
  // A kuota of 0 is a doctor's leave that day (or a practice closed to booking).
  if (kuota <= 0 || practice.taken >= kuota) return { ok: false, reason: 'full' };
  const seat = await nextNumbers(q, s, numberingHeld);
  return { ok: true, reserved: { seat, kuota, taken: practice.taken, jam_mulai: practice.jam_mulai, jam_selesai: practice.jam_selesai } };
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
  try {
    return await retried(attempts, retryable, () => db.tx((q) => takeSeatIn(q, r)));
  } catch (err) {
    // The quota guard refused (a registration raced it past this transaction's own count).
    if (errno(err) === ER.signal) return { ok: false, reason: 'full' };
    throw err;
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

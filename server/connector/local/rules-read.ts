// SIMRS=local: the patient's booking rules read in one statement (issue #46). A full session's
// refusal (BookingStore.unlocked, domain/booking.ts) is answered from it on the pool, with no
// transaction: one round trip where BEGIN, the three or four rule reads and COMMIT took five or
// six. A booking's own transaction reads the rules the same way, in one statement after the
// patient's lock (a statement of its own: under READ COMMITTED a statement that waited on the lock
// would read the appointments as they were before it waited). The rules answer from memory in
// domain/booking.ts's order with the semantics of booking.ts's four statements; a reschedule or
// cancel (manageStore) leaves one appointment out and keeps those four, as SIMRS=khanza does
// (connector/khanza/rules-read.ts).
import { addDays, todayWib } from '../../../common/dates.ts';
import type { AppointmentKind } from '../../../common/booking.ts';
import type { BookingTx } from '../../domain/booking.ts';
import type { Queryable } from '../../db/client.ts';

interface Row {
  last_bpjs: string | null;
  /** Null on the one row of a patient without an appointment the read covers. */
  id: number | null;
  schedule_id: number;
  kd_dep: string;
  tgl_janji: string;
  no_urut: number;
  no_reg: string;
  carabayar: 'B' | 'P';
  jenis: AppointmentKind;
  ds_dep: string;
  nama_dr: string;
  /** Its clinic and doctor are on file (appointments has no key to them: sameClinicDay joins them). */
  named: boolean;
  /** Its clinic-queue entry is 'selesai': served, no longer active. */
  selesai: boolean;
}

/**
 * The patient's appointments not cancelled on the date asked ($2) and from $3 on, with what each
 * rule reads; and the date of the last BPJS one not cancelled (the 8-day gap), on every row. A
 * patient without any still gets the one row with that date. On appointments_nomr_tgl.
 */
const FACTS = `
  SELECT b.last_bpjs, a.id::int AS id, a.schedule_id, a.kd_dep, a.tgl_janji, a.no_urut, a.no_reg, a.carabayar, a.jenis,
         c.ds_dep, d.nama_dr_lengkap AS nama_dr, (c.kd_dep IS NOT NULL AND d.kd_dr IS NOT NULL) AS named,
         EXISTS (SELECT 1 FROM clinic_queue cq WHERE cq.no_reg = a.no_reg AND cq.status = 'selesai') AS selesai
    FROM (SELECT max(tgl_janji) AS last_bpjs FROM appointments WHERE nomr = $1 AND carabayar = 'B' AND cancelled_at IS NULL) b
    LEFT JOIN (appointments a LEFT JOIN clinics c ON c.kd_dep = a.kd_dep LEFT JOIN doctors d ON d.kd_dr = a.kd_dr)
      ON a.nomr = $1 AND a.cancelled_at IS NULL AND (a.tgl_janji = $2 OR a.tgl_janji >= $3)`;

/** How many active appointments the patient holds from `today` on: not cancelled, not served (clinic queue 'selesai'). */
export async function activeAppointments(q: Queryable, nomr: string, today: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a
      WHERE a.nomr = $1 AND a.cancelled_at IS NULL AND a.tgl_janji >= $2
        AND NOT EXISTS (SELECT 1 FROM clinic_queue cq WHERE cq.no_reg = a.no_reg AND cq.status = 'selesai')`,
    [nomr, today],
  );
  return row.n;
}

type RuleReads = Pick<BookingTx, 'existing' | 'sameClinicDay' | 'lastBpjsAppointment' | 'activeAppointments'>;

/** The rules' reads for one booking request of patient `nomr` on `date`, in one statement read at the first rule. */
export function ruleReads(q: Queryable): RuleReads {
  // The active limit counts from the request's today (WIB), unknown until the last rule: the read
  // covers from the day before this moment's, so a request begun before midnight is covered too.
  const from = addDays(todayWib(), -1);
  let read: { nomr: string; date: string; rows: Promise<Row[]> } | null = null;
  const facts = (nomr: string, date: string) => {
    if (!read) read = { nomr, date, rows: q.query<Row>(FACTS, [nomr, date, from]) };
    // One request's rules name one patient and one date; another would need its own read.
    if (read.nomr !== nomr || read.date !== date) throw new Error('rulesRead: one patient and date a read');
    return read.rows;
  };
  // The date the request is for: the first rule (existing) names it, and every later one follows it.
  const asked = (nomr: string) => {
    if (!read) throw new Error('rulesRead: the same booking is asked first');
    return facts(nomr, read.date);
  };
  const held = (rows: Row[]) => rows.filter((r) => r.id !== null);
  const notMoving = (except?: number | string) => {
    // book() leaves nothing out; a reschedule reads in manageStore's transaction (booking.ts).
    if (except) throw new Error('rulesRead: no appointment is left out of a new booking');
  };

  return {
    async existing(nomr, sessionId, date) {
      const r = held(await facts(nomr, date)).find((x) => x.schedule_id === sessionId && x.tgl_janji === date);
      return r ? { no_urut: r.no_urut, no_reg: r.no_reg, carabayar: r.carabayar, jenis: r.jenis } : null;
    },
    async sameClinicDay(nomr, kdDep, date, except) {
      notMoving(except);
      const [r] = held(await facts(nomr, date))
        .filter((x) => x.named && x.kd_dep === kdDep && x.tgl_janji === date)
        .sort((a, b) => (a.id as number) - (b.id as number));
      return r ? { ds_dep: r.ds_dep, nama_dr: r.nama_dr, tgl_janji: r.tgl_janji, no_urut: r.no_urut } : null;
    },
    async lastBpjsAppointment(nomr, except) {
      notMoving(except);
      const [first] = await asked(nomr);
      return first?.last_bpjs ?? null;
    },
    async activeAppointments(nomr, today) {
      const rows = await asked(nomr);
      // A caller's today before the read's first day (a test's fixed clock): counted by the statement of its own.
      if (today < from) return activeAppointments(q, nomr, today);
      return held(rows).filter((x) => x.tgl_janji >= today && !x.selesai).length;
    },
  };
}

/** The reads of a refusal (BookingStore.unlocked): no lock, no write; a seat is never taken from them. */
export function rulesRead(q: Queryable): BookingTx {
  const refusalsOnly = () => Promise.reject(new Error('rulesRead answers refusals only: a booking takes the locked transaction'));
  return {
    lockPatient: async () => undefined,
    ...ruleReads(q),
    takeSeat: refusalsOnly,
    insert: refusalsOnly,
    setReminders: refusalsOnly,
    bookSeat: refusalsOnly,
  };
}

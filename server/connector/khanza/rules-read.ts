// SIMRS=khanza: the patient's booking rules read for a refusal (BookingStore.unlocked,
// domain/booking.ts): a practice already full when read is refused after the rules that come
// before "penuh" (the same booking again, one clinic a day, the BPJS gap, the active limit). Under
// the morning rush most attempts go this way, so their reads are one statement on the pool, with
// no transaction: InnoDB's consistent read of the patient's registrations (Khanza's own index on
// reg_periksa.no_rkm_medis), answered from memory to each rule. Only refusals are answered from it;
// a booking is made in the locked transaction (manage-tx.ts), which reads the rules again the same
// way, in one statement after the patient's lock (ruleReads).
import type { BookingTx } from '../../domain/booking.ts';
import type { KhanzaPayers, KhanzaQuery } from './client.ts';
import { known } from './practice.ts';
import { carabayar } from './registrations.ts';

interface Row {
  last_bpjs: string | null;
  no_rawat: string | null;
  no_reg: string;
  kd_pj: string;
  kd_dokter: string;
  kd_poli: string;
  tgl: string;
  stts: string;
  nm_poli: string;
  nm_dokter: string;
}

/**
 * The patient's clinic registrations not cancelled that a rule reads (those of the date asked, and
 * those still to be served: stts 'Belum'), each with its clinic's and doctor's names; and the date of
 * the last BPJS one (the 8-day gap; registrations.ts lastBpjs). A patient without any still gets
 * the one row of that date.
 */
const FACTS = `
  SELECT b.last_bpjs, r.no_rawat, r.no_reg, r.kd_pj, r.kd_dokter, r.kd_poli, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl, r.stts,
         p.nm_poli, d.nm_dokter
    FROM (SELECT DATE_FORMAT(MAX(tgl_registrasi), '%Y-%m-%d') AS last_bpjs FROM reg_periksa
           WHERE no_rkm_medis = ? AND kd_pj = ? AND stts <> 'Batal' AND status_lanjut = 'Ralan') b
    LEFT JOIN (reg_periksa r JOIN poliklinik p ON p.kd_poli = r.kd_poli JOIN dokter d ON d.kd_dokter = r.kd_dokter)
      ON r.no_rkm_medis = ? AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan' AND (r.tgl_registrasi = ? OR r.stts = 'Belum')`;

type RuleReads = Pick<BookingTx, 'existing' | 'sameClinicDay' | 'lastBpjsAppointment' | 'activeAppointments'>;

/** The rules' reads for one booking request of patient `nomr` on `date`, in one statement read at the first rule. */
export function ruleReads(q: KhanzaQuery, payers: KhanzaPayers): RuleReads {
  let read: { nomr: string; date: string; rows: Promise<Row[]> } | null = null;
  const facts = (nomr: string, date: string) => {
    if (!read) read = { nomr, date, rows: q.query<Row>(FACTS, [nomr, payers.bpjs, nomr, date]) };
    // One request's rules name one patient and one date; another would need its own read.
    if (read.nomr !== nomr || read.date !== date) throw new Error('rulesRead: one patient and date a read');
    return read.rows;
  };
  // The date the request is for: the first rule (existing) names it, and every later one follows it.
  const asked = () => {
    if (!read) throw new Error('rulesRead: the same booking is asked first');
    return read;
  };
  const registered = (rows: Row[]) => rows.filter((r) => r.no_rawat !== null);
  const notMoving = (except?: number) => {
    // book() leaves nothing out; a reschedule reads in its own transaction (manage-tx.ts).
    if (except) throw new Error('rulesRead: no appointment is left out of a new booking');
  };

  return {
    async existing(nomr, sessionId, date) {
      const s = known.get(sessionId);
      const rows = registered(await facts(nomr, date));
      if (!s) return null;
      const r = rows.find((x) => x.kd_dokter === s.kd_dr && x.kd_poli === s.kd_dep && x.tgl === date);
      return r ? { no_urut: Number(r.no_reg), no_reg: r.no_rawat as string, carabayar: carabayar(payers, r.kd_pj), jenis: 'poli' as const } : null;
    },
    async sameClinicDay(nomr, kdDep, date, except) {
      notMoving(except);
      const rows = registered(await facts(nomr, date))
        .filter((x) => x.kd_poli === kdDep && x.tgl === date)
        .sort((a, b) => ((a.no_rawat as string) < (b.no_rawat as string) ? -1 : 1));
      const r = rows[0];
      return r ? { ds_dep: r.nm_poli, nama_dr: r.nm_dokter, tgl_janji: r.tgl, no_urut: Number(r.no_reg) } : null;
    },
    async lastBpjsAppointment(nomr, except) {
      notMoving(except);
      const [first] = await facts(nomr, asked().date);
      return first?.last_bpjs ?? null;
    },
    async activeAppointments(nomr, today) {
      return registered(await facts(nomr, asked().date)).filter((x) => x.stts === 'Belum' && x.tgl >= today).length;
    },
  };
}

/** The reads of a refusal (BookingStore.unlocked): no lock, no write; a seat is never taken from them. */
export function rulesRead(q: KhanzaQuery, payers: KhanzaPayers): BookingTx {
  const refusalsOnly = () => Promise.reject(new Error('rulesRead answers refusals only: a booking takes the locked transaction'));
  return { lockPatient: async () => undefined, ...ruleReads(q, payers), takeSeat: refusalsOnly, insert: refusalsOnly, setReminders: refusalsOnly };
}

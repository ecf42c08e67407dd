// SIMRS=khanza: the appointments. The booking and manage stores (domain/booking.ts,
// domain/manage.ts) run their steps (manage-tx.ts) in one Khanza transaction, retried when two
// registrations took the same number at once or deadlocked, in the app's channel and in Mobile
// JKN's (its desk: jkn.ts); and the reads of a patient's appointments to come and last BPJS one.
import type { BookingStore, BookingTx } from '../../domain/booking.ts';
import type { ManageTx, UpcomingRow } from '../../domain/manage.ts';
import type { Channel, HospitalConnector } from '../hospital-connector.ts';
import { retried } from '../../retry/transaction.ts';
import { ER, errno, type KhanzaDb, type KhanzaQuery } from './client.ts';
import { khanzaJknDesk } from './jkn.ts';
import { type Later, manageTx, type TxContext } from './manage-tx.ts';
import { sessionFor, stsJam } from './practice.ts';
import { appBookings, carabayar, hhmm, lastBpjs, registrations } from './registrations.ts';
import { ruleReads, rulesRead } from './rules-read.ts';

type Appointments = Pick<HospitalConnector, 'booking' | 'manage' | 'mobileJkn' | 'lastBpjsAppointment' | 'upcomingAppointments'>;

export function khanzaAppointments(sik: KhanzaDb, ctx: TxContext): Appointments {
  const { db, payers } = ctx;

  /**
   * The booking's and the manage calls' one Khanza transaction; the audit entries written after it
   * commits. `channel`: the app's, or Mobile JKN's (its bookings and cancels BPJS holds already).
   */
  function transaction<T>(fn: (tx: ManageTx) => Promise<T>, channel: Channel = 'app', booking = false): Promise<T> {
    const later: Later[] = [];
    const attempt = async () => {
      later.length = 0;
      // A booking's rules (domain/booking.ts book(): all read after the patient's lock) in one statement.
      const txOf = (q: KhanzaQuery) => (booking ? { ...manageTx(q, later, channel, ctx), ...ruleReads(q, payers) } : manageTx(q, later, channel, ctx));
      const result = await sik.tx((q) => fn(txOf(q)));
      for (const write of later) await write();
      return result;
    };
    // Two registrations took the same number at once, or a deadlock: Khanza rolled this one back.
    // Four attempts in all.
    return retried(4, (err) => [ER.dupEntry, ER.deadlock].includes(errno(err) as never), attempt);
  }

  const bookingOf = (channel: Channel): BookingStore => ({
    session: (req, jenis) => sessionFor(sik, req, jenis),
    transaction: <T>(fn: (tx: BookingTx) => Promise<T>) => transaction(fn, channel, true),
    // The rules' reads in one statement, no transaction and no lock (InnoDB's consistent read):
    // one turn in the pool's queue. Only refusals are answered from them (domain/booking.ts, rules-read.ts).
    unlocked: <T>(fn: (tx: BookingTx) => Promise<T>) => fn(rulesRead(sik, payers)),
  });

  return {
    booking: bookingOf('app'),
    manage: { transaction: (fn) => transaction(fn) },
    mobileJkn: khanzaJknDesk(sik, {
      payers,
      booking: bookingOf('mobilejkn'),
      manage: { transaction: (fn) => transaction(fn, 'mobilejkn') },
    }),

    // Our no_reg is Khanza's no_rawat.
    lastBpjsAppointment: (nomr, except) => lastBpjs(sik, payers, nomr, except || null),
    async upcomingAppointments(nomr, today) {
      const rows = await registrations(
        sik,
        `r.no_rkm_medis = ? AND r.tgl_registrasi >= ? AND r.stts = 'Belum' ORDER BY r.tgl_registrasi, j.jam_mulai, r.no_rawat`,
        [nomr, today],
      );
      const app = await appBookings(db, rows);
      return rows.map(
        (r): UpcomingRow => ({
          tanggal_janji: r.tgl_registrasi,
          nama_dokter: r.nm_dokter,
          departemen: r.nm_poli,
          no_urut: Number(r.no_reg),
          no_reg: r.no_rawat,
          kd_dep: r.kd_poli,
          kd_dr: r.kd_dokter,
          jam_dtg: r.jam_mulai ?? hhmm(r.jam_reg),
          jam_plg: r.jam_selesai ?? r.jam_mulai ?? hhmm(r.jam_reg),
          sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)),
          carabayar: carabayar(payers, r.kd_pj),
          jenis: 'poli',
          meeting_url: null,
          checked_in: r.ref_status === 'Checkin' || Boolean(app.get(r.no_rawat)),
        }),
      );
    },
  };
}

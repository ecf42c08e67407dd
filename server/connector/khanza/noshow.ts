// SIMRS=khanza: the bookings nobody came to. A booking the app or Mobile JKN wrote is a
// registration (reg_periksa 'Belum', status_bayar 'Belum Bayar'); left so after its day, Khanza's
// counter refuses the patient's next visit where the hospital requires the cashier's closing:
// DlgReg.java (isPas) reads set_validasi_registrasi.wajib_closing_kasir and, when 'Yes', refuses a
// patient with "select count(no_rkm_medis) from reg_periksa where no_rkm_medis=? and
// status_bayar='Belum Bayar' and stts<>'Batal'" above 0 ('Maaf, pasien pada kunjungan sebelumnya
// memiliki tagihan yang belum di closing'). Khanza closes a registration that did not take place
// with stts 'Batal' (its registration screen's status menu; the count above leaves 'Batal' out),
// and so does this file for the bookings this API wrote, once their day is over: the Mobile JKN
// reference not checked in ('Belum'), and the app's bookings without one (simrs_bookings). A
// counter registration left open is the clerk's and is not touched.
import { addDays } from '../../../common/dates.ts';
import type { Db } from '../../db/client.ts';
import type { KhanzaDb } from './client.ts';

/** How far back a day's bookings are closed: older ones were closed by an earlier run, or by the hospital. */
const LOOKBACK_DAYS = 31;

/** Closes the bookings of the days before `today` (YYYY-MM-DD, WIB) that nobody came to: how many. */
export async function closeNoShows(sik: KhanzaDb, db: Db, today: string): Promise<number> {
  const since = addDays(today, -LOOKBACK_DAYS);
  const app = (
    await db.query<{ no_reg: string }>('SELECT no_reg FROM simrs_bookings WHERE tgl_janji < $1::date AND tgl_janji >= $2::date', [today, since])
  ).map((r) => r.no_reg);
  return sik.tx(async (q) => {
    const rows = await q.query<{ no_rawat: string }>(
      `SELECT r.no_rawat FROM reg_periksa r LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat
        WHERE r.stts = 'Belum' AND r.status_lanjut = 'Ralan' AND r.tgl_registrasi < ? AND r.tgl_registrasi >= ?
          AND (m.status = 'Belum' OR (m.no_rawat IS NULL AND r.no_rawat IN (${app.length ? app.map(() => '?').join(', ') : 'NULL'})))
        FOR UPDATE`,
      [today, since, ...app],
    );
    if (!rows.length) return 0;
    const closed = rows.map((r) => r.no_rawat);
    const list = closed.map(() => '?').join(', ');
    await q.run(`UPDATE reg_periksa SET stts = 'Batal' WHERE stts = 'Belum' AND no_rawat IN (${list})`, closed);
    await q.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Batal', validasi = NOW() WHERE status = 'Belum' AND no_rawat IN (${list})`, closed);
    return closed.length;
  });
}

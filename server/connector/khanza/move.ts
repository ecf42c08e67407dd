// SIMRS=khanza: the Mobile JKN reference (referensi_mobilejkn_bpjs) of a registration a reschedule
// moves to another date or practice (manage-tx.ts), as Khanza's Antrean sender is to report it.
import type { PracticeSession } from '../../domain/booking.ts';
import type { KhanzaQuery } from './client.ts';
import type { Reserved } from './seats.ts';

/**
 * The Mobile JKN reference of a moved registration. Not yet reported (statuskirim 'Belum'): the
 * row follows the move, under the new date's nobooking (its old one, a number of the old date no
 * longer counted there, would be the next booking's on that date: a duplicate key), with the new
 * session's estimate and seats left. Reported already ('Sudah': BPJS holds the booking with its old date,
 * and takes no cancelled kodebooking back): the old nobooking is cancelled for Khanza's Antrean
 * sender ('Jadwal diubah oleh pasien') and the moved visit is a new booking under the new date's
 * nobooking, 'Belum', for the sender to add, as SIMRS=local reports a move (docs/bpjs.md).
 * `minutesPerPatient`: of the new booking's estimate (QUEUE_MINUTES_PER_PATIENT); none: '0'.
 */
export async function moveReference(
  q: KhanzaQuery,
  no_rawat: string,
  seat: Reserved,
  s: PracticeSession,
  date: string,
  minutesPerPatient: number,
): Promise<void> {
  const [old] = await q.query<{ nobooking: string; statuskirim: string }>('SELECT nobooking, statuskirim FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [
    no_rawat,
  ]);
  if (!old) return;
  const kodedokter = `IFNULL((SELECT md.kd_dokter_bpjs FROM maping_dokter_dpjpvclaim md WHERE md.kd_dokter = ?), ?)`;
  const numbers = [`${s.kd_dep}-${seat.seat.no_reg}`, String(Number(seat.seat.no_reg)), `${s.jam_dtg}-${s.jam_plg}`];
  const start = Date.parse(`${date}T${s.jam_dtg}:00+07:00`);
  const estimasi = minutesPerPatient ? String(start + (Number(seat.seat.no_reg) - 1) * minutesPerPatient * 60_000) : '0';
  const sisa = Math.max(0, seat.kuota - seat.taken - 1);
  if (old.statuskirim !== 'Sudah') {
    await q.run(
      `UPDATE referensi_mobilejkn_bpjs SET nobooking = ?, no_rawat = ?, tanggalperiksa = ?, kodedokter = ${kodedokter}, nomorantrean = ?, angkaantrean = ?,
              jampraktek = ?, estimasidilayani = ?, sisakuotajkn = ?, kuotajkn = ?, sisakuotanonjkn = ?, kuotanonjkn = ?
        WHERE nobooking = ?`,
      [seat.seat.nobooking, seat.seat.no_rawat, date, s.kd_dr, s.kd_dr, ...numbers, estimasi, sisa, seat.kuota, sisa, seat.kuota, old.nobooking],
    );
    return;
  }
  await q.run(
    `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter,
                                           jampraktek, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani,
                                           sisakuotajkn, kuotajkn, sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
     SELECT ?, ?, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, ?, ${kodedokter}, ?, jeniskunjungan, nomorreferensi, ?, ?, ?, ?, ?, ?, ?,
            'Belum', '0000-00-00 00:00:00', 'Belum'
       FROM referensi_mobilejkn_bpjs WHERE nobooking = ?`,
    [
      seat.seat.nobooking,
      seat.seat.no_rawat,
      date,
      s.kd_dr,
      s.kd_dr,
      numbers[2],
      numbers[0],
      numbers[1],
      estimasi,
      sisa,
      seat.kuota,
      sisa,
      seat.kuota,
      old.nobooking,
    ],
  );
  // The old booking leaves the visit (its number may be another's on that date later).
  await q.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Batal', validasi = NOW(), no_rawat = NULL WHERE nobooking = ?`, [old.nobooking]);
  await q.run(
    `INSERT IGNORE INTO referensi_mobilejkn_bpjs_batal (no_rkm_medis, no_rawat_batal, nomorreferensi, tanggalbatal, keterangan, statuskirim, nobooking)
     SELECT norm, ?, nomorreferensi, NOW(), 'Jadwal diubah oleh pasien', 'Belum', nobooking FROM referensi_mobilejkn_bpjs WHERE nobooking = ?`,
    [no_rawat, old.nobooking],
  );
}

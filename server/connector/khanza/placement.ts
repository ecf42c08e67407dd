// SIMRS=khanza: which practice session (jadwal row) a registration belongs to, and the seats taken
// in one, as SQL the connector's reads share. A doctor may have a morning and an afternoon session at
// one clinic on one weekday (jadwal's key is doctor, weekday and start); each sells exactly its own
// kuota. The rule is quota-guard.sql's (pasien_app_kuota_cek), so the app, Mobile JKN and the guard
// count alike (docs/integration.md, The quota guard).

/**
 * The time ('HH:MM') registration `r` (a reg_periksa alias) is placed by: its Mobile JKN reference's
 * practice hours (Khanza's own Mobile JKN service writes jam_reg as the moment of booking,
 * webapps/api-bpjsfktl/index.php ambilantrean), else jam_reg (the counter's clock in DlgReg; this
 * API writes its session's start).
 */
export const regTime = (r: string) =>
  `IFNULL((SELECT LEFT(rx.jampraktek, 5) FROM referensi_mobilejkn_bpjs rx WHERE rx.no_rawat = ${r}.no_rawat LIMIT 1), TIME_FORMAT(${r}.jam_reg, '%H:%i'))`;
/** The time of counter booking `b` (a booking_registrasi alias): its visit's, or the day's first session. */
const bookingTime = (b: string) => `IFNULL(TIME_FORMAT(${b}.waktu_kunjungan, '%H:%i'), '00:00')`;

/**
 * Whether `time` ('HH:MM') falls in practice session `j` (a jadwal alias): the session in progress
 * at that time, else the next to begin, else the day's last. So each holds the times from the end
 * of the doctor's session before it (at that clinic, that weekday) to its own end; the first from
 * the day's start, the last to its end. The same rule as quota-guard.sql's pasien_app_kuota_cek.
 */
export function inSession(time: string, j: string): string {
  const same = (e: string) => `${e}.kd_dokter = ${j}.kd_dokter AND ${e}.kd_poli = ${j}.kd_poli AND ${e}.hari_kerja = ${j}.hari_kerja`;
  const end = (e: string) => `TIME_FORMAT(IFNULL(${e}.jam_selesai, ${e}.jam_mulai), '%H:%i')`;
  return `(NOT EXISTS (SELECT 1 FROM jadwal je WHERE ${same('je')} AND je.jam_mulai < ${j}.jam_mulai AND ${time} < ${end('je')})
           AND (${time} < ${end(j)} OR NOT EXISTS (SELECT 1 FROM jadwal jl WHERE ${same('jl')} AND jl.jam_mulai > ${j}.jam_mulai)))`;
}

/**
 * The seats taken in session `j` (a jadwal alias) on `date` (an SQL expression), as the booking and
 * the quota guard count them: its registrations not cancelled, and the counter's bookings for that
 * day not yet registered. A doctor with one session that day at the clinic (the usual case) has
 * every row of the day in it (inSession holds for any time), so no row is placed one by one: the
 * check of that, correlated with `j` alone, is evaluated once (MariaDB's subquery cache) and the
 * OR stops there.
 */
export const takenIn = (j: string, date: string) => {
  const alone = `NOT EXISTS (SELECT 1 FROM jadwal jo WHERE jo.kd_dokter = ${j}.kd_dokter AND jo.kd_poli = ${j}.kd_poli AND jo.hari_kerja = ${j}.hari_kerja
       AND jo.jam_mulai <> ${j}.jam_mulai)`;
  return `((SELECT COUNT(*) FROM reg_periksa tr WHERE tr.kd_dokter = ${j}.kd_dokter AND tr.kd_poli = ${j}.kd_poli AND tr.tgl_registrasi = ${date}
       AND tr.stts <> 'Batal' AND tr.status_lanjut = 'Ralan' AND (${alone} OR ${inSession(regTime('tr'), j)}))
  + (SELECT COUNT(*) FROM booking_registrasi tb WHERE tb.kd_dokter = ${j}.kd_dokter AND tb.kd_poli = ${j}.kd_poli AND tb.tanggal_periksa = ${date}
       AND tb.status = 'Belum' AND (${alone} OR ${inSession(bookingTime('tb'), j)})))`;
};

// SIMRS=khanza: the clinics, the doctors' weekly schedules and photos, and the quota of a date, read
// from Khanza's practices (jadwal, practice.ts). A date's seats taken are counted per session as the
// booking counts them (placement.ts): registrations not cancelled, and the counter's bookings not yet registered.
import { isoWeekdayName } from '../../../common/dates.ts';
import type * as C from '../../../common/schemas/index.ts';
import type { HospitalReads } from '../hospital-connector.ts';
import type { KhanzaQuery } from './client.ts';
import { takenIn } from './placement.ts';
import { isoOf, PRACTICE, type PracticeRow, sessionOf } from './practice.ts';
import { hariKerja } from './seats.ts';
import { doctorPhotoOf } from '../../../common/server-paths.ts';

const ISO_ORDER = (hari: string) => [1, 2, 3, 4, 5, 6, 7].find((i) => isoWeekdayName(i) === hari) ?? 8;

export function khanzaSchedules(sik: KhanzaQuery): Pick<HospitalReads, 'clinics' | 'doctorSchedules' | 'doctorPhoto' | 'quotaSlots'> {
  return {
    // Each clinic with the weekdays of its jadwal rows (the calendars grey out the others); Khanza
    // holds no online sessions, so hari_online is left out (an app then closes no day for it).
    async clinics() {
      const rows = await sik.query<{ kd_dep: string; ds_dep: string; hari: string | null }>(
        `SELECT p.kd_poli AS kd_dep, p.nm_poli AS ds_dep, GROUP_CONCAT(DISTINCT j.hari_kerja) AS hari
           FROM poliklinik p LEFT JOIN jadwal j ON j.kd_poli = p.kd_poli
          WHERE p.status = '1' GROUP BY p.kd_poli, p.nm_poli ORDER BY p.nm_poli`,
      );
      return rows.map(({ kd_dep, ds_dep, hari }) => ({
        kd_dep,
        ds_dep,
        hari_praktik: [...new Set((hari ?? '').split(',').filter(Boolean).map(isoOf))].sort((a, b) => a - b),
      }));
    },
    async doctorSchedules(spesialis) {
      const rows = await sik.query<PracticeRow>(
        `${PRACTICE} JOIN spesialis s ON s.kd_sps = d.kd_sps WHERE LOWER(s.nm_sps) = LOWER(?) AND d.status = '1' ORDER BY d.nm_dokter, j.jam_mulai`,
        [spesialis],
      );
      const byDoctor = new Map<string, C.DoctorSchedule>();
      for (const r of rows) {
        const d = byDoctor.get(r.kd_dokter) ?? { nama_dr_lengkap: r.nm_dokter, kd_dr: r.kd_dokter, foto: doctorPhotoOf(r.kd_dokter), jadwal: [] };
        d.jadwal.push({
          hari: isoWeekdayName(isoOf(r.hari_kerja)),
          jam_dtg: r.jam_mulai,
          jam_plg: r.jam_selesai ?? r.jam_mulai,
          kd_dep: r.kd_poli,
          ds_dep: r.nm_poli,
        });
        byDoctor.set(r.kd_dokter, d);
      }
      for (const d of byDoctor.values()) d.jadwal.sort((a, b) => ISO_ORDER(a.hari) - ISO_ORDER(b.hari) || a.jam_dtg.localeCompare(b.jam_dtg));
      return [...byDoctor.values()];
    },
    async doctorPhoto(kd_dr) {
      const [d] = await sik.query<{ nm_dokter: string }>('SELECT nm_dokter FROM dokter WHERE kd_dokter = ?', [kd_dr]);
      return d ? { kind: 'name', name: d.nm_dokter } : null;
    },
    async quotaSlots(kdDep, kdDr, date, jenis) {
      // Khanza has no online consultation sessions: none is offered.
      if (jenis !== 'poli') return [];
      const rows = await sik.query<PracticeRow & { taken: number }>(
        `SELECT j.kd_dokter, j.kd_poli, j.hari_kerja, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai,
                j.kuota, p.nm_poli, d.nm_dokter, ${takenIn('j', '?')} AS taken
           FROM jadwal j JOIN poliklinik p ON p.kd_poli = j.kd_poli JOIN dokter d ON d.kd_dokter = j.kd_dokter
          WHERE j.kd_poli = ? AND j.hari_kerja = ? AND (? = '' OR j.kd_dokter = ?)
          ORDER BY j.jam_mulai, d.nm_dokter`,
        [date, date, kdDep, hariKerja(date), kdDr, kdDr],
      );
      return rows.map((r) => {
        const s = sessionOf(r);
        return {
          kode: 200,
          nama_dr: s.nama_dr,
          kd_dr: s.kd_dr,
          jam_dtg: s.jam_dtg,
          jam_plg: s.jam_plg,
          batas_quota: s.batas_quota,
          quota_terisi: Math.min(Number(r.taken), s.batas_quota),
          sts_jam: s.sts_jam,
          sts_ue: s.sts_ue,
        };
      });
    },
  };
}

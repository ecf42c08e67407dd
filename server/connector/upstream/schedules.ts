// What the hospital's API answers alike to every patient (SIMRS=upstream, docs/integration.md "What
// it calls, and how often"): clinics, doctors' schedules and the quota of their sessions, read with
// the asking patient's token and reused for every patient a short while (the lists
// UPSTREAM_LIST_CACHE_SECONDS, quota UPSTREAM_QUOTA_CACHE_SECONDS, dropped by a booking: bookings.ts).
import { toQuotaDate, weekdayName } from '../../../common/dates.ts';
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { HospitalReads } from '../hospital-connector.ts';
import { int, isObj, listOf, nstr, str } from './answers.ts';
import type { PatientCalls } from './calls.ts';
import { API } from '../../../common/paths.ts';
import { doctorPhotoOf } from '../../../common/server-paths.ts';

type Schedules = Pick<HospitalReads, 'clinics' | 'doctorSchedules' | 'doctorPhoto' | 'quotaSlots'>;

export function upstreamSchedules(config: UpstreamConfig, calls: PatientCalls): Schedules {
  /** Doctors' names by code, from this hospital's schedules read (the photo card). */
  const doctorNames = new Map<string, string>();
  const { shared } = calls;

  return {
    async clinics(nomr?: string) {
      const body = await shared('kddep', config.cache.listsMs, API.clinics, { nomr: nomr ?? '' }, nomr ?? null);
      // The room and floor only where the hospital's API gives them (absent in §7's kddep).
      return listOf(body).map((c) => ({
        kd_dep: str(c.kd_dep),
        ds_dep: str(c.ds_dep),
        ...(c.ruang === undefined ? {} : { ruang: nstr(c.ruang) }),
        ...(c.lantai === undefined ? {} : { lantai: nstr(c.lantai) }),
      }));
    },
    async doctorSchedules(spesialis, nomr?: string) {
      const body = await shared(`dokter|${spesialis}`, config.cache.listsMs, API.doctorSchedule, { spesialis }, nomr ?? null);
      const doctors = listOf(body);
      for (const d of doctors) if (str(d.kd_dr) && str(d.nama_dr_lengkap)) doctorNames.set(str(d.kd_dr), str(d.nama_dr_lengkap));
      return doctors.map((d) => ({
        nama_dr_lengkap: str(d.nama_dr_lengkap),
        kd_dr: str(d.kd_dr),
        // The photo through this server (/foto-dokter): the phone never fetches from the hospital's API.
        foto: doctorPhotoOf(str(d.kd_dr)),
        jadwal: (Array.isArray(d.jadwal) ? d.jadwal.filter(isObj) : []).map((j) => ({
          hari: str(j.hari),
          jam_dtg: str(j.jam_dtg),
          jam_plg: str(j.jam_plg),
          kd_dep: str(j.kd_dep),
          ds_dep: str(j.ds_dep),
        })),
      }));
    },
    async doctorPhoto(kd_dr) {
      // The names the doctors' schedules read lately gave: the API draws the card.
      const name = doctorNames.get(kd_dr);
      return name ? { kind: 'name', name } : null;
    },
    async quotaSlots(kdDep, kdDr, date, jenis, nomr?: string) {
      // The hospital's API of §7 has no online consultation sessions.
      if (jenis !== 'poli') return [];
      // Exactly as §7 asks: tgl_janji MM/DD/YY and hari the Indonesian weekday.
      const query = { kd_dr: kdDr, kd_dep: kdDep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) };
      const body = await shared(`quota|${kdDep}|${date}|${kdDr}`, config.cache.quotaMs, API.quota, query, nomr ?? null);
      return listOf(body)
        .filter((s) => int(s.kode) !== 301)
        .map((s) => ({
          kode: int(s.kode) ?? 200,
          nama_dr: str(s.nama_dr),
          kd_dr: str(s.kd_dr),
          jam_dtg: str(s.jam_dtg),
          jam_plg: str(s.jam_plg),
          batas_quota: int(s.batas_quota) ?? 0,
          quota_terisi: int(s.quota_terisi) ?? 0,
          sts_jam: str(s.sts_jam),
          sts_ue: str(s.sts_ue),
        }));
    },
  };
}

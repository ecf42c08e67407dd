// SIMRS=khanza: Khanza's practices (jadwal) as the contract's sessions. A practice is a doctor at a
// clinic on a weekday from an hour (a doctor may have a morning and an afternoon one); its session
// of the day (sts_jam) is '1' before noon, '2' after, and its number is the same in every process.
// Each session sells its own kuota (placement.ts). The schedules, the quota and the booking stores
// read them (schedules.ts, appointments.ts, manage-tx.ts, jkn.ts).
import type { AppointmentKind } from '../../../common/booking.ts';
import type { PracticeSession, PracticeSessionQuery } from '../../domain/booking.ts';
import type { KhanzaQuery } from './client.ts';
import { takenIn } from './placement.ts';
import { HARI_KERJA, hariKerja } from './seats.ts';

/** This API's session of the day (sts_jam): '1' a practice starting before noon, '2' after. */
export const stsJam = (jamMulai: string) => (jamMulai < '12:00' ? '1' : '2');
/** ISO weekday (1 Monday … 7 Sunday) of Khanza's day name. */
export const isoOf = (hari: string) => {
  const i = HARI_KERJA.indexOf(hari as (typeof HARI_KERJA)[number]);
  return i === 0 ? 7 : i;
};

/** A practice's number, the same in every process: FNV-1a of its key, 31 bits. */
export function practiceId(kd_dokter: string, kd_poli: string, hari: string, jam_mulai: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${kd_dokter}|${kd_poli}|${hari}|${jam_mulai}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1 || 1;
}

export interface PracticeRow {
  kd_dokter: string;
  kd_poli: string;
  hari_kerja: string;
  jam_mulai: string;
  jam_selesai: string | null;
  kuota: number | null;
  nm_poli: string;
  nm_dokter: string;
}

export const PRACTICE = `SELECT j.kd_dokter, j.kd_poli, j.hari_kerja, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai,
                         TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai, j.kuota, p.nm_poli, d.nm_dokter
                    FROM jadwal j JOIN poliklinik p ON p.kd_poli = j.kd_poli JOIN dokter d ON d.kd_dokter = j.kd_dokter`;

/** The sessions read so far, by id: a booking's transaction finds the one its request named before it. */
export const known = new Map<number, PracticeSession>();

export function sessionOf(r: PracticeRow): PracticeSession {
  const s: PracticeSession = {
    id: practiceId(r.kd_dokter, r.kd_poli, r.hari_kerja, r.jam_mulai),
    kd_dep: r.kd_poli,
    kd_dr: r.kd_dokter,
    sts_jam: stsJam(r.jam_mulai),
    sts_ue: 'U',
    batas_quota: r.kuota ?? 0,
    jam_dtg: r.jam_mulai,
    jam_plg: r.jam_selesai ?? r.jam_mulai,
    ds_dep: r.nm_poli,
    nama_dr: r.nm_dokter,
  };
  known.set(s.id, s);
  return s;
}

/**
 * The practice a request names: the doctor at the clinic on the date's weekday, its session by
 * sts_jam; with whether its kuota was full when read (a plain read, no lock: the seat is counted
 * again under the practice's lock when taken, seats.ts). A kuota of 0 takes no booking.
 */
async function practiceFor(q: KhanzaQuery, req: PracticeSessionQuery): Promise<(PracticeRow & { penuh: number }) | null> {
  const rows = await q.query<PracticeRow & { penuh: number }>(
    `${PRACTICE.replace(' FROM jadwal j ', `, (COALESCE(j.kuota, 0) <= 0 OR ${takenIn('j', '?')} >= j.kuota) AS penuh FROM jadwal j `)}
      WHERE j.kd_poli = ? AND j.kd_dokter = ? AND j.hari_kerja = ? ORDER BY j.jam_mulai`,
    [req.tgl_janji, req.tgl_janji, req.kd_dep, req.kd_dr, hariKerja(req.tgl_janji)],
  );
  return rows.find((r) => stsJam(r.jam_mulai) === req.sts_jam) ?? null;
}

/** The session a booking request names: a clinic practice; Khanza has no online consultation sessions, so none is offered. */
export async function sessionFor(q: KhanzaQuery, req: PracticeSessionQuery, jenis: AppointmentKind): Promise<PracticeSession | null> {
  const p = jenis === 'poli' ? await practiceFor(q, req) : null;
  // The one read, not the cached session (known), carries the hint.
  return p && { ...sessionOf(p), penuh: Boolean(Number(p.penuh)) };
}

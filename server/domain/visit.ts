// The visit day's rules: WIB times of a session, the check-in window and distance, and the
// queue item's additions. Pure: times are epoch milliseconds.
import { dayLabel, formatClock } from '../../common/dates.ts';
import { formatNumber } from '../../common/numbers.ts';
import type { QueueStatus } from '../../common/schemas/patient.ts';
import { atWib, wibIso } from '../../common/wib.ts';
import { estimateCall } from './estimate.ts';

const MINUTE = 60_000;

// Mobile JKN's routes read atWib from here too.
export { atWib };

const metres = (m: number) => `${formatNumber(Math.round(m))} m`;

export interface Site {
  lat: number;
  lon: number;
  radiusM: number;
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A queue entry as the check-in rules see it. */
export interface VisitEntry {
  tgl_janji: string;
  status: QueueStatus;
  /** The session's practice start and end; null when unknown (then the whole day counts). */
  start: number | null;
  end: number | null;
}

export interface CheckinWindow {
  opens: number | null;
  closes: number | null;
}

const checkinWindow = (e: Pick<VisitEntry, 'start' | 'end'>, opensMinutes: number): CheckinWindow => ({
  opens: e.start === null ? null : e.start - opensMinutes * MINUTE,
  closes: e.end,
});

export type Refusal = { status: 400 | 409 | 422; message: string };

export const CHECKIN_MSG = {
  notFound: 'Antrian dengan nomor registrasi ini tidak ditemukan.',
  positionNeeded: 'Lokasi ponsel diperlukan untuk check-in. Periksa kolom posisi.',
  done: 'Kunjungan ini sudah selesai.',
  cancelled: 'Antrian ini sudah dibatalkan.',
} as const;

/**
 * Why this check-in cannot be taken now, or null when it can. A check-in already made is never
 * refused (the first one is kept): the caller answers it before asking.
 */
export function checkinRefusal(
  e: VisitEntry,
  now: number,
  today: string,
  opensMinutes: number,
  site: Site | null,
  position: { lat: number; lon: number; accuracy?: number } | undefined,
): Refusal | null {
  if (e.status === 'batal') return { status: 409, message: CHECKIN_MSG.cancelled };
  if (e.status === 'selesai') return { status: 409, message: CHECKIN_MSG.done };
  if (e.tgl_janji !== today) {
    return { status: 409, message: `Check-in hanya dapat dilakukan pada hari kunjungan, ${dayLabel(e.tgl_janji)}.` };
  }
  const { opens, closes } = checkinWindow(e, opensMinutes);
  if (opens !== null && now < opens) return { status: 409, message: `Check-in belum dibuka. Check-in dibuka pukul ${formatClock(opens)}.` };
  // Practice until 12:00 takes check-ins through 12:00's minute.
  if (closes !== null && now >= closes + MINUTE) return { status: 409, message: `Check-in sudah ditutup. Jam praktik berakhir pukul ${formatClock(closes)}.` };
  if (site) {
    if (!position) return { status: 400, message: CHECKIN_MSG.positionNeeded };
    const d = distanceMetres(site, position);
    // A phone indoors reports a wide circle: its accuracy counts, up to the radius itself.
    if (d - Math.min(position.accuracy ?? 0, site.radiusM) > site.radiusM) {
      return {
        status: 422,
        message: `Lokasi Anda sekitar ${metres(d)} dari rumah sakit. Check-in hanya dapat dilakukan dalam jarak ${metres(site.radiusM)} dari rumah sakit.`,
      };
    }
  }
  return null;
}

/** A queue entry of today with what the session knows, as the estimate needs it. */
export interface QueueFacts extends VisitEntry {
  /** null where the hospital's API does not say (SIMRS=upstream without sisa_antrian): no count, no estimate. */
  ahead: number | null;
  calls: number[];
  /** null: the hospital keeps no pace to reckon from (SIMRS=khanza), so no estimate. */
  minutesPerPatient: number | null;
}

/** The reference API's additions to a clinic queue item. */
export function queueAdditions(f: QueueFacts, now: number, opensMinutes: number) {
  const waiting = f.status === 'menunggu' && f.ahead !== null;
  const { opens, closes } = checkinWindow(f, opensMinutes);
  return {
    sisa_antrian: waiting ? f.ahead : null,
    estimasi_dilayani:
      waiting && f.ahead !== null && f.minutesPerPatient !== null
        ? wibIso(estimateCall({ now, start: f.start, calls: f.calls, defaultMinutes: f.minutesPerPatient }, f.ahead))
        : null,
    checkin_buka: opens === null ? null : wibIso(opens),
    checkin_tutup: closes === null ? null : wibIso(closes),
  };
}

import { ConfigError, coordinate, type Env, integer } from './parse.ts';

/** The visit day: the queue's estimate and its near push, check-in, the live stream. */
export interface VisitConfig {
  /** Minutes per patient before a session's calls say otherwise (a clinic's own setting wins). */
  minutesPerPatient: number;
  /** 'Antrian Anda tinggal N lagi' goes out once when the patients ahead first come down to this. */
  nearThreshold: number;
  /** Check-in opens this many minutes before practice starts (and closes when it ends). */
  checkinOpensMinutes: number;
  /** The hospital's location: when set, check-in asks the phone's position and checks the distance. */
  site: { lat: number; lon: number; radiusM: number } | null;
  /** The live stream's comment every so many seconds, so proxies and carriers keep it open. */
  heartbeatSeconds: number;
  /** A live stream ends after this long; the app reconnects with its token checked again. */
  streamMaxMinutes: number;
}

export function visitConfig(env: Env): VisitConfig {
  const lat = coordinate(env, 'HOSPITAL_LAT', 90);
  const lon = coordinate(env, 'HOSPITAL_LON', 180);
  if ((lat === null) !== (lon === null)) throw new ConfigError('HOSPITAL_LAT and HOSPITAL_LON must be set together');
  const radiusM = integer(env, 'CHECKIN_RADIUS_M', 500, 10, 100_000);
  return {
    minutesPerPatient: integer(env, 'QUEUE_MINUTES_PER_PATIENT', 10, 1, 240),
    nearThreshold: integer(env, 'QUEUE_NEAR_THRESHOLD', 3, 1, 100),
    checkinOpensMinutes: integer(env, 'CHECKIN_OPENS_MINUTES', 60, 0, 720),
    site: lat !== null && lon !== null ? { lat, lon, radiusM } : null,
    heartbeatSeconds: integer(env, 'LIVE_HEARTBEAT_SECONDS', 25, 1, 300),
    streamMaxMinutes: integer(env, 'LIVE_MAX_MINUTES', 15, 1, 240),
  };
}

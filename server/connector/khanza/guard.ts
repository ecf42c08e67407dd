// The quota guard's presence (quota-guard.sql, docs/integration.md): its triggers are what make
// Khanza's counter, its Mobile JKN service and this API sell from one seat pool, and its mode says
// whether the counter is held to the quota too (KHANZA_QUOTA_GUARD). The file also makes a view,
// pasien_app_kuota_guard, that lists the triggers as its administrator sees them, with the mode
// (the connector's user, with no TRIGGER privilege, would see neither). Read at start: a Khanza
// that answers without them, or in another mode, refuses the start; and at each health check:
// changed later, /api/health names the SIMRS and the log says why.
import { ConfigError } from '../../config/parse.ts';
import { type KhanzaQuery, KhanzaUnavailable, errno } from './client.ts';

export type GuardMode = 'app' | 'strict';
export const GUARD_TRIGGERS = ['pasien_app_kuota_reg', 'pasien_app_kuota_reg_ubah', 'pasien_app_kuota_booking'] as const;
const NO_SUCH_TABLE = 1146;
const DENIED = 1142;
/** The view names what its definer may no longer read (the definer dropped, or its rights). */
const VIEW_INVALID = 1356;
/** A view of an older quota-guard.sql, without the mode. */
const NO_SUCH_COLUMN = 1054;
const AGAIN = 'run server/connector/khanza/quota-guard.sql again';

/** Why the guard is not in place as `mode` wants it, in words for the hospital's IT staff; null when it is. Throws KhanzaUnavailable when Khanza does not answer. */
export async function guardProblem(sik: KhanzaQuery, mode: GuardMode = 'app'): Promise<string | null> {
  let rows: Array<{ name: string; mode: string }>;
  try {
    rows = await sik.query<{ name: string; mode: string }>('SELECT name, mode FROM pasien_app_kuota_guard');
  } catch (err) {
    if (err instanceof KhanzaUnavailable) throw err;
    if (errno(err) === NO_SUCH_TABLE) return "Khanza's quota guard is not installed: run server/connector/khanza/quota-guard.sql as Khanza's administrator";
    if (errno(err) === DENIED) return "the connector's Khanza user may not read pasien_app_kuota_guard: GRANT SELECT ON it (docs/integration.md)";
    if (errno(err) === VIEW_INVALID) return `Khanza's quota guard view cannot be read (its definer is gone or lost its rights): ${AGAIN}`;
    if (errno(err) === NO_SUCH_COLUMN) return `Khanza's quota guard is an older one (no session quota, no mode): ${AGAIN}`;
    throw err;
  }
  const names = rows.map((r) => r.name);
  const missing = GUARD_TRIGGERS.filter((t) => !names.includes(t));
  if (missing.length) return `Khanza's quota guard lacks ${missing.join(' and ')}: ${AGAIN}`;
  const installed = rows[0]?.mode;
  if (installed !== mode) {
    return `Khanza's quota guard is in mode '${installed}' but KHANZA_QUOTA_GUARD is '${mode}': as Khanza's administrator, UPDATE pasien_app_kuota_mode SET mode = '${mode}' (or set KHANZA_QUOTA_GUARD=${installed})`;
  }
  return null;
}

/** At start: a Khanza that answers without its guard (or in another mode) is a configuration error; one that does not answer is checked by health later. */
export async function requireGuard(sik: KhanzaQuery, mode: GuardMode = 'app'): Promise<void> {
  const problem = await guardProblem(sik, mode).catch((err) => {
    if (err instanceof KhanzaUnavailable) return null;
    throw err;
  });
  if (problem) throw new ConfigError(`SIMRS=khanza: ${problem}. Without it the counter, Mobile JKN and this app can sell one seat twice.`);
}

// The quota guard's presence (quota-guard.sql, docs/integration.md): its two triggers are what
// make Khanza's counter, its Mobile JKN service and this API sell from one seat pool. The file
// also makes a view, pasien_app_kuota_guard, that lists the triggers as its administrator sees
// them (the connector's user, with no TRIGGER privilege, would see neither). Read at start: a
// Khanza that answers without them refuses the start; and at each health check: dropped later,
// /api/health names the SIMRS and the log says why.
import { ConfigError } from '../../config/parse.ts';
import { type KhanzaQuery, KhanzaUnavailable, errno } from './client.ts';

export const GUARD_TRIGGERS = ['pasien_app_kuota_reg', 'pasien_app_kuota_booking'] as const;
const NO_SUCH_TABLE = 1146;
const DENIED = 1142;
/** The view names what its definer may no longer read (the definer dropped, or its rights). */
const VIEW_INVALID = 1356;

/** Why the guard is not in place, in words for the hospital's IT staff; null when it is. Throws KhanzaUnavailable when Khanza does not answer. */
export async function guardProblem(sik: KhanzaQuery): Promise<string | null> {
  let names: string[];
  try {
    names = (await sik.query<{ name: string }>('SELECT name FROM pasien_app_kuota_guard')).map((r) => r.name);
  } catch (err) {
    if (err instanceof KhanzaUnavailable) throw err;
    if (errno(err) === NO_SUCH_TABLE) return "Khanza's quota guard is not installed: run server/connector/khanza/quota-guard.sql as Khanza's administrator";
    if (errno(err) === DENIED) return "the connector's Khanza user may not read pasien_app_kuota_guard: GRANT SELECT ON it (docs/integration.md)";
    if (errno(err) === VIEW_INVALID)
      return "Khanza's quota guard view cannot be read (its definer is gone or lost its rights): run server/connector/khanza/quota-guard.sql again";
    throw err;
  }
  const missing = GUARD_TRIGGERS.filter((t) => !names.includes(t));
  return missing.length ? `Khanza's quota guard lacks ${missing.join(' and ')}: run server/connector/khanza/quota-guard.sql again` : null;
}

/** At start: a Khanza that answers without its guard is a configuration error (seats could be sold twice); one that does not answer is checked by health later. */
export async function requireGuard(sik: KhanzaQuery): Promise<void> {
  const problem = await guardProblem(sik).catch((err) => {
    if (err instanceof KhanzaUnavailable) return null;
    throw err;
  });
  if (problem) throw new ConfigError(`SIMRS=khanza: ${problem}. Without it the counter, Mobile JKN and this app can sell one seat twice.`);
}

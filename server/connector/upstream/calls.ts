// The reads of the hospital's API on a patient's behalf (SIMRS=upstream, docs/integration.md): with
// the hospital's token the patient's sessions hold, sealed in the database so any process reads
// with it (seal.ts, docs/decisions.md "Upstream mode"). The hospital's 401 (or no token held) ends
// our sessions of the patient; its 403 is a refusal, its other failures a hospital that is down.
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { Db } from '../../db/client.ts';
import { endAllSessions } from '../../db/sessions.ts';
import { dropSealed, newestSealed } from '../../db/upstream-tokens.ts';
import { HttpError, MSG } from '../../errors.ts';
import { listOf, type Obj } from './answers.ts';
import { Reuse, UPSTREAM_MSG, type UpstreamAnswer, type UpstreamClient, UpstreamUnavailable } from './client.ts';
import { type Held, unseal } from './seal.ts';

export interface PatientCalls {
  /** The answers reused and the calls under way shared, of every part of the connector (their keys apart). */
  readonly reuse: Reuse;
  /** The hospital's token the patient's sessions hold (any process's login), or null when none is held. */
  heldOf(nomr: string): Promise<Held | null>;
  /** The patient's token ended at the hospital (or none is held): our sessions of the patient end too. */
  ended(nomr: string, token: string | null): Promise<never>;
  /** `given`: the token to read with (a login's, before its session keeps it); otherwise the patient's sessions'. */
  get(path: string, query: Record<string, string>, nomr: string | null, given?: Held): Promise<UpstreamAnswer>;
  /** A read of the patient's own, with the §7 query (nomr, and tgllahir where §7 sends it). */
  own(path: string, nomr: string, withBirthDate: boolean, given?: Held): Promise<UpstreamAnswer>;
  /** The list a read of the patient's own answers (listOf). */
  ownList(path: string, nomr: string, withBirthDate?: boolean): Promise<Obj[]>;
  /** Any signed-in patient's token reads what is everyone's (clinics, doctors, quota): the caller's. */
  shared(key: string, ttl: number, path: string, query: Record<string, string>, nomr: string | null): Promise<unknown>;
}

/**
 * `idle`: SESSION_IDLE_MINUTES, after which a session and its sealed token have ended;
 * `onEnded`: told of a patient whose sessions a 401 ended (the visit day forgets their queue).
 */
export function patientCalls(config: UpstreamConfig, db: Db, client: UpstreamClient, idle: number, onEnded: (nomr: string) => void): PatientCalls {
  const reuse = new Reuse();

  async function heldOf(nomr: string): Promise<Held | null> {
    const sealed = await newestSealed(db, nomr, idle);
    return sealed ? unseal(config.tokenKey, nomr, sealed) : null;
  }

  async function ended(nomr: string, token: string | null): Promise<never> {
    // A newer login (through any process) since this call began keeps its sessions.
    if (token === null || (await heldOf(nomr))?.token === token) {
      await db.tx(async (q) => {
        await dropSealed(q, nomr, idle, true);
        await endAllSessions(q, nomr);
      });
      onEnded(nomr);
    }
    throw new HttpError(401, MSG.unauthorized);
  }

  async function get(path: string, query: Record<string, string>, nomr: string | null, given?: Held): Promise<UpstreamAnswer> {
    const h = nomr === null ? null : (given ?? (await heldOf(nomr)));
    if (nomr !== null && !h) return ended(nomr, null);
    const url = `${config.apiUrl}${path}?${new URLSearchParams(query)}`;
    const answer = await client.call({ method: 'GET', url, token: h?.token });
    if (answer.status === 401 && nomr !== null && h) return ended(nomr, h.token);
    if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
    if (answer.status >= 400 && answer.status !== 404) throw new UpstreamUnavailable(true);
    return answer;
  }

  function own(path: string, nomr: string, withBirthDate: boolean, given?: Held): Promise<UpstreamAnswer> {
    const read = async () => {
      const h = given ?? (await heldOf(nomr));
      if (!h) return ended(nomr, null);
      return get(path, withBirthDate ? { nomr, tgllahir: h.tgllahir } : { nomr }, nomr, h);
    };
    if (given) return read();
    // Calls of the same patient and path under way at once share one (the home screen and its live stream).
    return reuse.get(`own|${nomr}|${path}`, 0, read);
  }

  return {
    reuse,
    heldOf,
    ended,
    get,
    own,
    ownList: async (path, nomr, withBirthDate = true) => listOf((await own(path, nomr, withBirthDate)).body),
    shared: (key, ttl, path, query, nomr) => reuse.get(key, ttl, async () => (await get(path, query, nomr)).body),
  };
}

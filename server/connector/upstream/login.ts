// The login at the hospital's login service and the patient it answers (SIMRS=upstream,
// docs/integration.md): the hospital's token stays on the server, never on the phone, sealed in
// the database with the sessions it belongs to (seal.ts, docs/decisions.md "Upstream mode"); the
// profile as the hospital answers it, copied into this API's patients at each login.
import type * as C from '../../../common/schemas/index.ts';
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { hashToken } from '../../db/sessions.ts';
import { dropEndedSealed, dropSealed, keepSealed, newestSealed } from '../../db/upstream-tokens.ts';
import type { PatientIdentity } from '../../domain/fhir.ts';
import type { HospitalReads, HospitalRelay } from '../hospital-connector.ts';
import { dataOf, isObj, nstr, str } from './answers.ts';
import type { PatientCalls } from './calls.ts';
import type { UpstreamClient } from './client.ts';
import { type Held, seal } from './seal.ts';
import { API } from '../../../common/paths.ts';

/** How often a login sweeps the sealed tokens of ended sessions (relay.keep). */
const SWEEP_MS = 60 * 60_000;
/** A login's token waits this long at most for its session to be made (the same request). */
const PENDING_MS = 60_000;

type Login = Pick<HospitalReads, 'patientByBirthDate' | 'patientIdentity' | 'profile'> & Pick<HospitalRelay, 'resumable' | 'keep' | 'forget'>;

/**
 * `idle`: SESSION_IDLE_MINUTES, after which a session and its sealed token have ended;
 * `onForgotten`: told of a patient whose last session holding a token ended (the visit day forgets their queue).
 */
export function upstreamLogin(
  config: UpstreamConfig,
  db: Db,
  client: UpstreamClient,
  calls: PatientCalls,
  idle: number,
  onForgotten: (nomr: string) => void,
): Login {
  /** The token of a login just decided, until the login's session is made and keeps it (relay.keep). */
  const pending = new Map<string, { held: Held; at: number }>();
  let swept = 0;

  /** The profile as the hospital answers it (a login copies it into this API's patients). */
  async function profileOf(nomr: string, given?: Held): Promise<C.Profile | null> {
    const h = given ?? (await calls.heldOf(nomr));
    if (!h) return calls.ended(nomr, null);
    const d = dataOf((await calls.own(API.profile, nomr, true, given)).body);
    if (!d) return null;
    return {
      nomr: str(d.nomr) || nomr,
      nama: str(d.nama),
      jenis_kelamin: str(d.jenis_kelamin),
      tgl_lahir: str(d.tgl_lahir).slice(0, 10) || h.tgllahir,
      pastipe: str(d.pastipe),
      alamat: str(d.alamat),
      no_jaminan: nstr(d.no_jaminan),
    };
  }

  return {
    resumable: async (nomr) => (await calls.heldOf(nomr)) !== null,
    keep: async (q: Queryable, nomr: string, session: string) => {
      // A login's own token; a passkey's session takes the one the patient's sessions hold.
      const p = pending.get(nomr);
      pending.delete(nomr);
      const sealed = p && Date.now() - p.at < PENDING_MS ? seal(config.tokenKey, nomr, p.held) : await newestSealed(q, nomr, idle);
      if (sealed) await keepSealed(q, nomr, hashToken(session), sealed);
      // Sessions end by idling or expiring too, with no call of theirs: at most hourly, a login
      // sweeps every patient's rows of ended sessions, so no sealed token outlives its session long.
      if (Date.now() - swept > SWEEP_MS) {
        swept = Date.now();
        await dropEndedSealed(q, idle);
      }
    },
    forget: async (q: Queryable, nomr: string) => {
      await dropSealed(q, nomr, idle);
      if (!(await newestSealed(q, nomr, idle))) onForgotten(nomr);
    },

    async patientByBirthDate(nomr, birthdate) {
      const answer = await client.call({
        method: 'POST',
        url: `${config.loginUrl}${API.login}`,
        // The phone's push registration is this server's: the hospital gets none.
        body: { medical_record_number: nomr, birthdate, fcmtoken: '' },
      });
      const token = isObj(answer.body) && isObj(answer.body.token) ? answer.body.token.access_token : undefined;
      if (answer.status >= 400 || typeof token !== 'string' || !token) return null;
      // Kept once the login's session is made (relay.keep); the patient's other sessions then go on
      // with it too (the hospital may have ended the older). A failed profile read keeps the older.
      const given = { token, tgllahir: birthdate };
      const p = await profileOf(nomr, given);
      if (!p) return null;
      const now = Date.now();
      for (const [k, v] of pending) if (now - v.at >= PENDING_MS) pending.delete(k);
      pending.set(nomr, { held: given, at: now });
      // This API's copy of the patient, which its sessions, passkeys, family and push refer to.
      await db.query(
        `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (nomr) DO UPDATE SET nama = EXCLUDED.nama, jenis_kelamin = EXCLUDED.jenis_kelamin, tgl_lahir = EXCLUDED.tgl_lahir,
         pastipe = EXCLUDED.pastipe, alamat = EXCLUDED.alamat, no_jaminan = EXCLUDED.no_jaminan`,
        [nomr, p.nama, /^p/i.test(p.jenis_kelamin) ? 'P' : 'L', birthdate, p.pastipe, p.alamat, p.no_jaminan],
      );
      return nomr;
    },
    async patientIdentity(nomr): Promise<PatientIdentity | null> {
      const p = await profileOf(nomr);
      if (!p) return null;
      return {
        nomr: p.nomr,
        nama: p.nama,
        jenis_kelamin: /^p/i.test(p.jenis_kelamin) ? 'P' : 'L',
        tgl_lahir: p.tgl_lahir,
        alamat: p.alamat || null,
        telp_hp: null,
        no_ktp: null,
      };
    },
    profile: profileOf,
  };
}

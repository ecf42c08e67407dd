// The data layer of family profiles: another profile's glance for home (its name, next
// appointment and today's queue), read with its own token; adding a profile through the login
// call; and this phone's push registration linked to every profile. A 401 for another profile's
// token ends that profile alone (session/logout.ts endSession), and the patient is told whose.
import { API } from '../../common/paths.ts';
import type { ClinicQueueItem, PasskeyLoginResponse, UpcomingAppointment } from '../../common/schemas/index.ts';
import { todayWib } from '../../common/dates.ts';
import { login } from '../api/auth.ts';
import { clinicQueueOf, linkPushFor, profileOf, upcomingOf } from '../api/family.ts';
import { call, type ApiError, type Result } from '../api/http.ts';
import { savedPushRegistration } from '../push/unlink.ts';
import { endSession } from '../session/logout.ts';
import { addProfile, allProfiles, refusal, remember, type Profile, type Refusal } from '../session/profiles.ts';
import type { Read } from './cache.ts';

export interface Glance {
  nama?: string;
  /** The next appointment, or undefined when there is none. */
  next?: UpcomingAppointment;
  /** Today's clinic queue entry, on the day. */
  today?: ClinicQueueItem;
  /** The appointments could not be read (the name could). */
  partial?: boolean;
}

const refused = (r: Result<unknown>): r is { ok: false; error: ApiError } => !r.ok && r.error.kind === 'unauthorized';

async function glanceOf(p: Profile): Promise<Result<Glance>> {
  const [profile, upcoming, queue] = await Promise.all([profileOf(p), upcomingOf(p), clinicQueueOf(p)]);
  const no = [profile, upcoming, queue].find(refused);
  if (no) {
    void endSession(true, p);
    return no;
  }
  if (!profile.ok && !upcoming.ok) return profile;
  const nama = (profile.ok && profile.data?.nama) || p.nama;
  if (nama) remember(p.nomr, { nama });
  const today = todayWib();
  return {
    ok: true,
    data: {
      nama,
      next: upcoming.ok ? upcoming.data[0] : undefined,
      today: queue.ok ? queue.data.find((q) => q.tgl_janji.slice(0, 10) === today) : undefined,
      partial: !upcoming.ok,
    },
  };
}

/** Another profile at a glance, read on every visit to home (queues move). */
export const glance = (p: Profile): Read<Glance> => ({ key: `family/${p.nomr}`, load: () => glanceOf(p) });

/**
 * Links this phone's push registration to every profile whose link is not the current one: a
 * profile just added, or all of them after the registration was renewed (the server forgets the
 * one it replaces). Each with the profile's own token.
 */
export async function linkPhone(profiles: Profile[] = allProfiles()): Promise<void> {
  const registration = savedPushRegistration();
  if (!registration) return;
  await Promise.all(
    profiles
      .filter((p) => p.push !== registration)
      .map(async (p) => {
        const res = await linkPushFor(p, registration, p.push);
        if (res.ok) remember(p.nomr, { push: registration });
        else if (refused(res)) void endSession(true, p);
      }),
  );
}

/**
 * Why the login call did not add the profile: 'mismatch' (the number and birth date do not match
 * a patient), 'locked' (too many failures: the server says until when), 'passkey' (this patient
 * signs in with a passkey: the server says how), 'offline' (no answer), 'error' (any other).
 */
type AddFailure = 'mismatch' | 'locked' | 'passkey' | 'offline' | 'error';

export type Added = { kind: 'ok' } | { kind: 'refused'; why: Refusal } | { kind: 'failed'; why: AddFailure; note?: string };

function failure({ kind, httpStatus, message }: ApiError): { why: AddFailure; note?: string } {
  if (httpStatus === 429) return { why: 'locked', note: message };
  if (httpStatus === 403) return { why: 'passkey', note: message };
  if (kind === 'offline' || kind === 'network') return { why: 'offline' };
  // 401, or an API that answers status false (docs/product.md §8: wrong data).
  if (kind === 'unauthorized' || kind === 'status' || httpStatus === 400 || httpStatus === 404) return { why: 'mismatch' };
  return { why: 'error' };
}

/**
 * 'Tambah Anggota Keluarga': the login call with the same rules, throttle and errors as the login
 * page, and the new profile becomes the active one. The same patient twice, or a seventh, is
 * refused before any call. No push registration rides with this login: a login moves the phone to
 * its patient alone, so the phone is linked afterwards with each profile's own token.
 */
export async function addFamilyProfile(nomr: string, birthDate: string): Promise<Added> {
  const early = refusal(allProfiles(), nomr);
  if (early) return { kind: 'refused', why: early };
  const res = await login({ medical_record_number: nomr, birthdate: birthDate, fcmtoken: '' });
  const token = res.ok ? res.data : undefined;
  // An answer without a token is a refusal as the spec's login page reads it (docs/product.md §8).
  if (!token?.access_token) return { kind: 'failed', ...(res.ok ? { why: 'mismatch' as const } : failure(res.error)) };
  return keep(nomr, birthDate, { access_token: token.access_token, expires_in: token.expires_in });
}

/**
 * The same, for a family member whose passkey is on this phone ('Masuk dengan sidik jari' on the
 * screen: with PASSKEY_REQUIRED the only way). Who it is is known only after the sign-in, so the
 * same patient twice or a seventh is refused then, and the session just made is ended on the
 * server rather than left unused.
 */
export async function addPasskeyProfile({ token, patient }: PasskeyLoginResponse): Promise<Added> {
  const early = refusal(allProfiles(), patient.nomr);
  if (!early) return keep(patient.nomr, patient.tgl_lahir, token);
  await call<null>(API.logout, { method: 'POST', base: 'login', bearer: token.access_token, body: {} });
  return { kind: 'refused', why: early };
}

function keep(nomr: string, birthDate: string, token: { access_token: string; expires_in?: number }): Added {
  const expiresIn = token.expires_in;
  const why = addProfile({ nomr, birthDate, token: token.access_token, expiresAt: expiresIn && Date.now() + expiresIn * 1000 });
  if (why) return { kind: 'refused', why };
  void linkPhone();
  return { kind: 'ok' };
}

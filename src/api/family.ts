// Another family profile's reads and push link, each with that profile's own token (never the
// active one's: the server answers a token for its own patient only). A 401 here ends no session
// in the HTTP client; the data layer ends that profile alone (data/family.ts).
import type { ClinicQueueItem, Profile, UpcomingAppointment } from '../../common/schemas/index.ts';
import type { Credentials } from '../session/session.ts';
import { knowsPatientFromToken } from './capabilities.ts';
import { read, write, type Result } from './http.ts';

// The birth date only to an API that needs it (api/query.ts).
const as = (p: Credentials) => ({
  bearer: p.token,
  query: (knowsPatientFromToken() ? { nomr: p.nomr } : { nomr: p.nomr, tgllahir: p.birthDate }) as Record<string, string>,
});

export const profileOf = (p: Credentials): Promise<Result<Profile>> => read('profile', as(p));

export const upcomingOf = (p: Credentials): Promise<Result<UpcomingAppointment[]>> => read('upcoming', { ...as(p), pick: (b) => b.data?.jadwal ?? [] });

export const clinicQueueOf = (p: Credentials): Promise<Result<ClinicQueueItem[]>> => read('clinicQueue', as(p));

/** Links this phone's push registration to the profile's patient too; `replaces`: the one it renews. */
export const linkPushFor = (p: Credentials, fcmtoken: string, replaces?: string): Promise<Result<unknown>> =>
  write('savePush', replaces && replaces !== fcmtoken ? { fcmtoken, replaces } : { fcmtoken }, { bearer: p.token });

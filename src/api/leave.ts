// A doctor's leave and the waiting list (docs/leave.md): the bookings the hospital cancelled and
// their one-tap move, the patient's places in line. Answer types: common/api-calls.ts; paths:
// common/leave-paths.ts, loaded with this module rather than with the core. An API without these
// calls answers 404: null, and the app shows nothing of them.
import type { BodyOf, DataOf } from '../../common/schemas/index.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { call, type Result } from './http.ts';
import { patientQuery } from './query.ts';

const absent = <T>(res: Result<T>): Result<T | null> => (!res.ok && res.error.kind === 'http' && res.error.httpStatus === 404 ? { ok: true, data: null } : res);

type Sent = 'moveCancelled' | 'waitlistJoin' | 'waitlistLeave' | 'waitlistTake';
const send = <N extends Sent>(name: N, body: BodyOf<N>): Promise<Result<DataOf<N>>> => call(LEAVE_API[name], { method: 'POST', body });

export const getHospitalCancelled = async (): Promise<Result<DataOf<'hospitalCancelled'> | null>> =>
  absent(await call<DataOf<'hospitalCancelled'>>(LEAVE_API.hospitalCancelled, { query: patientQuery(false) }));

export const getWaitlist = async (): Promise<Result<DataOf<'waitlist'> | null>> =>
  absent(await call<DataOf<'waitlist'>>(LEAVE_API.waitlist, { query: patientQuery(false) }));

export const moveCancelled = (req: BodyOf<'moveCancelled'>) => send('moveCancelled', req);

export const joinWaitlist = (req: BodyOf<'waitlistJoin'>) => send('waitlistJoin', req);

export const leaveWaitlist = (id: number) => send('waitlistLeave', { id });

export const takeOffer = (id: number) => send('waitlistTake', { id });

// The patient's passkeys and sessions, plain calls: the list, removing a passkey, ending a
// session, and whether to offer enrolment. The ceremonies, with the WebAuthn library, are in
// passkey-ceremony.ts, loaded only when one starts.
import { API } from '../../common/paths.ts';
import type { Devices, PasskeyOffer } from '../../common/schemas/index.ts';
import { call, type Result } from './http.ts';

/** Whether to offer enrolment now: true once per patient (the server remembers). */
export const takeOffer = (): Promise<Result<PasskeyOffer>> => call<PasskeyOffer>(API.passkeyOffer);

export const getDevices = (): Promise<Result<Devices>> => call<Devices>(API.devices);

export const removePasskey = (id: string): Promise<Result<null>> => call<null>(API.passkeyRemove, { method: 'POST', body: { id } });

export const endSession = (id: string): Promise<Result<null>> => call<null>(API.sessionEnd, { method: 'POST', body: { id } });

// The patient's passkeys and sessions, plain calls: the list, removing a passkey, ending a
// session, and whether to offer enrolment. The ceremonies, with the WebAuthn library, are in
// passkey-ceremony.ts, loaded only when one starts.
import type { Devices, PasskeyOffer } from '../../common/schemas/index.ts';
import { read, type Result, write } from './http.ts';

/** Whether to offer enrolment now: true once per patient (the server remembers). */
export const takeOffer = (): Promise<Result<PasskeyOffer>> => read('passkeyOffer');

export const getDevices = (): Promise<Result<Devices>> => read('devices');

export const removePasskey = (id: string): Promise<Result<null>> => write('passkeyRemove', { id });

export const endSession = (id: string): Promise<Result<null>> => write('sessionEnd', { id });

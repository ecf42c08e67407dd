// What the registration form loads with its first 'Daftar', in one download: the rules it checks
// beside each field (the server's own, common/registration.ts), and the call that sends it with
// what its answer means for the form.
import { fieldOfMessage, type RegistrationData, type RegistrationField } from '../../../common/registration.ts';
import { registerPatient } from '../../api/auth.ts';
import { FORM, PRIVACY_VERSION } from './strings.ts';
import type { Ticket } from './ticket.ts';

export { registrationProblems } from '../../../common/registration.ts';

export interface Sent {
  /** The lines of the spec's 'Pesan' dialog. */
  lines: string[];
  saved?: boolean;
  /** Saved: what the patient holds afterwards (the reference, the counter). */
  ticket?: Ticket;
  /** The field a refusal names, and its words. */
  refused?: { key: RegistrationField; text: string };
}

/** Sends the registration with the consent; null when no answer came (the spec's browser alert). */
export async function send(data: RegistrationData): Promise<Sent | null> {
  const res = await registerPatient({ ...data, persetujuan_privasi: true, versi_privasi: PRIVACY_VERSION });
  if (res.ok) return { lines: [FORM.saved], saved: true, ticket: { referensi: res.data?.referensi, tgl_lahir: data.tgl_lahir, loket: res.data?.loket } };
  const { kind, httpStatus, message: text } = res.error;
  // Too many registrations from one network: the server says until when (not a network error);
  // a 400 names the field its schema refused.
  if (kind !== 'status' && httpStatus !== 429 && httpStatus !== 400) return null;
  // The server names what is wrong (e.g. an NIK that is not 16 digits): shown, and its field marked.
  const key = fieldOfMessage(text);
  return {
    lines: [FORM.failed, ...(text && text !== FORM.empty ? [text] : [])],
    refused: key && text ? { key, text } : undefined,
  };
}

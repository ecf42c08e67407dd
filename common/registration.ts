// Self-registration's rules (docs/product.md §3 and §5), once: the form checks them beside each field
// before anything is sent, the server refuses by the same ones (server/routes/registration.ts),
// and its request schema takes the fields' lengths from here (common/schemas/auth.ts). The words
// are the person's: what to correct, not a code.
import { isBirthDate } from './birthdate.ts';
import { todayWib } from './dates.ts';
import { isMobileNumber } from './phone.ts';
import { OCCUPATIONS } from './schemas/occupations.ts';

/** The seven fields of the form, in the order it shows them. */
const REGISTRATION_FIELDS = ['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationData = Record<RegistrationField, string>;

/** The longest value each field takes (the request schema's maxLength, the inputs' maxlength). */
export const REGISTRATION_MAX: Record<RegistrationField, number> = {
  nama: 100,
  no_ktp: 20,
  tempat_lahir: 60,
  tgl_lahir: 10,
  telp_hp: 20,
  email: 120,
  pekerjaan: 2,
};

export const REGISTRATION_MSG = {
  // The one answer to every accepted registration, new NIK or known: telling them apart would
  // tell a stranger that an NIK is registered (docs/security.md, Threat model).
  saved: 'Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih',
  empty: 'Mohon isi semua data dengan benar!',
  nik: 'No KTP (NIK) harus 16 angka.',
  birthDate: 'Tanggal Lahir tidak valid.',
  phone: 'Nomor Telpon tidak valid. Gunakan nomor HP, misalnya 081234567890.',
  email: 'Alamat Email tidak valid.',
  occupation: 'Pilih Pekerjaan dari daftar.',
} as const;

const NIK = /^[0-9]{16}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Each field's format rule and what it says when broken; an empty field is caught before. */
const RULES: Array<[RegistrationField, (value: string, today: string) => boolean, string]> = [
  ['no_ktp', (v) => NIK.test(v.trim()), REGISTRATION_MSG.nik],
  // The same rule the form's date fields show (common/birthdate.ts).
  ['tgl_lahir', (v, today) => isBirthDate(v, today), REGISTRATION_MSG.birthDate],
  ['telp_hp', isMobileNumber, REGISTRATION_MSG.phone],
  ['email', (v) => EMAIL.test(v.trim()), REGISTRATION_MSG.email],
  ['pekerjaan', (v) => OCCUPATIONS.some(([code]) => code === v), REGISTRATION_MSG.occupation],
];

/** Every field's problem at once: 'empty', or the message of its broken rule. */
export function registrationProblems(p: Partial<RegistrationData>, today = todayWib()): Partial<Record<RegistrationField, string>> {
  const found: Partial<Record<RegistrationField, string>> = {};
  for (const k of REGISTRATION_FIELDS) if (!p[k]?.trim()) found[k] = 'empty';
  for (const [k, ok, message] of RULES) if (!found[k] && !ok(p[k] as string, today)) found[k] = message;
  return found;
}

/** The server's one answer: the spec's message when a field is empty, else the first broken rule; null when fine. */
export function registrationProblem(p: Partial<RegistrationData>, today = todayWib()): string | null {
  const found = registrationProblems(p, today);
  if (Object.values(found).includes('empty')) return REGISTRATION_MSG.empty;
  const first = REGISTRATION_FIELDS.find((k) => found[k]);
  return first ? (found[first] as string) : null;
}

/**
 * The field a refusal names: one of the messages above, or a 400's 'Periksa kolom <field>' (the
 * request schema's check, server/errors.ts). undefined when it names none.
 */
export function fieldOfMessage(message: string | undefined): RegistrationField | undefined {
  if (!message) return undefined;
  const rule = RULES.find(([, , m]) => message.includes(m));
  if (rule) return rule[0];
  const named = /\bkolom (\w+)/i.exec(message)?.[1];
  return REGISTRATION_FIELDS.find((k) => k === named);
}

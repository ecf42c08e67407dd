// Self-registration's checks (spec sections 3 and 5), answered in words the person can act on.
import { isBirthDate } from '../../common/birthdate.ts';
import { todayWib } from '../../common/dates.ts';
import { isMobileNumber } from '../../common/phone.ts';
import type { NewPatient } from '../../common/schemas/auth.ts';
import { OCCUPATIONS } from '../../common/schemas/occupations.ts';

export const REGISTRATION_MSG = {
  // The one answer to every accepted registration, new NIK or known: telling them apart would
  // tell a stranger that an NIK is registered (docs/security.md, enumeration).
  saved: 'Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih',
  empty: 'Mohon isi semua data dengan benar!',
  nik: 'No KTP (NIK) harus 16 angka.',
  birthDate: 'Tanggal Lahir tidak valid.',
  phone: 'Nomor Telpon tidak valid. Gunakan nomor HP, misalnya 081234567890.',
  email: 'Alamat Email tidak valid.',
  occupation: 'Pilih Pekerjaan dari daftar.',
} as const;

const FIELDS = ['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'] as const;

/** What is wrong with a registration; null when it is fine. */
export function registrationProblem(p: NewPatient, today = todayWib()): string | null {
  if (FIELDS.some((k) => !p[k]?.trim())) return REGISTRATION_MSG.empty;
  if (!/^[0-9]{16}$/.test(p.no_ktp.trim())) return REGISTRATION_MSG.nik;
  // The same rule the form shows beside the field (common/birthdate.ts).
  if (!isBirthDate(p.tgl_lahir, today)) return REGISTRATION_MSG.birthDate;
  if (!isMobileNumber(p.telp_hp)) return REGISTRATION_MSG.phone;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(p.email.trim())) return REGISTRATION_MSG.email;
  if (!OCCUPATIONS.some(([code]) => code === p.pekerjaan)) return REGISTRATION_MSG.occupation;
  return null;
}

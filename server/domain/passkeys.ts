// Passkeys' rules that need no database: how long a challenge lives, which challenge an answer
// carries, what a device is called, and what the patient is told.

/** A ceremony must be finished within this long of asking for its options (single use). */
export const CHALLENGE_MINUTES = 5;
/** The same, as the options' `timeout` tells the browser. */
export const CHALLENGE_TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;
/** What the phone's prompt and its list of passkeys call us. */
export const RP_NAME = 'Pasien RS Jantung';

/**
 * The passkey's user.name, which the phone's password manager shows (and may sync and back up):
 * the patient's name and the last two digits of the medical record number, so a family sharing a
 * phone tells theirs apart, but never the number itself, half of the old login (decisions:
 * Passkeys).
 */
export const passkeyUserName = (nama: string, nomr: string): string => `${nama} (…${nomr.slice(-2)})`;

export const PASSKEY_MSG = {
  /** PASSKEY_REQUIRED, after the birth date matched: how to sign in, and how to recover. */
  required:
    'Pasien ini masuk dengan sidik jari atau kunci layar ponsel yang sudah didaftarkan. Tekan "Masuk dengan sidik jari". ' +
    'Jika ponsel hilang atau berganti, datanglah ke loket pendaftaran rumah sakit dengan membawa KTP: petugas akan menghapus ' +
    'kunci masuk lama, lalu Anda dapat masuk kembali dengan Nomor MR dan Tanggal Lahir.',
  /** Any sign-in that does not verify: unknown, removed, replayed, stale, or another's. */
  loginFailed: 'Masuk dengan sidik jari gagal. Silakan coba lagi, atau masuk dengan Nomor MR dan Tanggal Lahir.',
  registerFailed: 'Sidik jari tidak dapat didaftarkan. Silakan coba lagi.',
  stale: 'Waktu pendaftaran sudah habis. Silakan coba lagi.',
  notPlatform: 'Kunci masuk harus tersimpan di ponsel ini (sidik jari atau kunci layar), bukan di perangkat lain.',
  notDiscoverable: 'Ponsel ini tidak dapat menyimpan kunci masuk yang dapat dipilih saat login.',
  duplicate: 'Kunci masuk ini sudah terdaftar.',
  passkeyNotFound: 'Kunci masuk tidak ditemukan.',
  sessionNotFound: 'Sesi tidak ditemukan atau sudah berakhir.',
  /** SIMRS=upstream: the hospital's sign-in this server held has ended; only the birth date renews it. */
  upstreamExpired: 'Masuk dengan sidik jari belum dapat digunakan saat ini. Silakan login kembali dengan Nomor MR dan Tanggal Lahir.',
} as const;

/** The challenge an authenticator signed, read from the client's data (base64url JSON), or null. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

const BROWSERS: Array<[RegExp, string]> = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];

/**
 * 'Chrome di Android': what the patient recognises a phone by in their list of sessions and
 * passkeys. Only this label is kept, never the whole User-Agent (less to keep about a person).
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} di ${system}`;
  return browser ?? system ?? null;
}

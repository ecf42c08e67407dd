// Guessing and flooding limits: what is counted, and what a locked-out person is told. The
// counts themselves are in the database (db/throttle.ts), shared by every server process.

export type Scope = 'login-nomr' | 'login-ip' | 'register-ip';

export interface Rule {
  /** Events within the window that lock the key. */
  max: number;
  windowMinutes: number;
  /** The first lock; each further lock within a day lasts twice the one before (up to 64×). */
  lockMinutes: number;
}

/** '14.35 WIB': when a lock ends, in the hospital's time, as the patient reads a clock. */
export function wibTime(at: Date): string {
  const hm = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', hour12: false }).format(at);
  return `${hm.replace(':', '.')} WIB`;
}

export const retryAfterSeconds = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

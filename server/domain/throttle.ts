// Guessing and flooding limits: what is counted, how long a lock lasts, and what a locked-out
// person is told. The counts themselves are in the database (db/throttle.ts), shared by every
// server process.
import { formatMoment } from '../../common/dates.ts';

export type Scope = 'login-nomr' | 'login-ip' | 'register-ip' | 'status-ref' | 'status-ip' | 'passkey-options-ip' | 'export-session' | 'jkn-token-ip';

export interface Rule {
  /** Attempts within the window that lock the key. */
  max: number;
  windowMinutes: number;
  /** The first lock; each further lock within a day lasts twice the one before (up to 64×). */
  lockMinutes: number;
  /**
   * No lock lasts longer. A lock also shuts out the real patient (or everyone behind a shared
   * address), so escalation must stop before it becomes a denial of service (docs/security.md).
   */
  maxLockMinutes?: number;
}

/** Doublings of the first lock before escalation stops on its own (64×). */
const MAX_DOUBLINGS = 6;

/**
 * The length of each lock in minutes, by how many locks came before it within a day: index i is
 * the lock after i earlier ones; the last entry holds for every lock after that.
 */
export function lockSchedule(rule: Rule): number[] {
  const cap = rule.maxLockMinutes ?? Number.POSITIVE_INFINITY;
  return Array.from({ length: MAX_DOUBLINGS + 1 }, (_, i) => Math.min(rule.lockMinutes * 2 ** i, cap));
}

/** '14.35 WIB': when a lock ends, in the hospital's time, as the patient reads a clock. */
export function wibTime(at: Date): string {
  const hm = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', hour12: false }).format(at);
  return `${hm.replace(':', '.')} WIB`;
}

/**
 * '24 November 2026 pukul 06.47 WIB': a lock may end after midnight or on another day than the
 * patient expects, so the date is named with the time.
 */
export const wibMoment = (at: Date): string => `${formatMoment(at.getTime())} WIB`;

export const retryAfterSeconds = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

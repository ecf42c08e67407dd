// What a new patient holds after registering (docs/product.md, Registration's ending): the
// reference, the birth date it goes with, and the counter's place and hours as the server said
// them. Kept in local storage, so the page shows them again offline, until the patient dismisses
// them or signs in (the first screen that sees a session drops them).
import type { Counter } from '../../../common/schemas/index.ts';

export interface Ticket {
  /** Absent when the hospital's own system keeps the registrations (SIMRS=upstream). */
  referensi?: string;
  tgl_lahir: string;
  loket?: Counter;
}

const TICKET_KEY = 'pendaftaran';

export function readTicket(): Ticket | null {
  try {
    const t = JSON.parse(localStorage.getItem(TICKET_KEY) || 'null') as Ticket | null;
    return t && typeof t.tgl_lahir === 'string' ? t : null;
  } catch {
    return null;
  }
}

export function keepTicket(t: Ticket): void {
  try {
    localStorage.setItem(TICKET_KEY, JSON.stringify(t));
  } catch {
    // Storage full or refused (private mode): the page still shows it until it is closed.
  }
}

export const dropTicket = (): void => localStorage.removeItem(TICKET_KEY);

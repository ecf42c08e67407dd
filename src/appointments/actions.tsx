// What an appointment's card offers, where the API manages appointments (decisions: managing
// appointments): 'Ubah Jadwal' and 'Batalkan' while the server says it can still change, and for
// an online consultation 'Masuk Ruang Konsultasi' while its room is open. The server decides when
// the room is open (the phone's clock may be wrong); the card reads the list again when it opens
// and when it closes.
import { useEffect } from 'react';
import { formatMoment } from '../../common/dates.ts';
import { to } from '../../common/routes.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { cache } from '../data/reads.ts';
import { button } from '../ui/button.ts';
import * as css from './manage.css.ts';
import { MANAGE } from './strings.ts';

/** setTimeout's longest wait (about 24.8 days); a longer one would fire at once. */
const LONGEST_WAIT = 2 ** 31 - 1;

/** The meeting link, only if it is one: an https address (a javascript: or http link is not followed). */
export function roomLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}

/** When the card should be read again: at the room's opening, or at its close while it is open. */
function nextChange(a: UpcomingAppointment, now: number): number | null {
  const at = a.link_konsultasi ? a.konsultasi_tutup : a.konsultasi_buka;
  const ms = at ? Date.parse(at) : Number.NaN;
  return ms > now ? ms : null;
}

/** The appointment's card can offer cancel and reschedule now. */
export const changeable = (a: UpcomingAppointment, managed: boolean): a is UpcomingAppointment & { no_reg: string } =>
  managed && !!a.no_reg && a.dapat_diubah === true;

interface Props {
  appointment: UpcomingAppointment;
  /** The API manages appointments (its booking rules were read). */
  managed: boolean;
  onCancel: () => void;
}

export function AppointmentActions({ appointment: a, managed, onCancel }: Props) {
  const room = roomLink(a.link_konsultasi);
  const change = a.jenis === 'online' ? nextChange(a, Date.now()) : null;
  useEffect(() => {
    if (change === null || change - Date.now() > LONGEST_WAIT) return;
    const timer = setTimeout(() => cache.invalidate(['upcoming']), Math.max(0, change - Date.now()));
    return () => clearTimeout(timer);
  }, [change]);

  const opensAt = !room && a.jenis === 'online' && a.konsultasi_buka && change !== null ? Date.parse(a.konsultasi_buka) : null;
  const canChange = changeable(a, managed);
  if (!room && opensAt === null && !canChange) return null;
  return (
    <div className={css.actions}>
      {room && (
        <a className={button({ block: true })} href={room} target="_blank" rel="noopener noreferrer">
          {MANAGE.enterRoom} {MANAGE.newTab}
        </a>
      )}
      {opensAt !== null && <p className={css.note}>{MANAGE.roomOpens(formatMoment(opensAt))}</p>}
      {canChange && (
        <div className={css.buttons}>
          <a className={button({ kind: 'secondary' })} href={to('reschedule', { no_reg: a.no_reg })}>
            {MANAGE.reschedule}
          </a>
          <button type="button" className={button({ kind: 'secondary' })} onClick={onCancel}>
            {MANAGE.cancel}
          </button>
        </div>
      )}
    </div>
  );
}

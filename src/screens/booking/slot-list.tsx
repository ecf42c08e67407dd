// The slot list: the doctors a quota check answers with, each a link to the confirmation or
// (rescheduling) a button; a slot with no seat left, or the one already held, shown but not chosen.
import type { QuotaSlot } from '../../../common/schemas/index.ts';
import { isSlotAvailable, remainingQuota } from '../../../common/booking.ts';
import { formatHours } from '../../../common/hours.ts';
import type { Resource } from '../../data/resource.ts';
import { BOOKING } from './strings.ts';
import { ListState } from '../../ui/ListState.tsx';
import { button } from '../../ui/button.ts';
import * as css from './booking.css.ts';

/** What a slot of the list does: a link to the confirmation, or (rescheduling) a button. */
export type SlotAction = { href: (s: QuotaSlot) => string } | { onChoose: (s: QuotaSlot) => void };

/** The doctors of a quota check; a slot with no seat left, or the one already held, is shown but cannot be chosen. */
export function SlotList({
  slots,
  quota = 'remaining',
  current,
  onWait,
  ...action
}: {
  slots: Resource<QuotaSlot[]>;
  quota?: 'remaining' | 'filled';
  /** Rescheduling: the session the appointment already has. */
  current?: (s: QuotaSlot) => boolean;
  /** A full session's waiting list, where the API keeps one (docs/leave.md): its one-tap join. */
  onWait?: (s: QuotaSlot) => void;
} & SlotAction) {
  return (
    <section aria-label={BOOKING.slotsTitle} aria-live="polite">
      <ListState resource={slots}>
        {(items) => (
          <ul className={css.slots}>
            {items.map((s) => {
              const held = !!current?.(s);
              const available = isSlotAvailable(s) && !held;
              const body = (
                <>
                  <span className={css.slotInfo}>
                    <strong className={css.slotDoctor}>{s.nama_dr}</strong>
                    <span>
                      {BOOKING.hours} {formatHours(s.jam_dtg, s.jam_plg)}
                    </span>
                    {quota === 'filled' ? (
                      <span className={css.quota}>{BOOKING.quotaOf(s.quota_terisi, s.batas_quota)}</span>
                    ) : available ? (
                      <span className={css.quota}>
                        {BOOKING.quotaLeft}: {remainingQuota(s)}
                      </span>
                    ) : null}
                    {held ? (
                      <span className={css.note}>{BOOKING.currentSlot}</span>
                    ) : (
                      !available && <span className={css.full}>{s.batas_quota > 0 ? BOOKING.full : BOOKING.noQuota}</span>
                    )}
                  </span>
                  {available && (
                    // What a tap does, as a button shows it; the whole card is the one target.
                    <span className={css.choose}>
                      {BOOKING.choose}
                      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z" />
                      </svg>
                    </span>
                  )}
                </>
              );
              return (
                <li>
                  {!available ? (
                    // No aria-disabled here: on an element without a role screen readers ignore it; the
                    // slot's own text ('Kuota penuh') says why it cannot be chosen.
                    <div className={`${css.slot} ${css.slotOff}`}>
                      {body}
                      {onWait && !held && s.batas_quota > 0 && (
                        <button type="button" className={button({ kind: 'secondary' })} onClick={() => onWait(s)}>
                          {BOOKING.waitJoin}
                        </button>
                      )}
                    </div>
                  ) : 'href' in action ? (
                    <a className={css.slot} href={action.href(s)}>
                      {body}
                    </a>
                  ) : (
                    <button type="button" className={`${css.slot} ${css.slotButton}`} onClick={() => action.onChoose(s)}>
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
    </section>
  );
}

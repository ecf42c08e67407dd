// The quota check's own parts, which its three forms share (quota-check.tsx, online.tsx,
// reschedule.tsx): the date asked about with the answer's state, and the 'Cek Kuota' button.
import { useState } from 'react';
import type { QuotaSlot } from '../../../common/schemas/index.ts';
import type { Read } from '../../data/cache.ts';
import { useRead } from '../../data/hooks.ts';
import { BOOKING } from './strings.ts';
import { button } from '../../ui/button.ts';
import { Spinner } from '../../ui/Spinner.tsx';

/**
 * The date asked about and the quota list of a screen: the list is null until checked, and
 * cleared whenever an input changes (a new date among them: `pickDate`).
 */
export function useSlots() {
  const [date, setDate] = useState<string | null>(null);
  const [read, setRead] = useState<Read<QuotaSlot[], QuotaSlot[]> | null>(null);
  const [slots, reload] = useRead(read);
  const clear = () => setRead(null);
  const pickDate = (d: string) => {
    setDate(d);
    clear();
  };
  // The same check again asks again: seats go by the minute.
  const check = (next: Read<QuotaSlot[], QuotaSlot[]>) => (next.key === read?.key ? reload() : setRead(next));
  return { date, pickDate, slots, check, clear, checking: slots?.state === 'loading' };
}

/** 'Cek Kuota', the quota check's submit button, busy while the check runs. */
export function CheckButton({ disabled, checking }: { disabled: boolean; checking: boolean }) {
  return (
    <button type="submit" className={button({ kind: 'primary', block: true })} disabled={disabled} aria-busy={checking}>
      {checking && <Spinner small />}
      {BOOKING.check}
    </button>
  );
}

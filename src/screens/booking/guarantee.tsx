// The guarantee selector and the 'Mohon isi…' alert, which the quota check and the confirmation
// both show. Apart from the date rule and the slot list (date-rule.ts, slot-list.tsx) so the
// confirmation, which has its date already, does not download them (docs/performance.md).
import { GUARANTEES, isGuarantee, type Guarantee } from '../../../common/booking.ts';
import { S } from '../../strings.ts';
import { field, input, label } from '../../ui/controls.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { BOOKING } from './strings.ts';

/** The booking form's 'Mohon isi…' alert: something required is not chosen or filled in. */
export function InvalidDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={BOOKING.invalidTitle} role="alertdialog" onClose={onClose} actions={[{ label: S.close, onClick: onClose }]}>
      <p>{BOOKING.invalidBody}</p>
    </Dialog>
  );
}

export function GuaranteeSelect({ id, value, onChange }: { id: string; value: Guarantee | ''; onChange: (g: Guarantee | '') => void }) {
  return (
    <div className={field}>
      <label className={label} htmlFor={id}>
        {BOOKING.jaminan}
      </label>
      <select
        id={id}
        className={input}
        value={value}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(isGuarantee(v) ? v : '');
        }}
      >
        <option value="">{BOOKING.chooseJaminan}</option>
        {GUARANTEES.map((g) => (
          <option value={g}>{g}</option>
        ))}
      </select>
    </div>
  );
}

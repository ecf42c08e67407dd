// 'Batalkan': the appointment named in full, why (spec of the reasons: common/booking.ts; 'Lainnya'
// with the patient's own words), and one clear confirmation. The server's answer is shown as it
// says it; the home card reads the list again at once (data/reads.ts).
import { useId, useRef, useState } from 'react';
import { CANCEL_REASONS, OTHER_REASON, type CancelReason } from '../../common/booking.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { cancelAppointment } from '../data/reads.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { field, fieldError, label } from '../ui/controls.css.ts';
import * as css from './manage.css.ts';
import { AppointmentSummary } from './parts.tsx';
import { MANAGE } from './strings.ts';

/** The most the server keeps of the patient's own words. */
const MAX_WORDS = 200;

export function CancelDialog({ appointment: a, noReg, onClose }: { appointment: UpcomingAppointment; noReg: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [other, setOther] = useState('');
  const [missing, setMissing] = useState<'reason' | 'other' | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ title: string; text: string } | null>(null);
  // Two taps can land before the label changes: the ref stops the second at once.
  const busy = useRef(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const otherField = useRef<HTMLTextAreaElement>(null);

  const confirm = async () => {
    if (busy.current) return;
    if (!reason) return (setMissing('reason'), firstReason.current?.focus());
    if (reason === OTHER_REASON && !other.trim()) return (setMissing('other'), otherField.current?.focus());
    setMissing(null);
    setFailure(null);
    busy.current = true;
    setSending(true);
    const res = await cancelAppointment({ no_reg: noReg, alasan: reason, ...(reason === OTHER_REASON ? { keterangan: other.trim() } : {}) });
    busy.current = false;
    setSending(false);
    if (res.ok) return setAnswer({ title: MANAGE.cancelledTitle, text: res.data.message });
    // The server said why (the practice has started, already checked in, not this patient's).
    if (res.error.message && (res.error.kind === 'status' || res.error.kind === 'http')) return setAnswer({ title: MANAGE.failTitle, text: res.error.message });
    setFailure(MANAGE.cancelFailed);
  };

  if (answer) {
    return (
      <Dialog title={answer.title} role="alertdialog" onClose={onClose} actions={[{ label: MANAGE.close, onClick: onClose }]}>
        <p>{answer.text}</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={MANAGE.cancelTitle}
      onClose={sending ? undefined : onClose}
      actions={[
        { label: MANAGE.keep, kind: 'secondary', onClick: () => !busy.current && onClose() },
        { label: sending ? MANAGE.cancelling : MANAGE.confirmCancel, onClick: () => void confirm() },
      ]}
    >
      <AppointmentSummary appointment={a} />
      <fieldset className={css.reasons} aria-describedby={missing === 'reason' ? `${id}-reason-error` : undefined}>
        <legend className={css.legend}>{MANAGE.reasonLegend}</legend>
        {CANCEL_REASONS.map((r, i) => (
          <label className={css.choice}>
            <input
              ref={i === 0 ? firstReason : undefined}
              className={css.radio}
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              aria-invalid={missing === 'reason'}
              onChange={() => {
                setReason(r);
                setMissing(null);
              }}
            />
            {r}
          </label>
        ))}
      </fieldset>
      {missing === 'reason' && (
        <p id={`${id}-reason-error`} className={fieldError} role="alert">
          {MANAGE.reasonRequired}
        </p>
      )}
      {reason === OTHER_REASON && (
        <div className={field}>
          <label className={label} htmlFor={`${id}-other`}>
            {MANAGE.otherLabel}
          </label>
          <textarea
            ref={otherField}
            id={`${id}-other`}
            className={css.textarea}
            maxLength={MAX_WORDS}
            value={other}
            aria-invalid={missing === 'other'}
            aria-describedby={`${id}-other-hint${missing === 'other' ? ` ${id}-other-error` : ''}`}
            onChange={(e) => {
              setOther(e.currentTarget.value);
              setMissing(null);
            }}
          />
          <span id={`${id}-other-hint`} className={css.note}>
            {MANAGE.otherHint(MAX_WORDS)}
          </span>
          {missing === 'other' && (
            <p id={`${id}-other-error`} className={fieldError} role="alert">
              {MANAGE.otherRequired}
            </p>
          )}
        </div>
      )}
      {sending && (
        <p className={css.sending}>
          <Spinner small label={MANAGE.cancelling} />
          <span aria-hidden="true">{MANAGE.cancelling}</span>
        </p>
      )}
      {failure && (
        <p className={fieldError} role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}

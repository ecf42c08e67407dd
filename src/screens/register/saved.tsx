// The end of a registration (docs/product.md §2 and Registration's ending): §2's saved message as
// it is, and under it what the new patient holds: the reference and its QR code for the counter,
// what to bring, the counter's place and hours when the hospital set them (never invented), how
// the Nomor MR reaches them (the counter, 'Cek status pendaftaran', and push if they ask with one
// tap), and the way back. Loaded only once there is something to show; kept offline (ticket.ts).
import { useEffect, useRef, useState } from 'react';
import { to } from '../../../common/routes.ts';
import { pushForRegistration } from '../../api/registration.ts';
import { askPushToken, pushPossible } from '../../push/for-registration.ts';
import { session } from '../../session/session.ts';
import { card } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { form, granted } from '../../ui/login.css.ts';
import { ENDING } from './ending-strings.ts';
import { CounterInfo } from './counter.tsx';
import { QrCode } from './qr.tsx';
import * as css from './saved.css.ts';
import { FORM, REGISTER } from './strings.ts';
import { dropTicket, type Ticket } from './ticket.ts';

export default function Saved({ ticket, onDismiss }: { ticket: Ticket; onDismiss: () => void }) {
  const { referensi } = ticket;
  const top = useRef<HTMLParagraphElement>(null);
  const [push, setPush] = useState<'ask' | 'busy' | 'on' | 'failed'>('ask');
  // Signed in since: the Nomor MR has reached them; the ticket has done its work.
  useEffect(() => {
    if (session.current.value) dropTicket();
    // This part arrives lazily: when the saved dialog was closed before it did, the dialog found no
    // message to give the focus back to, so the message takes it now.
    if (!document.querySelector('[role="dialog"],[role="alertdialog"]')) top.current?.focus();
  }, []);

  const ask = async () => {
    setPush('busy');
    const token = referensi && (await askPushToken());
    const sent = token && referensi ? await pushForRegistration(referensi, ticket.tgl_lahir, token) : null;
    setPush(sent?.ok ? 'on' : 'failed');
  };

  return (
    <div className={`${card} ${form}`} id="reg-selesai">
      <p ref={top} id="reg-pesan" tabIndex={-1} className={granted}>
        {FORM.saved}
      </p>
      {referensi && (
        <section aria-labelledby="reg-ref" className={css.part}>
          <h2 id="reg-ref" className={css.heading}>
            {ENDING.refTitle}
          </h2>
          <p className={css.reference} data-testid="referensi">
            {referensi}
          </p>
          <div className={css.qr}>
            <QrCode text={referensi} label={ENDING.qrLabel(referensi)} />
          </div>
          <p className={css.help}>{ENDING.refHelp}</p>
        </section>
      )}
      <section aria-labelledby="reg-bawa" className={css.part}>
        <h2 id="reg-bawa" className={css.heading}>
          {ENDING.bringTitle}
        </h2>
        <ul className={css.list}>
          {ENDING.bring.map((b) => (
            <li>{b}</li>
          ))}
        </ul>
      </section>
      <CounterInfo loket={ticket.loket} />
      <section aria-labelledby="reg-mr" className={css.part}>
        <h2 id="reg-mr" className={css.heading}>
          {ENDING.mrTitle}
        </h2>
        <p className={css.help}>{ENDING.mrHow}</p>
        {referensi && pushPossible() && push !== 'on' && push !== 'failed' && (
          <button type="button" className={button({ kind: 'secondary', block: true })} onClick={ask} disabled={push === 'busy'} aria-busy={push === 'busy'}>
            {ENDING.pushAsk}
          </button>
        )}
        <p role="status" className={css.help}>
          {push === 'on' ? ENDING.pushOn : push === 'failed' ? ENDING.pushFailed : ''}
        </p>
      </section>
      {referensi && (
        <a href={to('checkRegistration')} className={button({ kind: 'secondary', block: true })}>
          {ENDING.checkLink}
        </a>
      )}
      <a href="/" className={button({ kind: 'primary', block: true })}>
        {REGISTER.backToLogin}
      </a>
      <button
        type="button"
        className={button({ kind: 'secondary', block: true })}
        onClick={() => {
          dropTicket();
          onDismiss();
        }}
      >
        {ENDING.dismiss}
      </button>
    </div>
  );
}

// On /profil, per profile: push, WhatsApp or both, and which messages (docs/whatsapp.md).
// WhatsApp's controls appear only when the server says it has WhatsApp; its consent is asked once,
// with the number from the patient's record, which the patient (or a caregiver, with their own
// number) may change. Loaded with the profile page's lower part (lazy.tsx).
import { useEffect, useState } from 'react';
import { type Channel, NOTICE_EVENTS, NOTICE_LABELS, type NoticeEvent } from '../../common/notices.ts';
import type { NoticeChoice } from '../../common/schemas/index.ts';
import { getNoticeChoice, saveNoticeChoice } from '../api/notices.ts';
import { toasts } from '../notice/toasts.ts';
import { button } from '../ui/button.ts';
import { card, field, fieldHint, input, label } from '../ui/controls.css.ts';
import { Spinner } from '../ui/Spinner.tsx';
import * as css from './notices.css.ts';
import { NOTICES as S } from './strings.ts';

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'absent' } | { kind: 'ready'; choice: NoticeChoice };

export function NoticeChoiceCard({ phone }: { phone: string | null }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const load = () => {
    setState({ kind: 'loading' });
    void getNoticeChoice().then((res) => {
      // An API without this call (an older or another hospital's API): nothing to show.
      if (!res.ok) return setState(res.error.httpStatus === 404 ? { kind: 'absent' } : { kind: 'failed' });
      setState({ kind: 'ready', choice: res.data });
    });
  };
  useEffect(load, []);

  if (state.kind === 'absent') return null;
  return (
    <section className={`${card} ${css.section}`} aria-labelledby="pesan-rs" aria-busy={state.kind === 'loading'}>
      <h2 id="pesan-rs" className={css.title}>
        {S.title}
      </h2>
      {state.kind === 'loading' && <Spinner small label={S.loading} />}
      {state.kind === 'failed' && (
        <>
          <p className={css.failed} role="alert">
            {S.failed}
          </p>
          <button type="button" className={button({ kind: 'secondary' })} onClick={load}>
            {S.retry}
          </button>
        </>
      )}
      {state.kind === 'ready' && <ChoiceForm choice={state.choice} phone={phone} onSaved={(choice) => setState({ kind: 'ready', choice })} />}
    </section>
  );
}

function ChoiceForm({ choice, phone, onSaved }: { choice: NoticeChoice; phone: string | null; onSaved: (c: NoticeChoice) => void }) {
  const [channel, setChannel] = useState<Channel>(choice.channel);
  const [muted, setMuted] = useState<NoticeEvent[]>(choice.muted);
  const [nomor, setNomor] = useState(choice.nomor ?? phone ?? '');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wantsWhatsapp = channel !== 'push';
  // Asked once: a consented number is not asked again unless it changes.
  const asks = wantsWhatsapp && !(choice.setuju && nomor === choice.nomor);

  const toggle = (e: NoticeEvent) => setMuted((m) => (m.includes(e) ? m.filter((x) => x !== e) : [...m, e]));
  const save = async (ev: { preventDefault(): void }) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    const res = await saveNoticeChoice({ channel, muted, ...(wantsWhatsapp ? { nomor: nomor.trim(), setuju: asks ? agreed : true } : {}) });
    setBusy(false);
    if (!res.ok) return setError(res.error.kind === 'status' || res.error.kind === 'http' ? (res.error.message ?? S.saveFailed) : S.saveFailed);
    toasts.show(S.saved, 'success');
    setAgreed(false);
    onSaved(res.data);
  };

  return (
    <form className={css.section} onSubmit={save} noValidate>
      <p className={css.intro}>{S.intro}</p>
      {choice.whatsapp && (
        <fieldset className={css.group}>
          <legend className={css.legend}>{S.channel}</legend>
          {(['push', 'whatsapp', 'both'] as const).map((c) => (
            <label key={c} className={css.option}>
              <input className={css.box} type="radio" name="kanal" value={c} checked={channel === c} onChange={() => setChannel(c)} />
              {S[c]}
            </label>
          ))}
          {choice.berhenti && !choice.setuju && channel === 'push' && <p className={css.note}>{S.stopped}</p>}
        </fieldset>
      )}
      {choice.whatsapp && wantsWhatsapp && (
        <>
          <div className={field}>
            <label className={label} htmlFor="nomor-wa">
              {S.number}
            </label>
            <input
              id="nomor-wa"
              className={input}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={nomor}
              onChange={(e) => setNomor(e.currentTarget.value)}
              aria-describedby="nomor-wa-hint"
            />
            <span id="nomor-wa-hint" className={fieldHint}>
              {S.numberHint}
            </span>
          </div>
          {asks && (
            <label className={css.option}>
              <input className={css.box} type="checkbox" checked={agreed} onChange={() => setAgreed(!agreed)} />
              {S.consent}
            </label>
          )}
        </>
      )}
      <fieldset className={css.group}>
        <legend className={css.legend}>{S.which}</legend>
        {NOTICE_EVENTS.map((e) => (
          <label key={e} className={css.option}>
            <input className={css.box} type="checkbox" checked={!muted.includes(e)} onChange={() => toggle(e)} />
            {NOTICE_LABELS[e]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className={css.failed} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={button({ block: true })} disabled={busy} aria-busy={busy}>
        {busy ? S.saving : S.save}
      </button>
    </form>
  );
}

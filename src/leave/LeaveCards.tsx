// Home's cards of a doctor's leave and of the waiting list (docs/leave.md), loaded after home's own
// parts (leave/lazy.tsx): a booking the hospital cancelled, with its reason and a one-tap move to
// each session offered ('Pindahkan ke Senin, 7 Desember, 08.00–12.00'); the patient's places in
// line, a seat held for them with its time, and leaving the line. Nothing is drawn where the API
// has no such calls (SIMRS other than local), or while there is nothing to show.
import { useEffect, useState } from 'react';
import { dayLabel } from '../../common/dates.ts';
import { HOSPITAL_CANCELLED, moveLabel, sessionLabel } from '../../common/leave.ts';
import type { HospitalCancelled, MoveChoice, WaitlistEntry } from '../../common/schemas/leave.ts';
import * as api from '../api/leave.ts';
import type { Result } from '../api/http.ts';
import { cache, upcoming } from '../data/reads.ts';
import { card } from '../ui/controls.css.ts';
import { button } from '../ui/button.ts';
import { RetryNotice } from '../ui/ResourceView.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { LEAVE } from './strings.ts';
import * as css from './leave.css.ts';

interface State {
  cancelled: HospitalCancelled[];
  waiting: WaitlistEntry[];
}

/** A change made here: the upcoming list and the quota read afresh, as a booking's are. */
function changed(): void {
  cache.invalidate(['upcoming', 'quota/', 'lastAppointment']);
  void cache.load(upcoming);
}

function useLeave(): [State | null | 'error' | 'loading', () => void] {
  const [state, setState] = useState<State | null | 'error' | 'loading'>('loading');
  const load = () => {
    void Promise.all([api.getHospitalCancelled(), api.getWaitlist()]).then(([c, w]) => {
      if (!c.ok || !w.ok) return setState('error');
      setState(c.data === null && w.data === null ? null : { cancelled: c.data ?? [], waiting: w.data ?? [] });
    });
  };
  useEffect(load, []);
  return [state, load];
}

/** One action's button: busy while it runs, its answer's message said in the card (role status). */
function useAction(reload: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const run = async (key: string, send: () => Promise<Result<{ message?: string } | null>>, done?: string) => {
    if (busy) return;
    setBusy(key);
    const res = await send();
    setBusy(null);
    setSaid(res.ok ? (done ?? res.data?.message ?? null) : (res.error.message ?? LEAVE.failed));
    if (res.ok) changed();
    reload();
  };
  return { busy, said, run };
}

const choiceText = (c: MoveChoice, doctor: string) => (c.nama_dr === doctor ? moveLabel(c) : `${moveLabel(c)} ${LEAVE.otherDoctor(c.nama_dr)}`);

function CancelledCard({ item, action }: { item: HospitalCancelled; action: ReturnType<typeof useAction> }) {
  return (
    <section className={`${card} ${css.cancelled}`} aria-labelledby={`rs-${item.no_reg}`}>
      <h2 id={`rs-${item.no_reg}`} className={css.title}>
        {LEAVE.cancelledTitle}
      </h2>
      <p className={css.badge}>{HOSPITAL_CANCELLED}</p>
      <p>
        {item.departemen}, {item.nama_dokter}
        <br />
        {dayLabel(item.tanggal_janji)}
      </p>
      <p>
        <strong>{LEAVE.reason}:</strong> {item.alasan}
      </p>
      <p>{item.pilihan.length ? LEAVE.choose : LEAVE.noChoice}</p>
      <ul className={css.choices}>
        {item.pilihan.map((c) => {
          const key = `${item.no_reg}|${c.tgl_janji}|${c.kd_dr}|${c.sts_jam}`;
          return (
            <li>
              <button
                type="button"
                className={button({ kind: 'secondary', block: true })}
                disabled={action.busy !== null}
                aria-busy={action.busy === key}
                onClick={() =>
                  void action.run(key, () => api.moveCancelled({ no_reg: item.no_reg, tgl_janji: c.tgl_janji, kd_dr: c.kd_dr, sts_jam: c.sts_jam }))
                }
              >
                {action.busy === key ? LEAVE.moving : choiceText(c, item.nama_dokter)}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WaitCard({ entry, action }: { entry: WaitlistEntry; action: ReturnType<typeof useAction> }) {
  const offered = entry.status === 'ditawari';
  return (
    <section className={`${card} ${offered ? css.offered : ''}`} aria-labelledby={`dt-${entry.id}`}>
      <h2 id={`dt-${entry.id}`} className={css.title}>
        {LEAVE.waitTitle}
      </h2>
      <p>
        {entry.departemen}, {entry.nama_dr}
        <br />
        {sessionLabel({ tgl_janji: entry.tgl_janji, jam_dtg: entry.jam_dtg, jam_plg: entry.jam_plg })}
      </p>
      <p className={offered ? css.offer : undefined}>{offered ? LEAVE.offered(entry.ditahan_sampai) : LEAVE.place(entry.urutan)}</p>
      {offered && (
        <button
          type="button"
          className={button({ block: true })}
          disabled={action.busy !== null}
          onClick={() => void action.run(`take${entry.id}`, () => api.takeOffer(entry.id))}
        >
          {LEAVE.take}
        </button>
      )}
      <button
        type="button"
        className={button({ kind: 'plain', block: true })}
        disabled={action.busy !== null}
        onClick={() => void action.run(`leave${entry.id}`, () => api.leaveWaitlist(entry.id), LEAVE.left)}
      >
        {LEAVE.leave}
      </button>
    </section>
  );
}

export function LeaveCards() {
  const [state, reload] = useLeave();
  const action = useAction(reload);
  if (state === 'loading') return <Spinner small label={`${LEAVE.waitTitle}…`} />;
  if (state === 'error') return <RetryNotice onRetry={reload} />;
  const said = action.said && (
    <p className={css.said} role="status">
      {action.said}
    </p>
  );
  if (!state || (!state.cancelled.length && !state.waiting.length)) return said || null;
  return (
    <>
      {said}
      {state.cancelled.map((item) => (
        <CancelledCard item={item} action={action} />
      ))}
      {state.waiting.map((entry) => (
        <WaitCard entry={entry} action={action} />
      ))}
    </>
  );
}

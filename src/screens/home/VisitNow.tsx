// Today's clinic queue entry at a glance (decisions: the visit day): my number and the one being
// called, large; how many are still ahead and when I should be called; check-in. Every part but my
// number comes from the reference API's additions and is left out when the API does not send it.
import { useEffect, useRef, useState } from 'react';
import type { ClinicQueueItem } from '../../../common/schemas/index.ts';
import { formatClock, todayWib } from '../../../common/dates.ts';
import { S } from '../../strings.ts';
import { button } from '../../ui/button.ts';
import { Fields, type FieldRow } from '../../ui/RecordList.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CalledNotice } from './status.tsx';
import { HOME } from './strings.ts';
import * as css from './home.css.ts';

const V = HOME.visit;
const MINUTE = 60_000;

/**
 * The check-in call with the phone's position and its failures' words (checkin.ts) come when the
 * button is shown, not with home (docs/performance.md); the button is drawn at once, so nothing
 * moves when they arrive.
 */
const loadCheckin = () => import('./checkin.ts');

export function VisitNow({ item }: { item: ClinicQueueItem }) {
  const waiting = item.status === undefined || item.status === 'menunggu';
  const estimate = waiting && item.estimasi_dilayani ? formatClock(item.estimasi_dilayani) : '';
  const said = item.status && item.status !== 'menunggu' ? (HOME.queueStatus[item.status] ?? item.status) : '';
  return (
    <div className={css.ticket}>
      {/* In the card's value column, as every other value, only larger. */}
      <Fields
        item={item}
        rows={[
          [HOME.fields.noUrut, (q) => <span className={css.numberValue}>{q.no_urut}</span>],
          ...(item.no_dipanggil != null
            ? [[HOME.fields.noDipanggil, (q) => <span className={css.numberValue}>{q.no_dipanggil}</span>] as FieldRow<ClinicQueueItem>]
            : []),
        ]}
      />
      {item.status === 'dipanggil' ? (
        <CalledNotice at={item} />
      ) : (
        said && <strong className={item.status === 'dilewati' ? css.urgent : css.line}>{said}</strong>
      )}
      {waiting && typeof item.sisa_antrian === 'number' && <p className={css.ahead}>{V.ahead(item.sisa_antrian)}</p>}
      {estimate && <p className={css.line}>{V.estimate(estimate)}</p>}
      <CheckIn item={item} />
    </div>
  );
}

type Window = { state: 'none' } | { state: 'before'; opens: number } | { state: 'open'; closes: number };

/** Whether check-in is offered now, by the phone's clock; the server has the last word. */
function checkinWindow(item: ClinicQueueItem, now: number): Window {
  if (item.checkin === undefined || item.status === 'selesai' || item.status === 'batal') return { state: 'none' };
  if (item.tgl_janji.slice(0, 10) !== todayWib(now)) return { state: 'none' };
  const opens = item.checkin_buka ? Date.parse(item.checkin_buka) : Number.NaN;
  const closes = item.checkin_tutup ? Date.parse(item.checkin_tutup) : Number.NaN;
  if (now < opens) return { state: 'before', opens };
  // Practice until 12.00 takes check-ins through 12.00's minute, as the server does.
  if (now >= closes + MINUTE) return { state: 'none' };
  return { state: 'open', closes: Number.isNaN(closes) ? Number.POSITIVE_INFINITY : closes + MINUTE };
}

function CheckIn({ item }: { item: ClinicQueueItem }) {
  const [phase, setPhase] = useState<'idle' | 'locating' | 'sending'>('idle');
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const tries = useRef(0);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const now = Date.now();
  const win = checkinWindow(item, now);
  const at = item.checkin ?? done;

  // Redrawn when the window opens or closes while home stays on screen.
  const next = win.state === 'before' ? win.opens : win.state === 'open' ? win.closes : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.min(next - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [next]);
  // The button is gone once checked in: the focus goes to the answer, not to the page's start.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const offered = win.state === 'open' && !at;
  useEffect(() => {
    if (offered) void loadCheckin().catch(() => undefined);
  }, [offered]);

  if (at) {
    return (
      <p ref={doneRef} tabIndex={-1} className={css.checkedIn} role="status">
        {V.checkedIn(formatClock(at))}
      </p>
    );
  }
  if (win.state === 'none') return null;
  if (win.state === 'before') return <p className={css.hint}>{V.opensAt(formatClock(win.opens))}</p>;

  const busy = phase !== 'idle';
  const go = async () => {
    if (busy) return;
    setProblem(null);
    setPhase(item.checkin_lokasi ? 'locating' : 'sending');
    // Not yet loaded and no connection to load it: said as a failed call is.
    // Not yet loaded and no connection to load it: said as a call that did not get through.
    const res = await loadCheckin().then(
      (m) => m.checkInNow(item, () => setPhase('sending')),
      () => ({ ok: false as const, text: S.connectionProblem }),
    );
    setPhase('idle');
    if (res.ok) setDone(res.at);
    else setProblem({ text: res.text, n: ++tries.current });
  };
  return (
    <>
      {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus. */}
      <button type="button" className={button({ kind: 'primary', block: true })} onClick={() => void go()} aria-disabled={busy} aria-busy={busy}>
        {busy && <Spinner small label={phase === 'locating' ? V.locating : V.sending} />}
        {V.checkin}
      </button>
      {item.checkin_lokasi && <p className={css.hint}>{V.needsLocation}</p>}
      {/* A new key on every failure, so a screen reader reads it again. */}
      {problem && (
        <p key={problem.n} className={css.problem} role="alert">
          {problem.text}
        </p>
      )}
    </>
  );
}

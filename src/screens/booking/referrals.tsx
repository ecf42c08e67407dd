// The letter a BPJS clinic visit rests on (docs/bpjs.md, Referrals), where the API reads the
// patient's referrals and control letters from VClaim (capability bpjs-referrals): the usable ones
// for the chosen clinic and day, to pick with one tap, none typed. The pick rides to the
// confirmation in its link and is sent as jeniskunjungan + nomorreferensi. Where the API does not
// offer them, a BPJS booking asks for nothing beyond docs/product.md §2's phone number, and the
// counter checks the letter on arrival.
import { useState, type ReactNode } from 'react';
import { daysBetween, formatDate, isIsoDate, todayWib } from '../../../common/dates.ts';
import { to } from '../../../common/routes.ts';
import type { Clinic, ReferralList, UsableReferral } from '../../../common/schemas/index.ts';
import type { Guarantee } from '../../../common/booking.ts';
import { useRead } from '../../data/hooks.ts';
import { referrals as referralsRead } from '../../data/referrals.ts';
import type { Resource } from '../../data/resource.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { button } from '../../ui/button.ts';
import { BOOKING } from './strings.ts';
import { lettersFor, offersReferrals } from './letters.ts';
import * as css from './referrals.css.ts';

const T = BOOKING.referral;

/**
 * The letters of a BPJS booking where the API offers them: read while the guarantee is BPJS, the
 * ones for the chosen clinic and day, and the one picked (dropped when a change leaves it out).
 */
export function useLetters(guarantee: Guarantee | '', clinic: Clinic | null, date: string | null) {
  const offered = guarantee === 'BPJS' && offersReferrals();
  const [list] = useRead(offered ? referralsRead : null);
  const [picked, setPicked] = useState<string | null>(null);
  const data = list && list.state !== 'error' ? list.data : undefined;
  const letters = data ? lettersFor(data.rujukan, clinic?.kd_dep ?? null, date) : [];
  const letter = offered ? (letters.find((r) => r.nomorreferensi === picked) ?? null) : null;
  return { offered, list, letters, letter, pick: (r: UsableReferral) => setPicked(r.nomorreferensi) };
}

/** A letter as the patient reads it, and as its radio is named: kind, writer, poli, (visit), validity, number. */
function LetterText({ r, today }: { r: UsableReferral; today: string }) {
  const lines = [
    T.from(r.perujuk),
    T.poli(r.poli),
    r.tgl_kontrol && isIsoDate(r.tgl_kontrol) ? T.controlDay(formatDate(r.tgl_kontrol, 'day'), r.nama_dr) : null,
    T.validUntil(formatDate(r.berlaku_sampai), daysBetween(today, r.berlaku_sampai)),
  ];
  return (
    <span className={css.text}>
      <strong>{T.kinds[r.jeniskunjungan]}</strong>
      {lines.map((l) => l && <span> {l}</span>)}
      <span className={css.number}> {T.number(r.nomorreferensi)}</span>
    </span>
  );
}

interface PickerProps {
  list: Resource<ReferralList>;
  letters: UsableReferral[];
  letter: UsableReferral | null;
  onPick: (r: UsableReferral) => void;
  onNonBpjs: () => void;
  /** A clinic has been chosen: letters for others are left out, and named. */
  clinicChosen: boolean;
  /** The hospital's today (WIB), from which the days left are counted. */
  today?: string;
}

export function ReferralPicker({ list, letters, letter, onPick, onNonBpjs, clinicChosen, today = todayWib() }: PickerProps) {
  const data = list.state === 'error' ? undefined : list.data;
  if (!data) {
    if (list.state === 'loading')
      return (
        <p className={css.status}>
          <Spinner small label={T.loading} />
          <span aria-hidden="true">{T.loading}</span>
        </p>
      );
    const said = list.state === 'error' && list.error.kind === 'status' ? list.error.message : undefined;
    return (
      <Guidance lines={[T.failed, ...(said ? [said] : [])]} onNonBpjs={onNonBpjs}>
        {list.retry && (
          <button type="button" className={button({ kind: 'secondary', block: true })} onClick={list.retry}>
            {T.retry}
          </button>
        )}
      </Guidance>
    );
  }
  if (data.tanpa_kartu) return <Guidance lines={[T.noCard]} onNonBpjs={onNonBpjs} />;
  if (!letters.length) {
    const usable = data.rujukan.filter((r) => r.kd_dep !== null);
    const elsewhere = clinicChosen ? [...new Set(lettersFor(usable, null, null).map((r) => r.poli))] : [];
    const why = usable.length ? [T.noneHere, ...(elsewhere.length ? [T.elsewhere(elsewhere.join(', '))] : [])] : [T.none];
    return <Guidance lines={[...why, T.bring]} onNonBpjs={onNonBpjs} />;
  }
  return (
    <fieldset className={css.group} aria-describedby="bk-rujukan-petunjuk">
      <legend className={css.legend}>{T.legend}</legend>
      <p id="bk-rujukan-petunjuk" className={css.hint}>
        {T.choose}
      </p>
      {letters.map((r) => (
        <label className={css.letter}>
          <input
            className={css.radio}
            type="radio"
            name="rujukan"
            value={r.nomorreferensi}
            checked={letter?.nomorreferensi === r.nomorreferensi}
            onChange={() => onPick(r)}
          />
          <LetterText r={r} today={today} />
        </label>
      ))}
    </fieldset>
  );
}

/** No letter to pick: why, what to bring and where to get it, and the ways on (never a dead end). */
function Guidance({ lines, onNonBpjs, children }: { lines: string[]; onNonBpjs: () => void; children?: ReactNode }) {
  return (
    <section className={css.guidance} aria-label={T.legend}>
      {lines.map((l) => (
        <p className={css.guidanceText}>{l}</p>
      ))}
      {children}
      <button type="button" className={button({ kind: 'secondary', block: true })} onClick={onNonBpjs}>
        {T.nonBpjs}
      </button>
      <a className={button({ kind: 'secondary', block: true })} href={to('home')}>
        {T.back}
      </a>
    </section>
  );
}

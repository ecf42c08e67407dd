// The referral of a BPJS clinic booking (docs/bpjs.md, Referrals): its kind and its number, sent
// with the booking as jeniskunjungan and nomorreferensi, which the hospital reports to BPJS.
// Asked only when the guarantee is BPJS; the counter still checks the letter on arrival.
import { field, input, label } from '../../ui/controls.css.ts';
import * as css from './booking.css.ts';

const REFERRAL = {
  kind: 'Jenis rujukan',
  chooseKind: 'Pilih jenis rujukan',
  kinds: [
    [1, 'Rujukan dari puskesmas / klinik (FKTP)'],
    [3, 'Surat kontrol dari rumah sakit ini'],
    [2, 'Rujukan internal rumah sakit ini'],
    [4, 'Rujukan dari rumah sakit lain'],
  ] as ReadonlyArray<readonly [1 | 2 | 3 | 4, string]>,
  number: 'Nomor rujukan / surat kontrol',
  numberHint: 'Tertulis pada surat rujukan atau surat kontrol, misalnya 0301U0011126P000123.',
  kindRequired: 'Jenis rujukan Harus dipilih !',
  numberRequired: 'Nomor rujukan / surat kontrol Harus diisi !',
  numberInvalid: 'Nomor rujukan / surat kontrol hanya berisi huruf dan angka, 6 sampai 30 karakter.',
} as const;

export interface Referral {
  kind: 1 | 2 | 3 | 4 | null;
  number: string;
}

export const NO_REFERRAL: Referral = { kind: null, number: '' };

/** Why the referral cannot be sent yet, or null when it can. */
export function referralProblem(r: Referral): string | null {
  if (!r.kind) return REFERRAL.kindRequired;
  const n = r.number.replace(/\s+/g, '');
  if (!n) return REFERRAL.numberRequired;
  if (!/^[0-9A-Za-z]{6,30}$/.test(n)) return REFERRAL.numberInvalid;
  return null;
}

/** The booking's fields from a referral that passed referralProblem(). */
export const referralFields = (r: Referral) => ({ jeniskunjungan: r.kind ?? undefined, nomorreferensi: r.number.replace(/\s+/g, '').toUpperCase() });

export function ReferralFields({ value, onChange }: { value: Referral; onChange: (r: Referral) => void }) {
  return (
    <>
      <div className={field}>
        <label className={label} htmlFor="bk-rujukan-jenis">
          {REFERRAL.kind}
        </label>
        <select
          id="bk-rujukan-jenis"
          name="jeniskunjungan"
          className={input}
          value={value.kind ?? ''}
          required
          onChange={(e) => {
            const k = Number(e.currentTarget.value);
            onChange({ ...value, kind: k === 1 || k === 2 || k === 3 || k === 4 ? k : null });
          }}
        >
          <option value="">{REFERRAL.chooseKind}</option>
          {REFERRAL.kinds.map(([k, text]) => (
            <option value={String(k)}>{text}</option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label className={label} htmlFor="bk-rujukan-nomor">
          {REFERRAL.number}
        </label>
        <input
          id="bk-rujukan-nomor"
          name="nomorreferensi"
          className={input}
          type="text"
          autoCapitalize="characters"
          autoComplete="off"
          aria-describedby="bk-rujukan-petunjuk"
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.currentTarget.value })}
          required
        />
        <p id="bk-rujukan-petunjuk" className={css.note}>
          {REFERRAL.numberHint}
        </p>
      </div>
    </>
  );
}

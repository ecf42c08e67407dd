// The appointment confirmations (docs/product.md §2, §4, §5, §8). /buatjanji: the chosen session
// read-only (with the BPJS letter picked, where the API offers them), the mobile number, 'Buat
// Janji' (sent once; the server also answers a repeat with the same appointment). /buatjanjionline: the same fields and a guarantee; it books where the
// API offers online consultations (docs/decisions.md D14, revised). Their shared parts: confirm-parts.tsx.
import { useState, type FormEvent } from 'react';
import { carabayar, guaranteeAllowed, isGuarantee, type Guarantee } from '../../../common/booking.ts';
import { formatDate, isIsoDate } from '../../../common/dates.ts';
import { clinicPlace } from '../../../common/display.ts';
import { clinicFromQuery } from '../../../common/clinic-link.ts';
import { book, bookOnline } from '../../data/reads.ts';
import type { ScreenProps } from '../../navigation.ts';
import { BOOKING } from './strings.ts';
import { DateText } from '../../ui/RecordList.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { card, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { useManaged } from '../../appointments/rules.ts';
import * as css from './booking.css.ts';
import { Chosen, Incomplete, MessageDialog, PhoneField, useBooking, usePatient, usePhone } from './confirm-parts.tsx';
import { letterFromQuery, letterName, offersReferrals } from './letters.ts';
import { GuaranteeSelect, InvalidDialog } from './guarantee.tsx';

const T = BOOKING.confirm;

export function Confirm({ params: p, query, navigate }: ScreenProps<'confirm'>) {
  const patient = usePatient();
  const clinic = clinicFromQuery(query);
  const [hp, setHp] = usePhone(patient.nomr, patient.telp);
  const tempat = clinic ? clinicPlace(clinic) : '';
  const { sending, booked, message, setMessage, submit, actions } = useBooking(book, patient.nomr, tempat);
  if (!clinic || !isIsoDate(p.tgljanji) || !isGuarantee(p.bayar)) return <Incomplete />;
  const bayar: Guarantee = p.bayar;
  // A BPJS visit rests on a letter (docs/bpjs.md, Referrals). Where the API reads them from VClaim,
  // the one picked on the booking screen rides in the link and is sent; elsewhere nothing is asked
  // beyond §2's phone number, and the counter checks the letter on arrival.
  const letter = bayar === 'BPJS' && offersReferrals() ? letterFromQuery(query) : null;
  if (bayar === 'BPJS' && offersReferrals() && !letter) return <Incomplete text={BOOKING.referral.missing} />;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending || booked) return;
    if (!hp.trim()) return setMessage({ title: T.failTitle, lines: [T.hpRequired] });
    void submit({
      ...(letter ?? {}),
      nomr: patient.nomr,
      tgl_janji: p.tgljanji,
      sts_ue: p.sts_ue,
      tgl_lahir: patient.birthDate,
      kd_dep: clinic.kd_dep,
      kd_dr: p.kd_dokter,
      sts_jam: p.sts_jam,
      carabayar: carabayar(bayar),
      hp: hp.trim(),
    });
  };

  return (
    <main className={page}>
      <Chosen
        patient={patient}
        // The route carries YYYY-MM-DD (docs/product.md §2); the patient reads the day as the date
        // picker said it (decisions: dates in one voice).
        tglJanji={<DateText date={p.tgljanji} style="day" />}
        poli={clinic.ds_dep}
        tempat={tempat}
        dokter={p.dokterr}
        jam={p.jam}
        jaminan={bayar}
        rujukan={letter ? letterName(letter) : undefined}
      />
      <form className={`${card} ${css.form}`} onSubmit={onSubmit} noValidate>
        <PhoneField value={hp} onChange={setHp} />
        <button type="submit" className={button({ kind: 'primary', block: true })} disabled={sending || booked} aria-busy={sending}>
          {sending && <Spinner small />}
          {T.submit}
        </button>
      </form>
      {message && <MessageDialog message={message} actions={actions(navigate)} onClose={() => setMessage(null)} />}
    </main>
  );
}

/**
 * Konfirmasi Data. Where the API books online consultations, 'Buat Janji' books one in the online
 * session chosen (its sts_jam rides in the link); elsewhere it answers the spec's 'On Progress !'
 * and books nothing (docs/decisions.md D14, revised).
 */
export function ConfirmOnline({ params: p, query, navigate }: ScreenProps<'confirmOnline'>) {
  const patient = usePatient();
  const clinic = clinicFromQuery(query);
  const managed = useManaged();
  const [hp, setHp] = usePhone(patient.nomr, patient.telp);
  const [guarantee, setGuarantee] = useState<Guarantee | ''>('');
  const [invalid, setInvalid] = useState(false);
  const { sending, booked, message, setMessage, submit, actions } = useBooking(bookOnline, patient.nomr);
  if (!clinic || !isIsoDate(p.tgljanji)) return <Incomplete />;
  const stsJam = query?.sts_jam?.trim();
  // Rules not read (no signal, a server fault): the booking is tried, and its failure said.
  const books = managed.state !== 'no' && !!stsJam;
  const waiting = books && managed.state === 'unknown' && managed.loading;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!books) return setMessage({ title: T.alert, lines: [T.onProgress] });
    if (sending || booked || waiting) return;
    if (!hp.trim()) return setMessage({ title: T.failTitle, lines: [T.hpRequired] });
    if (!guarantee) return setMessage({ title: T.failTitle, lines: [T.guaranteeRequired] });
    if (!guaranteeAllowed(clinic.kd_dep, guarantee)) return setInvalid(true);
    void submit({
      nomr: patient.nomr,
      tgl_janji: p.tgljanji,
      tgl_lahir: patient.birthDate,
      kd_dep: clinic.kd_dep,
      kd_dr: p.kd_dokter,
      sts_jam: stsJam,
      carabayar: carabayar(guarantee),
      hp: hp.trim(),
    });
  };

  return (
    <main className={page}>
      {!books && <p className={`${card} ${css.note}`}>{T.onlineNote}</p>}
      <Chosen patient={patient} tglJanji={formatDate(p.tgljanji, 'dmy')} poli={clinic.ds_dep} dokter={p.dokterr} jam={p.jam} />
      <form className={`${card} ${css.form}`} onSubmit={onSubmit} noValidate>
        <PhoneField value={hp} onChange={setHp} />
        <GuaranteeSelect id="bk-jaminan-online" value={guarantee} onChange={setGuarantee} />
        <button
          type="submit"
          className={button({ kind: 'primary', block: true })}
          disabled={books && (sending || booked || waiting)}
          aria-busy={sending || waiting}
        >
          {(sending || waiting) && <Spinner small />}
          {T.submit}
        </button>
      </form>
      {message && <MessageDialog message={message} actions={actions(navigate)} onClose={() => setMessage(null)} />}
      {invalid && <InvalidDialog onClose={() => setInvalid(false)} />}
    </main>
  );
}

// 'Hari ini': what matters today or in the next days, first on home, above the spec's three cards:
// today's clinic queue number (and, once called, where to go), today's medicine, a catheterization
// or surgery within a week with its date, a current inpatient stay. Built from home's reads and
// the procedure and inpatient reads the history screens use; a read that failed or is missing
// adds nothing, and with nothing to say the card is not drawn.
import { memo } from 'react';
import { addDays, daysBetween, formatDate, todayWib } from '../../../common/dates.ts';
import { clinicPlace, clinicTitle } from '../../../common/display.ts';
import { to } from '../../../common/routes.ts';
import type { CathSchedule, ClinicQueueItem, CurrentInpatient, PharmacyQueueItem, SurgerySchedule } from '../../../common/schemas/index.ts';
import type { Resource } from '../../data/resource.ts';
import { card } from '../../ui/controls.css.ts';
import { CalledNotice, PharmacyStatus } from './status.tsx';
import { HOME } from './strings.ts';
import * as css from './home.css.ts';

const T = HOME.today;
/** A procedure this many days ahead, or fewer, is on the card. */
const SOON_DAYS = 7;

const listOf = <T,>(r: Resource<T[]>): T[] => (r.state !== 'error' && Array.isArray(r.data) ? r.data : []);

interface Props {
  clinic: Resource<ClinicQueueItem[]>;
  pharmacy: Resource<PharmacyQueueItem[]>;
  cath: Resource<CathSchedule[]>;
  surgery: Resource<SurgerySchedule[]>;
  inpatient: Resource<CurrentInpatient[]>;
}

interface Procedure {
  key: string;
  kind: string;
  date: string;
  what: string;
  href: string;
}

export const TodayCard = memo(function TodayCard({ clinic, pharmacy, cath, surgery, inpatient }: Props) {
  const today = todayWib();
  const last = addDays(today, SOON_DAYS);
  const queue = listOf(clinic).filter((q) => q.tgl_janji.slice(0, 10) === today && q.status !== 'selesai' && q.status !== 'batal');
  const medicine = listOf(pharmacy).filter((f) => f.tgl_layanan.slice(0, 10) === today);
  const soon = (date: string) => date.slice(0, 10) >= today && date.slice(0, 10) <= last;
  const procedures: Procedure[] = [
    ...listOf(cath).map((c) => ({ key: c.no_reg, kind: T.cath, date: c.tanggal_tindakan.slice(0, 10), what: c.tindakan, href: to('cathSchedule') })),
    ...listOf(surgery).map((s) => ({
      key: s.no_reg,
      kind: T.surgery,
      date: s.tanggal_operasi.slice(0, 10),
      what: s.tindakan_bedah,
      href: to('surgerySchedule'),
    })),
  ]
    .filter((p) => soon(p.date))
    .sort((a, b) => a.date.localeCompare(b.date));
  const stays = listOf(inpatient);
  if (!queue.length && !medicine.length && !procedures.length && !stays.length) return null;

  return (
    <section className={`${card} ${css.today}`} aria-labelledby="hari-ini">
      <h2 id="hari-ini" className={css.todayTitle}>
        {T.title}
      </h2>
      <ul className={css.todayList}>
        {stays.map((s) => (
          <li className={css.todayItem} key={s.no_reg}>
            <p className={css.todayMain}>{T.inpatient(s.ds_kmr)}</p>
            {s.tgl_masuk && <p className={css.line}>{T.since(formatDate(s.tgl_masuk))}</p>}
            <a className={css.todayLink} href={to('inpatientCurrent')}>
              {T.details}
            </a>
          </li>
        ))}
        {queue.map((q) => (
          <li className={css.todayItem} key={q.no_reg}>
            <p className={css.todayKind}>{T.clinic}</p>
            <p className={css.todayMain}>{T.number(q.no_urut)}</p>
            <p className={css.line}>
              {clinicTitle(q.ds_dep)} · {q.dokter}
            </p>
            {q.status === 'dipanggil' ? <CalledNotice at={q} live /> : clinicPlace(q) && <p className={css.line}>{clinicPlace(q)}</p>}
            {q.status === 'dilewati' && <strong className={css.urgent}>{HOME.queueStatus.dilewati}</strong>}
            {(q.status === undefined || q.status === 'menunggu') && typeof q.sisa_antrian === 'number' && (
              <p className={css.line}>{HOME.visit.ahead(q.sisa_antrian)}</p>
            )}
          </li>
        ))}
        {medicine.map((f) => (
          <li className={css.todayItem} key={f.no_antrian}>
            <p className={css.todayKind}>{T.pharmacy}</p>
            <p className={css.line}>{T.pharmacyNumber(f.no_antrian)}</p>
            <p className={css.line}>
              <PharmacyStatus status={f.status_obat} hint />
            </p>
          </li>
        ))}
        {procedures.map((p) => (
          <li className={css.todayItem} key={p.key}>
            <p className={css.todayKind}>{p.kind}</p>
            <p className={css.todayMain}>
              {formatDate(p.date, 'day')} ({T.when(daysBetween(today, p.date))})
            </p>
            {p.what && <p className={css.line}>{p.what}</p>}
            <a className={css.todayLink} href={p.href}>
              {T.details}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
});

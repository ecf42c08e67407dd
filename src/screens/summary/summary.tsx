// 'Ringkasan Rekam Medis' (/ringkasan): one page to print and take to another doctor: who the
// patient is, the catheterizations and surgeries done and planned (what another cardiologist asks
// first), what is booked, the last visits, the inpatient diagnoses and the latest lab results
// with their reference ranges. Read through the same data layer as the history screens.
import type { ReactNode } from 'react';
import { dayLabel, formatDate, formatMoment } from '../../../common/dates.ts';
import { formatHours } from '../../../common/hours.ts';
import { clinicTitle } from '../../../common/display.ts';
import { show } from '../../../common/values.ts';
import { numbersIn } from '../../../common/numbers.ts';
import type {
  CathHistory,
  CathSchedule,
  LabOrder,
  OnlineVisit,
  OutpatientVisit,
  PastInpatient,
  SurgeryHistory,
  SurgerySchedule,
  UpcomingAppointment,
} from '../../../common/schemas/index.ts';
import { useRead } from '../../data/hooks.ts';
import {
  cathHistory,
  cathSchedule,
  fullProfile,
  labOrders,
  onlineVisits,
  outpatientVisits,
  pastInpatient,
  surgeryHistory,
  surgerySchedule,
  upcoming,
} from '../../data/reads.ts';
import type { Resource } from '../../data/resource.ts';
import { button } from '../../ui/button.ts';
import { card, page } from '../../ui/controls.css.ts';
import { DateText, Fields } from '../../ui/RecordList.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { S } from '../../strings.ts';
import { Whose } from '../../family/Whose.tsx';
import { labFlag } from '../../ui/lab.ts';
import { SUMMARY } from '../../record-export/strings.ts';
import * as css from '../../record-export/summary.css.ts';

/** What fits one A4 sheet beside the rest; the downloaded file holds everything. */
const LAST_VISITS = 5;
const NEXT_BOOKINGS = 4;
const LAST_STAYS = 4;

function Section<T>({
  id,
  title,
  resource,
  none,
  children,
}: {
  id: string;
  title: string;
  resource: Resource<T>;
  none: string;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  return (
    <section className={`${card} ${css.section}`} aria-labelledby={id}>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      <ResourceView resource={resource} none={none}>
        {children}
      </ResourceView>
    </section>
  );
}

type Visit = { v: OutpatientVisit | OnlineVisit; online: boolean };

/** The visits held, clinic and online together, latest first (an online one still booked is not a visit yet). */
function lastVisits(clinic: OutpatientVisit[], online: OnlineVisit[]): Visit[] {
  const held = online.filter((v) => !v.status_janji);
  return [...clinic.map((v) => ({ v, online: false })), ...held.map((v) => ({ v, online: true }))]
    .sort((a, b) => b.v.tgl_reg.localeCompare(a.v.tgl_reg))
    .slice(0, LAST_VISITS);
}

const dataOf = <T,>(r: Resource<T>): T | undefined => (r.state === 'error' ? undefined : r.data);

/** Two lists as one read: loading until either has answered, failed only when both have. */
function bothLists<A, B, R>(first: Resource<A[]>, second: Resource<B[]>, combine: (a: A[], b: B[]) => R): Resource<R> {
  const [a, b] = [dataOf(first), dataOf(second)];
  if (a === undefined && b === undefined) {
    if (first.state === 'error' && second.state === 'error') return { state: 'error', error: first.error, retry: first.retry };
    if (first.state === 'loading' || second.state === 'loading') return { state: 'loading' };
  }
  return { state: 'ok', data: combine(a ?? [], b ?? []) };
}

/** A catheterization or a surgery, done or planned, as the summary lists it. */
interface Procedure {
  date: string;
  kind: string;
  what?: string;
  doctors: string;
}

const caths = (items: Array<CathHistory | CathSchedule>): Procedure[] =>
  items.map((c) => ({ date: c.tanggal_tindakan, kind: SUMMARY.cath, what: c.tindakan, doctors: c.nama_dokter }));
const surgeries = (items: Array<SurgeryHistory | SurgerySchedule>): Procedure[] =>
  items.map((s) => ({ date: s.tanggal_operasi, kind: SUMMARY.surgery, what: s.tindakan_bedah, doctors: s.nama_dokter_bedah }));

/** Catheterizations and surgeries together by date: the latest first when done, the nearest first when planned. */
const procedures = (latestFirst: boolean) => (c: Array<CathHistory | CathSchedule>, s: Array<SurgeryHistory | SurgerySchedule>) =>
  [...caths(c), ...surgeries(s)].sort((x, y) => (latestFirst ? y.date.localeCompare(x.date) : x.date.localeCompare(y.date)));

function Procedures({ items }: { items: Procedure[] }) {
  return (
    <ul className={css.list}>
      {items.map((p) => (
        <li className={css.item}>
          <span className={css.itemMain}>{formatDate(p.date)}</span> · {p.kind}
          {p.what?.trim() && (
            <>
              <br />
              {p.what}
            </>
          )}
          {p.doctors && (
            <>
              <br />
              <span className={css.muted}>{p.doctors}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Upcoming({ items }: { items: UpcomingAppointment[] }) {
  return (
    <ul className={css.list}>
      {items.slice(0, NEXT_BOOKINGS).map((a) => (
        <li className={css.item}>
          <span className={css.itemMain}>{dayLabel(a.tanggal_janji)}</span>
          {a.jam_dtg ? ` · ${formatHours(a.jam_dtg, a.jam_plg)}` : ''}
          <br />
          {clinicTitle(a.departemen)} · {a.nama_dokter} · {SUMMARY.queueNo(a.no_urut)}
        </li>
      ))}
    </ul>
  );
}

function Diagnoses({ stays }: { stays: PastInpatient[] }) {
  return (
    <ul className={css.list}>
      {stays.slice(0, LAST_STAYS).map((s) => (
        <li className={css.item}>
          <span className={css.itemMain}>{s.diagnosis_primer}</span> <span className={css.muted}>({SUMMARY.primary})</span>
          {s.diagnosis_sekunder && (
            <>
              <br />
              {s.diagnosis_sekunder} <span className={css.muted}>({SUMMARY.secondary})</span>
            </>
          )}
          <br />
          <span className={css.muted}>
            <DateText date={s.tgl_masuk} /> – <DateText date={s.tgl_pulang} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function LabTable({ order }: { order: LabOrder }) {
  return (
    <>
      <p className={css.item}>
        <span className={css.itemMain}>
          <DateText date={order.tgl_prksa} />
        </span>{' '}
        <span className={css.muted}>· {order.no_lab}</span>
      </p>
      <table className={css.table}>
        <thead>
          <tr>
            <th className={`${css.th} ${css.testColumn}`} scope="col">
              {SUMMARY.test}
            </th>
            <th className={css.th} scope="col">
              {SUMMARY.result}
            </th>
            <th className={css.th} scope="col">
              {SUMMARY.range}
            </th>
          </tr>
        </thead>
        <tbody>
          {(order.hasil_lab ?? []).map((t) => {
            const flag = labFlag(t.flag);
            return (
              <tr>
                <th className={css.td} scope="row">
                  {t.test_nm}
                </th>
                <td className={css.td}>
                  {numbersIn(t.hasil)}
                  {t.unit ? ` ${t.unit}` : ''}
                  {flag.tone !== 'normal' && <span className={css.flagged}> ({flag.word})</span>}
                </td>
                <td className={css.td}>{numbersIn(show(t.ref_range))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export default function Summary() {
  const [profile] = useRead(fullProfile);
  const [booked] = useRead(upcoming);
  const [clinic] = useRead(outpatientVisits);
  const [online] = useRead(onlineVisits);
  const [stays] = useRead(pastInpatient);
  const [labs] = useRead(labOrders);
  const visits = bothLists(clinic, online, lastVisits);
  // The procedures from the reads the history and schedule screens have.
  const [cathDone] = useRead(cathHistory);
  const [surgeryDone] = useRead(surgeryHistory);
  const [cathNext] = useRead(cathSchedule);
  const [surgeryNext] = useRead(surgerySchedule);
  const done = bothLists(cathDone, surgeryDone, procedures(true));
  const planned = bothLists(cathNext, surgeryNext, procedures(false));

  return (
    <main className={`${page} ${css.sheet}`}>
      <Whose />
      <div className={css.actions}>
        <button type="button" className={button()} onClick={() => window.print()}>
          {SUMMARY.print}
        </button>
      </div>
      <div className={css.printHead}>
        <p className={css.printTitle}>{SUMMARY.title}</p>
        <p className={css.printMeta}>
          {S.appName} · {SUMMARY.printedAt(formatMoment(Date.now()))}
        </p>
      </div>
      <Section id="ringkasan-identitas" title={SUMMARY.identity} resource={profile} none={S.noData}>
        {(p) => (
          <Fields
            item={p}
            rows={[
              ['Nama', (x) => show(x.nama)],
              ['Nomor MR', (x) => show(x.nomr)],
              ['Tanggal Lahir', (x) => <DateText date={x.tgl_lahir} />],
              ['Jenis Kelamin', (x) => show(x.jenis_kelamin)],
              ['Alamat', (x) => show(x.alamat)],
              ['Jenis Pasien', (x) => show(x.pastipe)],
              ['No. Jaminan', (x) => show(x.no_jaminan)],
            ]}
          />
        )}
      </Section>
      <div className={css.pair}>
        <Section id="ringkasan-tindakan" title={SUMMARY.proceduresDone} resource={done} none={SUMMARY.noProceduresDone}>
          {(items) => <Procedures items={items} />}
        </Section>
        <Section id="ringkasan-tindakan-mendatang" title={SUMMARY.proceduresPlanned} resource={planned} none={SUMMARY.noProceduresPlanned}>
          {(items) => <Procedures items={items} />}
        </Section>
      </div>
      <Section id="ringkasan-jadwal" title={SUMMARY.upcoming} resource={booked} none={SUMMARY.noUpcoming}>
        {(items) => <Upcoming items={items} />}
      </Section>
      <Section id="ringkasan-kunjungan" title={SUMMARY.visits} resource={visits} none={SUMMARY.noVisits}>
        {(items) => (
          <ul className={css.list}>
            {items.map(({ v, online: isOnline }) => (
              <li className={css.item}>
                <span className={css.itemMain}>{formatDate(v.tgl_reg)}</span> · {clinicTitle(v.ds_dep)}
                {isOnline ? ` (${SUMMARY.online})` : ''}
                <span className={`${css.muted} ${css.nextLine}`}>{v.nama_dokter}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="ringkasan-diagnosis" title={SUMMARY.diagnoses} resource={stays} none={SUMMARY.noDiagnoses}>
        {(items) => <Diagnoses stays={items} />}
      </Section>
      <Section id="ringkasan-lab" title={SUMMARY.labs} resource={labs} none={SUMMARY.noLabs}>
        {(orders) => <LabTable order={[...orders].sort((a, b) => b.tgl_prksa.localeCompare(a.tgl_prksa))[0]} />}
      </Section>
    </main>
  );
}

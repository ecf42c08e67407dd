// Lab and vascular details: the entry found by no_lab / no_reg in the patient's own list (docs/product.md
// §5 and §8), its header as labelled values and each result or finding as a card of its
// own, so nothing is wider than a phone. The list the patient came from is on hand: no call for
// it again. Offline without the entry, the screen says the phone is offline rather than that the
// entry does not exist.
import type { ReactNode } from 'react';
import type { LabOrder, LabTest } from '../../../common/schemas/index.ts';
import { show } from '../../../common/values.ts';
import { numbersIn } from '../../../common/numbers.ts';
import type { Read } from '../../data/cache.ts';
import { useRead } from '../../data/hooks.ts';
import { labOrders, vascularReports } from '../../data/reads.ts';
import { mapResource } from '../../data/resource.ts';
import { S } from '../../strings.ts';
import { card, page } from '../../ui/controls.css.ts';
import { DateText, Fields, type FieldRow } from '../../ui/RecordList.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import * as css from '../../ui/records.css.ts';
import { ADVICE, labFlag, labTrend, needsAdvice, outOfRange, outOfRangeLine, toneOf, type Tone } from '../../ui/lab.ts';
import { Trend } from './Trend.tsx';
import { Whose } from '../../family/Whose.tsx';
import type { ScreenProps } from '../../navigation.ts';

const TONE: Record<Tone, string> = { high: css.high, low: css.low, normal: '' };
/** The flag's word for a result beyond its range that the lab left unflagged. */
const OUTSIDE = 'Di luar rentang';

interface DetailProps<T, Raw> {
  read: Read<T[], Raw>;
  find: (entry: T) => boolean;
  /** Said when the list has no such entry (docs/product.md §8). */
  none: string;
  head: FieldRow<T>[];
  /** A line under the header, before the results. */
  lead?: (entry: T) => ReactNode;
  /** One <li> per result; `all` is the whole list, for what came before. */
  children: (entry: T, all: T[]) => ReactNode;
}

/** What the two details share: the entry from the list on hand, its header and its cards. */
function Detail<T, Raw>({ read, find, none, head, lead, children }: DetailProps<T, Raw>) {
  const [list] = useRead(read, { fresh: Infinity });
  const found = mapResource(list, (all) => {
    const entry = all.find(find);
    return entry && { entry, all };
  });
  return (
    <main className={page}>
      <Whose />
      <ResourceView resource={found} none={none} offline={S.offline}>
        {({ entry, all }) => (
          <>
            <section className={card}>
              <Fields item={entry} rows={head} />
              {lead?.(entry)}
            </section>
            <ul className={css.rows}>{children(entry, all)}</ul>
          </>
        )}
      </ResourceView>
    </main>
  );
}

function LabResult({ test, order, orders }: { test: LabTest; order: LabOrder; orders: LabOrder[] }) {
  const flag = labFlag(test.flag);
  // A result beyond a numeric range without the lab's flag still reads as outside it (low when below).
  const out = outOfRange(test);
  const tone = TONE[toneOf(test)];
  const points = labTrend(orders, order, test);
  return (
    <li className={css.row}>
      <div className={css.rowHead}>
        <h2 className={css.rowName}>{show(test.test_nm)}</h2>
        <span className={`${css.flag} ${tone || css.normal}`}>{flag.tone === 'normal' && out ? OUTSIDE : flag.word}</span>
      </div>
      <Fields
        item={test}
        rows={[
          [
            'Hasil',
            (t) => (
              <span className={tone}>
                {numbersIn(show(t.hasil))} {t.unit ?? ''}
              </span>
            ),
          ],
          ['Nilai Rujukan', (t) => numbersIn(show(t.ref_range))],
          ['Status', (t) => show(t.status)],
        ]}
      />
      {test.test_comment?.trim() && <p className={css.comment}>{numbersIn(test.test_comment)}</p>}
      {needsAdvice(test) && <p className={css.advice}>{ADVICE}</p>}
      {points.length > 0 && <Trend name={test.test_nm} unit={test.unit} refRange={test.ref_range} points={points} />}
    </li>
  );
}

export function LabDetail({ params }: ScreenProps<'labDetail'>) {
  return (
    <Detail
      read={labOrders}
      find={(o) => o.no_lab === params.nolab}
      none="Data tidak ditemukan"
      head={[
        ['No. Lab', (x) => show(x.no_lab)],
        ['Tanggal Periksa', (x) => <DateText date={x.tgl_prksa} />],
      ]}
      lead={(o) => <p className={css.lead}>{outOfRangeLine(o.hasil_lab ?? [])}</p>}
    >
      {(o, all) => (o.hasil_lab ?? []).map((t) => <LabResult test={t} order={o} orders={all} />)}
    </Detail>
  );
}

export function VascularDetail({ params }: ScreenProps<'vascularDetail'>) {
  return (
    <Detail
      read={vascularReports}
      find={(r) => r.no_reg === params.noreg}
      none="Tidak Ada Data"
      head={[
        ['No. Registrasi', (x) => show(x.no_reg)],
        ['Tanggal Periksa', (x) => <DateText date={x.tgl_periksa} />],
        ['Diagnosa', (x) => show(x.diagnosa)],
        ['Asal Rujukan', (x) => show(x.asal_rujukan)],
        ['Pengirim', (x) => show(x.pengirim)],
        ['Teknisi', (x) => show(x.teknisi)],
      ]}
    >
      {(r) =>
        (r.hasil_lab ?? []).map((f) => (
          <li className={css.row}>
            <h2 className={css.rowName}>{show(f.access)}</h2>
            <Fields
              item={f}
              rows={[
                ['Kanan', (x) => numbersIn(show(x.kanan))],
                ['Kiri', (x) => numbersIn(show(x.kiri))],
              ]}
            />
          </li>
        ))
      }
    </Detail>
  );
}

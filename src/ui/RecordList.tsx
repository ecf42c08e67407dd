// A list screen of records: the list pattern, one card per record with labelled fields.
import type { ReactNode } from 'react';
import { formatDate, weekdayName, type DateStyle } from '../../common/dates.ts';
import { NA } from '../../common/display.ts';
import type { Read } from '../data/cache.ts';
import { useRead } from '../data/hooks.ts';
import { card, page } from './controls.css.ts';
import { ListState } from './ListState.tsx';
import * as css from './records.css.ts';

export type FieldRow<T> = [label: string, value: (item: T) => ReactNode];

export function Fields<T>({ item, rows }: { item: T; rows: FieldRow<T>[] }) {
  return (
    <dl className={css.fields}>
      {rows.map(([label, value]) => (
        // A <div> per pair (HTML allows it in <dl>) lets a value drop under its label when the
        // line is too narrow for both.
        <div className={css.pair}>
          <dt className={css.term}>{label}</dt>
          <dd className={css.value}>{value(item)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A date as a value: formatDate's words, kept whole on a narrow line; with its weekday the line
 * may break only after the comma ('Senin,' / '7 Desember 2026'). N/A when there is no date.
 */
export function DateText({ date, style = 'long' }: { date: string | null | undefined; style?: Exclude<DateStyle, 'dmy'> }) {
  const long = formatDate(date);
  if (!long || !date) return <>{NA}</>;
  return (
    <>
      {style === 'day' && `${weekdayName(date)}, `}
      <span className={css.date}>{long}</span>
    </>
  );
}

interface Props<T, Raw> {
  read: Read<T[], Raw>;
  rows: FieldRow<T>[];
  filter?: (item: T) => boolean;
  /** A link at the foot of each card (to its detail). */
  footer?: (item: T) => ReactNode;
  /** A line above the list (whose record it is). */
  lead?: ReactNode;
}

export function RecordList<T, Raw = unknown>({ read, rows, filter, footer, lead }: Props<T, Raw>) {
  const [resource] = useRead(read);
  return (
    <main className={page}>
      {lead}
      <ListState resource={resource} filter={filter}>
        {(items) =>
          items.map((item) => (
            <article className={card}>
              <Fields item={item} rows={rows} />
              {footer?.(item)}
            </article>
          ))
        }
      </ListState>
    </main>
  );
}

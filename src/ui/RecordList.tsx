// A list screen of records: the list pattern, one card per record with labelled fields.
import type { ReactNode } from 'react';
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
        <>
          <dt className={css.term}>{label}</dt>
          <dd className={css.value}>{value(item)}</dd>
        </>
      ))}
    </dl>
  );
}

interface Props<T, Raw> {
  read: Read<T[], Raw>;
  rows: FieldRow<T>[];
  filter?: (item: T) => boolean;
  /** A link at the foot of each card (to its detail). */
  footer?: (item: T) => ReactNode;
}

export function RecordList<T, Raw = unknown>({ read, rows, filter, footer }: Props<T, Raw>) {
  const [resource] = useRead(read);
  return (
    <main className={page}>
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

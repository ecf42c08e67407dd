// The registration counter's place and hours as the hospital set them; nothing when neither is
// set (a place or an hour is never guessed).
import { ENDING } from './ending-strings.ts';
import * as css from './saved.css.ts';
import type { Ticket } from './ticket.ts';

export function CounterInfo({ loket }: { loket?: Ticket['loket'] }) {
  if (!loket?.tempat && !loket?.jam) return null;
  return (
    <section aria-labelledby="reg-loket" className={css.part}>
      <h2 id="reg-loket" className={css.heading}>
        {ENDING.counterTitle}
      </h2>
      <dl className={css.facts}>
        {loket.tempat && (
          <>
            <dt>{ENDING.place}</dt>
            <dd>{loket.tempat}</dd>
          </>
        )}
        {loket.jam && (
          <>
            <dt>{ENDING.hours}</dt>
            <dd>{loket.jam}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

// A titled screen for a route whose screen is not built yet.
import { S } from '../../strings.ts';
import { card, page } from '../../ui/controls.css.ts';

export default function Placeholder({ title }: { title: string }) {
  return (
    <main class={page}>
      <section class={card} aria-label={title}>
        <p>{S.notAvailableYet}</p>
      </section>
    </main>
  );
}

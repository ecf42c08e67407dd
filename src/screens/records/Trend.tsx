// A test the patient has had before: the results by date as a small inline chart, the reference
// range as a green band, and the same as a sentence. Each point carries its own value (with the
// decimal comma) and its own flag: red and a triangle up when high, blue and a triangle down when
// low, green and a circle within the range, so a value coming back into range reads so without
// colour too. The values are placed after layout: a label that would cover another label (large
// text, results close in time) moves to the other side of its point. The sentence under the chart
// is what a screen reader reads (and what anyone can read at any text size).
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { formatDate } from '../../../common/dates.ts';
import * as css from '../../ui/records.css.ts';
import * as tcss from './trend.css.ts';
import { chartOf, labRange, trendText, type Chart, type Point, type Tone } from '../../ui/lab.ts';

const W = 300;
const H = 90;

const FILL: Record<Tone, string> = { high: css.high, low: css.low, normal: css.normal };
const KEY: Record<Tone, string> = { high: '▲ Tinggi', low: '▼ Rendah', normal: '● Normal' };

/** A point's mark: its shape says high, low or within range. */
function Mark({ x, y, tone, r }: { x: number; y: number; tone: Tone; r: number }) {
  if (tone === 'normal') return <circle data-point={tone} className={`${tcss.mark} ${css.normal}`} cx={x} cy={y} r={r} />;
  const tip = tone === 'high' ? -1.3 * r : 1.3 * r;
  const base = -0.8 * Math.sign(tip) * r;
  const at = (dx: number, dy: number) => `${x + dx},${y + dy}`;
  return <polygon data-point={tone} className={`${tcss.mark} ${FILL[tone]}`} points={[at(0, tip), at(-1.3 * r, base), at(1.3 * r, base)].join(' ')} />;
}

const SIDE = { above: 'calc(-100% - 0.3rem)', below: '0.3rem' };

/** Shifts each value label to the side of its point where it covers no earlier label, nor a point if it can. */
function place(box: HTMLElement): void {
  const labels = [...box.querySelectorAll<HTMLElement>('[data-value]')];
  const marks = [...box.querySelectorAll('[data-point]')].map((m) => m.getBoundingClientRect());
  const placed: DOMRect[] = [];
  const hits = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  labels.forEach((label, i) => {
    let chosen: DOMRect | null = null;
    for (const side of ['above', 'below'] as const) {
      label.style.setProperty('--y', SIDE[side]);
      const r = label.getBoundingClientRect();
      if (placed.some((p) => hits(p, r))) continue;
      chosen = r;
      if (!marks.some((m, j) => j !== i && hits(m, r))) break;
    }
    // Covered both ways (a crowd of results on one day): the sentence under the chart still has it.
    label.style.visibility = chosen ? '' : 'hidden';
    if (chosen) placed.push(chosen);
    else label.style.setProperty('--y', SIDE.above);
  });
}

function Values({ dots }: Pick<Chart, 'dots'>) {
  return dots.map((d, i) => (
    <span
      data-value={d.tone}
      className={`${tcss.pointValue} ${FILL[d.tone]}`}
      // The first and last labels keep inside the chart's edges.
      style={
        {
          left: `${(d.x / W) * 100}%`,
          top: `${(d.y / H) * 100}%`,
          '--x': i === 0 ? '-0.5rem' : i === dots.length - 1 ? 'calc(0.5rem - 100%)' : '-50%',
        } as CSSProperties
      }
    >
      {d.label}
    </span>
  ));
}

export function Trend({ name, unit, refRange, points }: { name: string; unit: string | null; refRange: string | null; points: Point[] }) {
  const { dots, band } = chartOf(points, labRange(refRange), W, H);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    place(el);
    // The width or the text size changed: placed again.
    const watch = typeof ResizeObserver === 'function' ? new ResizeObserver(() => place(el)) : null;
    watch?.observe(el);
    return () => watch?.disconnect();
  }, [points]);
  const tones = (['high', 'low', 'normal'] as const).filter((t) => dots.some((d) => d.tone === t));
  return (
    <figure className={css.trend}>
      <div className={tcss.plot} ref={box} aria-hidden="true">
        <svg className={tcss.chart} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false" data-trend={name}>
          {band && <rect className={tcss.band} x={0} y={band.y} width={W} height={band.height} />}
          <polyline className={tcss.line} points={dots.map((d) => `${d.x},${d.y}`).join(' ')} />
          {dots.map((d, i) => (
            <Mark x={d.x} y={d.y} tone={d.tone} r={i === dots.length - 1 ? 5 : 3.5} />
          ))}
        </svg>
        <Values dots={dots} />
      </div>
      <p className={tcss.key} aria-hidden="true">
        {tones.map((t) => (
          <span className={FILL[t]}>{KEY[t]}</span>
        ))}
      </p>
      <figcaption>
        <p className={css.trendText}>{trendText(name, points, unit)}</p>
        <p className={css.trendDates}>
          <span>{formatDate(points[0].date)}</span>
          <span>{formatDate(points[points.length - 1].date)}</span>
        </p>
      </figcaption>
    </figure>
  );
}

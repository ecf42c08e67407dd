// A test the patient has had before: the results by date as a small inline chart, the reference
// range as a green band, and the same as a sentence. The chart is drawn for the eye only; the
// sentence under it is what a screen reader reads (and what anyone can read at any text size).
import { formatDate } from '../../../common/dates.ts';
import * as css from '../../ui/records.css.ts';
import { chartOf, labRange, trendText, type Point } from '../../ui/lab.ts';

const W = 300;
const H = 90;

export function Trend({ name, unit, refRange, points }: { name: string; unit: string | null; refRange: string | null; points: Point[] }) {
  const { dots, band } = chartOf(points, labRange(refRange), W, H);
  return (
    <figure className={css.trend}>
      <svg className={css.chart} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false" data-trend={name}>
        {band && <rect className={css.band} x={0} y={band.y} width={W} height={band.height} />}
        <polyline className={css.line} points={dots.map((d) => `${d.x},${d.y}`).join(' ')} />
        {dots.map((d, i) => (
          <circle className={d.out ? css.dotOut : css.dot} cx={d.x} cy={d.y} r={i === dots.length - 1 ? 5 : 3.5} />
        ))}
      </svg>
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

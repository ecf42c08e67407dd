// What a lab result says, as plain data: the flag in words, the reference range as numbers, the
// earlier results of the same test and where they sit on a small chart. No DOM, so it is tested
// on its own.
import type { LabOrder, LabTest } from '../../common/schemas/index.ts';
import { numbersIn } from '../../common/numbers.ts';

export type Tone = 'high' | 'low' | 'normal';

export interface Flag {
  tone: Tone;
  word: string;
}

const WORDS: Record<string, Flag> = {
  H: { tone: 'high', word: 'Tinggi' },
  HH: { tone: 'high', word: 'Sangat tinggi' },
  '*': { tone: 'high', word: 'Kritis' },
  L: { tone: 'low', word: 'Rendah' },
  LL: { tone: 'low', word: 'Sangat rendah' },
};

/**
 * The lab's flag in words. No flag means within the range (the wire schema: null within range),
 * so it reads 'Normal', never N/A. An unknown flag is shown as the lab wrote it.
 */
export function labFlag(flag: string | null | undefined): Flag {
  const f = (flag ?? '').trim().toUpperCase();
  if (f === '' || f === 'N') return { tone: 'normal', word: 'Normal' };
  return WORDS[f] ?? (f.startsWith('H') ? WORDS.H : f.startsWith('L') ? WORDS.L : { tone: 'high', word: flag?.trim() ?? '' });
}

/** A result as a number ('1,2' is 1.2, as Indonesian labs may write it), or null for words. */
export function labNumber(hasil: string | null | undefined): number | null {
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s*$/.exec(hasil ?? '');
  return m ? Number(m[1].replace(',', '.')) : null;
}

export interface Range {
  low: number | null;
  high: number | null;
}

/** '13 - 17', '< 130', '≤ 5.6', '> 60' as numbers; null when the range is words. */
export function labRange(ref: string | null | undefined): Range | null {
  const s = (ref ?? '').trim();
  const num = String.raw`(\d+(?:[.,]\d+)?)`;
  const n = (x: string) => Number(x.replace(',', '.'));
  let m = new RegExp(`^${num}\\s*[-–]\\s*${num}$`).exec(s);
  if (m) return { low: n(m[1]), high: n(m[2]) };
  m = new RegExp(`^(?:<|<=|≤)\\s*${num}$`).exec(s);
  if (m) return { low: null, high: n(m[1]) };
  m = new RegExp(`^(?:>|>=|≥)\\s*${num}$`).exec(s);
  if (m) return { low: n(m[1]), high: null };
  return null;
}

/**
 * Outside its reference range: flagged by the lab, or, without a flag, a number beyond a range of
 * numbers (a lab that leaves the flag out still has the range).
 */
export function outOfRange(test: Pick<LabTest, 'flag' | 'hasil' | 'ref_range'>): boolean {
  if (labFlag(test.flag).tone !== 'normal') return true;
  const value = labNumber(test.hasil);
  const range = labRange(test.ref_range);
  return value !== null && range !== null && ((range.low !== null && value < range.low) || (range.high !== null && value > range.high));
}

/**
 * Where a result sits, by its own flag, or without one by its own range: a value below a
 * numeric range the lab left unflagged reads low, not high.
 */
export function toneOf(test: Pick<LabTest, 'flag' | 'hasil' | 'ref_range'>): Tone {
  const flagged = labFlag(test.flag).tone;
  if (flagged !== 'normal' || !outOfRange(test)) return flagged;
  const range = labRange(test.ref_range);
  return range?.low != null && (labNumber(test.hasil) ?? 0) < range.low ? 'low' : 'high';
}

/** The word under a result outside its range, high or low. */
export const ADVICE = 'Konsultasikan dengan dokter';

/** Said unless the lab's own comment already says it. */
export const needsAdvice = (test: LabTest): boolean => outOfRange(test) && !(test.test_comment ?? '').toLowerCase().includes(ADVICE.toLowerCase());

/** The line over an order's results: 'N dari M hasil di luar rentang normal'. */
export const outOfRangeLine = (tests: LabTest[]): string => `${tests.filter(outOfRange).length} dari ${tests.length} hasil di luar rentang normal`;

export interface Point {
  /** YYYY-MM-DD */
  date: string;
  value: number;
  /** The result as the lab wrote it. */
  hasil: string;
  /** That result's own flag (each point its own: an HbA1c coming down leaves the high range). */
  tone?: Tone;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The same test in this order and every earlier one, oldest first; empty when the patient has
 * not had it before (one point is no trend) or the result is not a number.
 */
export function labTrend(orders: LabOrder[], current: LabOrder, test: LabTest): Point[] {
  if (labNumber(test.hasil) === null) return [];
  const points: Point[] = [];
  for (const o of orders) {
    if (o.tgl_prksa > current.tgl_prksa) continue;
    const t = (o.hasil_lab ?? []).find((x) => same(x.test_nm, test.test_nm));
    const value = labNumber(t?.hasil);
    if (t && value !== null) points.push({ date: o.tgl_prksa.slice(0, 10), value, hasil: t.hasil.trim(), tone: toneOf(t) });
  }
  points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return points.length > 1 ? points : [];
}

/** The trend as a sentence: 'Kolesterol LDL: 190 → 160 → 128 mg/dL'. */
export function trendText(name: string, points: Point[], unit: string | null | undefined): string {
  return `${name.trim()}: ${points.map((p) => numbersIn(p.hasil)).join(' → ')}${unit?.trim() ? ` ${unit.trim()}` : ''}`;
}

export interface Chart {
  /**
   * The points in chart units (x right, y down), with whether each lies outside the range, its
   * tone (the point's own flag, else by the range) and its value as Indonesians write it.
   */
  dots: Array<{ x: number; y: number; out: boolean; tone: Tone; label: string }>;
  /** The reference range as a horizontal band, or null when the range is not numbers. */
  band: { y: number; height: number } | null;
}

const DAY_MS = 86_400_000;

/**
 * Where the points and the range sit in a width × height box: x by date (years apart look years
 * apart), y by value, with the range's ends inside the scale so the band always shows.
 */
export function chartOf(points: Point[], range: Range | null, width: number, height: number, pad = 6): Chart {
  const values = points.map((p) => p.value);
  const ends = [range?.low, range?.high].filter((v): v is number => v != null);
  let lo = Math.min(...values, ...ends);
  let hi = Math.max(...values, ...ends);
  if (hi === lo) {
    hi += 1;
    lo -= 1;
  }
  const margin = (hi - lo) * 0.08;
  lo -= margin;
  hi += margin;
  const t = points.map((p) => Date.parse(`${p.date}T00:00:00Z`) / DAY_MS);
  const t0 = Math.min(...t);
  const span = Math.max(...t) - t0 || 1;
  const x = (i: number) => pad + ((t[i] - t0) / span) * (width - 2 * pad);
  const y = (v: number) => pad + ((hi - v) / (hi - lo)) * (height - 2 * pad);
  const outside = (v: number) => (range?.low != null && v < range.low) || (range?.high != null && v > range.high);
  let band: Chart['band'] = null;
  if (range) {
    // An open end ('< 130') runs the band to the edge of the box.
    const top = range.high === null ? 0 : y(range.high);
    const bottom = range.low === null ? height : y(range.low);
    band = { y: round(top), height: round(bottom - top) };
  }
  const toneBy = (v: number): Tone => (range?.high != null && v > range.high ? 'high' : outside(v) ? 'low' : 'normal');
  const dots = points.map((p, i) => {
    const tone = p.tone ?? toneBy(p.value);
    return { x: round(x(i)), y: round(y(p.value)), out: tone !== 'normal', tone, label: numbersIn(p.hasil) };
  });
  return { dots, band };
}

const round = (n: number) => Math.round(n * 10) / 10;

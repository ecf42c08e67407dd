// What a lab result says: the flag in words, the range as numbers, the earlier results of the
// same test and where they sit on the chart.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LabOrder, LabTest } from '../../common/schemas/index.ts';
import { chartOf, labFlag, labNumber, labRange, labTrend, needsAdvice, outOfRange, outOfRangeLine, toneOf, trendText } from '../../src/ui/lab.ts';

const ldl = (hasil: string, flag: string | null = null): LabTest => ({
  test_nm: 'Kolesterol LDL',
  hasil,
  unit: 'mg/dL',
  flag,
  ref_range: '< 130',
  status: 'Final',
  test_comment: null,
});
const order = (no_lab: string, tgl_prksa: string, ...hasil_lab: LabTest[]): LabOrder => ({ no_lab, tgl_prksa, hasil_lab });

test('a flag is said in words; no flag is Normal, never N/A', () => {
  assert.equal(labFlag('H'), { tone: 'high', word: 'Tinggi' });
  assert.equal(labFlag(' l '), { tone: 'low', word: 'Rendah' });
  assert.equal(labFlag('HH'), { tone: 'high', word: 'Sangat tinggi' });
  assert.equal(labFlag('LL'), { tone: 'low', word: 'Sangat rendah' });
  assert.equal(labFlag(null), { tone: 'normal', word: 'Normal' });
  assert.equal(labFlag(''), { tone: 'normal', word: 'Normal' });
  assert.equal(labFlag('N'), { tone: 'normal', word: 'Normal' });
  assert.is(labFlag('A').word, 'A', 'an unknown flag as the lab wrote it');
});

test('results and ranges as numbers, when they are numbers', () => {
  assert.is(labNumber('128'), 128);
  assert.is(labNumber(' 1,2 '), 1.2);
  assert.is(labNumber('Negatif'), null);
  assert.is(labNumber('< 0.01'), null);
  assert.equal(labRange('13 - 17'), { low: 13, high: 17 });
  assert.equal(labRange('4-5,6'), { low: 4, high: 5.6 });
  assert.equal(labRange('< 130'), { low: null, high: 130 });
  assert.equal(labRange('> 60'), { low: 60, high: null });
  assert.is(labRange('Negatif'), null);
  assert.is(labRange(null), null);
});

test('the trend: this result and the earlier ones of the same test, oldest first', () => {
  const now = order('L3', '2026-11-15 07:45:00', ldl('128'));
  const orders = [
    now,
    order('L4', '2026-12-01 07:45:00', ldl('120')), // later: not part of this result's past
    order('L2', '2025-11-10 07:45:00', ldl('160', 'H')),
    order('L0', '2024-05-01 07:45:00', { ...ldl('x'), test_nm: 'Hemoglobin' }),
    order('L1', '2024-11-12 07:45:00', { ...ldl('190', 'H'), test_nm: 'kolesterol ldl ' }),
  ];
  const points = labTrend(orders, now, now.hasil_lab[0]);
  assert.equal(
    points.map((p) => [p.date, p.value]),
    [
      ['2024-11-12', 190],
      ['2025-11-10', 160],
      ['2026-11-15', 128],
    ],
  );
  assert.is(trendText('Kolesterol LDL', points, 'mg/dL'), 'Kolesterol LDL: 190 → 160 → 128 mg/dL');
  assert.is(trendText('INR', points.slice(0, 2), null), 'INR: 190 → 160');
});

test('no trend for a first result or a result in words', () => {
  const only = order('L1', '2026-11-15 07:45:00', ldl('128'));
  assert.equal(labTrend([only], only, only.hasil_lab[0]), []);
  const words = order('L2', '2026-11-16 07:45:00', ldl('Negatif'));
  assert.equal(labTrend([only, words], words, words.hasil_lab[0]), []);
});

test('the chart: dates left to right by time, higher values higher, the range as a band', () => {
  const points = [
    { date: '2023-11-15', value: 190, hasil: '190' },
    { date: '2025-11-15', value: 160, hasil: '160' },
    { date: '2026-11-15', value: 96, hasil: '96' },
  ];
  const { dots, band } = chartOf(points, { low: null, high: 130 }, 300, 90);
  assert.ok(dots[0].x < dots[1].x && dots[1].x < dots[2].x);
  assert.ok(dots[1].x - dots[0].x > 1.5 * (dots[2].x - dots[1].x), 'two years span more than one');
  assert.ok(dots[0].y < dots[1].y && dots[1].y < dots[2].y, 'a falling value goes down');
  assert.equal(
    dots.map((d) => d.out),
    [true, true, false],
  );
  assert.ok(band && band.y > dots[0].y && band.y < dots[2].y, 'the band tops out at 130, between 190 and 96');
  assert.is(band && band.y + band.height, 90, 'an open lower end runs to the bottom');
  for (const d of dots) assert.ok(d.x >= 0 && d.x <= 300 && d.y >= 0 && d.y <= 90, 'inside the box');
  assert.is(chartOf(points, null, 300, 90).band, null, 'no band for a range in words');
  const inside = chartOf(points, { low: 50, high: 300 }, 300, 90);
  assert.ok(inside.band && inside.band.y >= 0 && inside.band.y + inside.band.height <= 90, 'a range wider than the values still fits');
});

test("each point in its own flag's tone, its value with the decimal comma", () => {
  const points = [
    { date: '2024-11-15', value: 1.6, hasil: '1.6', tone: 'low' as const },
    { date: '2025-11-15', value: 2.2, hasil: '2.2', tone: 'normal' as const },
    { date: '2026-11-15', value: 3.4, hasil: '3.4' },
  ];
  const { dots } = chartOf(points, { low: 2, high: 3 }, 300, 90);
  assert.equal(
    dots.map((d) => [d.tone, d.label]),
    [
      ['low', '1,6'],
      ['normal', '2,2'],
      ['high', '3,4'],
    ],
  );
  // Without a flag of its own, a point is read against the range: below it low, not high.
  assert.is(toneOf({ hasil: '11.2', flag: null, ref_range: '13 - 17' }), 'low');
  assert.is(toneOf({ hasil: '6,1', flag: null, ref_range: '4 - 5.6' }), 'high');
  assert.is(toneOf({ hasil: '14', flag: null, ref_range: '13 - 17' }), 'normal');
  assert.is(toneOf({ hasil: '14', flag: 'H', ref_range: '13 - 17' }), 'high', "the lab's flag first");
  const now = order('L2', '2026-11-15 07:45:00', ldl('128'));
  const trend = labTrend([now, order('L1', '2025-11-10 07:45:00', ldl('160', 'H'))], now, now.hasil_lab[0]);
  assert.equal(
    trend.map((p) => p.tone),
    ['high', 'normal'],
  );
});

test('outside the range: flagged high or low, or beyond a numeric range the lab left unflagged', () => {
  assert.ok(outOfRange(ldl('160', 'H')));
  assert.ok(outOfRange({ hasil: '11.2', flag: 'L', ref_range: '13 - 17' }));
  assert.ok(outOfRange({ hasil: '11.2', flag: null, ref_range: '13 - 17' }), 'low without a flag');
  assert.ok(outOfRange({ hasil: '6,1', flag: null, ref_range: '4 - 5.6' }), 'high without a flag');
  assert.not.ok(outOfRange(ldl('96')));
  assert.not.ok(outOfRange({ hasil: 'Negatif', flag: null, ref_range: 'Negatif' }));
});

test('advice under every result outside its range, high or low, unless the lab already wrote it', () => {
  assert.ok(needsAdvice({ ...ldl('11.2', 'L'), ref_range: '13 - 17' }));
  assert.ok(needsAdvice(ldl('160', 'H')));
  assert.not.ok(needsAdvice({ ...ldl('160', 'H'), test_comment: 'Di atas nilai rujukan, konsultasikan dengan dokter' }));
  assert.not.ok(needsAdvice(ldl('96')));
});

test('the line over an order: how many of its results are outside their range', () => {
  assert.is(outOfRangeLine([ldl('160', 'H'), ldl('96'), { ...ldl('11.2', 'L'), ref_range: '13 - 17' }]), '2 dari 3 hasil di luar rentang normal');
  assert.is(outOfRangeLine([ldl('96')]), '0 dari 1 hasil di luar rentang normal');
});

test('the trend as a sentence writes decimals with a comma', () => {
  const points = [
    { date: '2025-01-01', value: 6.8, hasil: '6.8' },
    { date: '2026-01-01', value: 6.1, hasil: '6.1' },
  ];
  assert.is(trendText('HbA1c', points, '%'), 'HbA1c: 6,8 → 6,1 %');
});

test.run();

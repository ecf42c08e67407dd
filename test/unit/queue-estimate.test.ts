// The clinic queue's estimate without a database, on a recorded day of one doctor's session: the
// pace from the recent intervals between calls, a doctor who starts late, a long pause, a patient
// skipped in a minute; and the check-in window and distance of the visit day. The clock is passed
// in, so nothing depends on the hour the tests run at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateCall, paceMinutes } from '../../server/domain/estimate.ts';
import { formatClock as clockText } from '../../common/dates.ts';
import { atWib, wibIso } from '../../common/wib.ts';
import { checkinRefusal, distanceMetres, queueAdditions } from '../../server/domain/visit.ts';
import { demoSession } from '../../server/connector/local/demo/seed.ts';

const day = '2026-11-23'; // a Monday
/** An instant of that day at a WIB wall-clock time. */
const at = (hhmm: string) => atWib(day, hhmm) as number;
const shown = (ms: number) => clockText(ms);

const START = at('08:00');
/** The morning of a cardiology session as the hospital recorded its calls. */
const RECORDED = ['08:04', '08:16', '08:30', '08:39', '08:52', '09:03'].map(at);

test('the pace is the median of the intervals between calls: 12, 14, 9, 13, 11 minutes give 12', () => {
  assert.is(paceMinutes(RECORDED, 10), 12);
});

test('before the first call: the practice start plus 10 minutes for each patient ahead', () => {
  const s = { now: at('07:30'), start: START, calls: [], defaultMinutes: 10 };
  assert.is(shown(estimateCall(s, 0)), '08.00');
  assert.is(shown(estimateCall(s, 3)), '08.30');
  assert.is(shown(estimateCall({ ...s, defaultMinutes: 15 }, 3)), '08.45', "a clinic's own minutes per patient");
});

test('a doctor who starts late: nobody is called before now, so the estimate moves with the clock', () => {
  const late = { now: at('08:40'), start: START, calls: [], defaultMinutes: 10 };
  assert.is(shown(estimateCall(late, 3)), '09.10', 'not 08.30, which has passed');
  // The first call comes at 08:47: from there on, the calls count.
  const started = { ...late, now: at('08:48'), calls: [at('08:47')] };
  assert.is(shown(estimateCall(started, 2)), '09.17', 'after the one being seen and two more, 10 minutes each');
});

test('on the recorded morning, two ahead at 09:05: after the one called at 09:03 and two more, 12 minutes each', () => {
  assert.is(shown(estimateCall({ now: at('09:05'), start: START, calls: RECORDED, defaultMinutes: 10 }, 2)), '09.39');
});

test('a long pause is no patient: an hour away at prayer and lunch leaves the pace as it was', () => {
  const beforePause = [...RECORDED, at('09:15'), at('09:27'), at('09:40'), at('09:51'), at('10:00')];
  const afterPause = [...beforePause, at('11:05')];
  assert.is(paceMinutes(afterPause, 10), paceMinutes(beforePause, 10));
  assert.ok(paceMinutes(afterPause, 10) <= 13, `${paceMinutes(afterPause, 10)} minutes`);
  // During the pause the estimate slides with the clock instead of lying in the past.
  const during = { now: at('10:50'), start: START, calls: beforePause, defaultMinutes: 10 };
  const paced = paceMinutes(beforePause, 10);
  assert.is(estimateCall(during, 2), at('10:50') + Math.ceil(2 * paced) * 60_000);
  // Back at 11:05: one ahead is due at 11:05 plus two paces.
  const back = { ...during, now: at('11:06'), calls: afterPause };
  assert.is(estimateCall(back, 1), Math.ceil((at('11:05') + 2 * paced * 60_000) / 60_000) * 60_000);
});

test('a patient skipped in a minute, and one who took forty, hardly move the median', () => {
  const calls = [...RECORDED, at('09:04'), at('09:44')];
  assert.ok(Math.abs(paceMinutes(calls, 10) - 12) <= 1, `${paceMinutes(calls, 10)}`);
});

test('only the recent intervals count: a doctor who speeds up is followed', () => {
  const slow = ['08:00', '08:20', '08:40', '09:00', '09:20'].map(at);
  const fast = ['09:26', '09:32', '09:38', '09:44', '09:50', '09:56', '10:02'].map(at);
  assert.is(paceMinutes([...slow, ...fast], 10), 6);
});

test('while few intervals are known, the default counts as one: one 4-minute interval gives 7', () => {
  assert.is(paceMinutes([at('08:00'), at('08:04')], 10), 7);
  assert.is(paceMinutes([at('08:00')], 10), 10);
});

test('the estimate is never earlier than now, and in whole minutes', () => {
  const overdue = { now: at('09:40'), start: START, calls: RECORDED, defaultMinutes: 10 };
  assert.is(estimateCall(overdue, 0), at('09:40'));
  const s = { now: at('08:00') + 20_000, start: START, calls: [], defaultMinutes: 10 };
  assert.is(estimateCall(s, 0), at('08:01'));
});

test('the queue item: ahead and estimate only while waiting; the window an hour before until the end', () => {
  const facts = { tgl_janji: day, status: 'menunggu' as const, start: START, end: at('12:00'), ahead: 2, calls: RECORDED, minutesPerPatient: 10 };
  assert.equal(queueAdditions(facts, at('09:05'), 60), {
    sisa_antrian: 2,
    estimasi_dilayani: '2026-11-23T09:39:00+07:00',
    checkin_buka: '2026-11-23T07:00:00+07:00',
    checkin_tutup: '2026-11-23T12:00:00+07:00',
  });
  const called = queueAdditions({ ...facts, status: 'dipanggil' }, at('09:05'), 60);
  assert.is(called.sisa_antrian, null);
  assert.is(called.estimasi_dilayani, null);
  assert.is(wibIso(at('07:42')), '2026-11-23T07:42:00+07:00');
});

const entry = { tgl_janji: day, status: 'menunggu' as const, start: START, end: at('12:00') };
const SITE = { lat: -6.1927, lon: 106.7974, radiusM: 500 };

test('check-in: too early says when it opens, closed says when practice ended, another day says which', () => {
  assert.equal(checkinRefusal(entry, at('06:59'), day, 60, null, undefined), { status: 409, message: 'Check-in belum dibuka. Check-in dibuka pukul 07.00.' });
  assert.is(checkinRefusal(entry, at('07:00'), day, 60, null, undefined), null);
  assert.is(checkinRefusal(entry, at('12:00') + 59_000, day, 60, null, undefined), null);
  assert.equal(checkinRefusal(entry, at('12:01'), day, 60, null, undefined), {
    status: 409,
    message: 'Check-in sudah ditutup. Jam praktik berakhir pukul 12.00.',
  });
  assert.equal(checkinRefusal({ ...entry, tgl_janji: '2026-11-24' }, at('09:00'), day, 60, null, undefined), {
    status: 409,
    message: 'Check-in hanya dapat dilakukan pada hari kunjungan, Selasa, 24 November 2026.',
  });
  assert.is(checkinRefusal({ ...entry, status: 'batal' }, at('09:00'), day, 60, null, undefined)?.message, 'Antrian ini sudah dibatalkan.');
});

test('check-in with the hospital located: the position is required, and its distance is checked with its accuracy', () => {
  const now = at('08:00');
  assert.is(checkinRefusal(entry, now, day, 60, SITE, undefined)?.status, 400);
  assert.is(checkinRefusal(entry, now, day, 60, SITE, { lat: -6.1935, lon: 106.7981 }), null, 'about 120 m away');
  // About 2.3 km away: refused, with the distance in metres.
  const far = { lat: -6.2135, lon: 106.7974 };
  const refusal = checkinRefusal(entry, now, day, 60, SITE, far);
  assert.is(refusal?.status, 422);
  assert.match(refusal!.message, /^Lokasi Anda sekitar 2\.3\d\d m dari rumah sakit\. Check-in hanya dapat dilakukan dalam jarak 500 m dari rumah sakit\.$/);
  // 700 m away with a 250 m circle may be inside; a 5 km circle counts only up to the radius.
  const near = { lat: -6.1927 - 700 / 111_195, lon: 106.7974 };
  assert.ok(Math.abs(distanceMetres(SITE, near) - 700) < 2);
  assert.is(checkinRefusal(entry, now, day, 60, SITE, { ...near, accuracy: 250 }), null);
  assert.is(checkinRefusal(entry, now, day, 60, SITE, { ...far, accuracy: 5000 })?.status, 422);
});

test('the demo session is placed around the hour of seeding, whatever it is: 1–6 called before now, check-in open', () => {
  for (const hhmm of ['00:00', '00:30', '07:15', '10:02', '13:45', '23:30', '23:59']) {
    const now = at(hhmm) + 30_000;
    const s = demoSession(day, now);
    const start = at(s.jam_dtg);
    const end = at(s.jam_plg);
    assert.ok(start - 60 * 60_000 <= now && now < end + 60_000, `${hhmm}: window ${s.jam_dtg}–${s.jam_plg}`);
    assert.is(s.calls.length, 6);
    assert.ok(
      s.calls.every((c, i) => c <= now && c >= start && (i === 0 || c >= s.calls[i - 1])),
      `${hhmm}: calls ${s.calls.map(clockText)}`,
    );
  }
  // At a working hour, at realistic intervals.
  const s = demoSession(day, at('10:02'));
  assert.is(s.jam_dtg, '08:50');
  assert.equal(s.calls.map(clockText), ['08.54', '09.06', '09.20', '09.29', '09.42', '09.53']);
});

test.run();

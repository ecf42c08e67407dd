import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_TOASTS, createToasts } from '../../src/notice/toasts.ts';

function clock() {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  return { timers, schedule: (fn: () => void, ms: number) => timers.push({ fn, ms }) };
}

test('toasts last 4 s by default and 2 s for success', () => {
  const c = clock();
  const t = createToasts(c.schedule);
  t.show('Info');
  t.show('Berhasil', 'success');
  assert.equal(
    c.timers.map((x) => x.ms),
    [4000, 2000],
  );
  c.timers[1].fn();
  assert.equal(
    t.list.value.map((x) => x.text),
    ['Info'],
  );
});

test('at most 20 toasts at once: the oldest go first', () => {
  const t = createToasts(clock().schedule);
  for (let i = 0; i < 25; i++) t.show(`t${i}`);
  assert.is(t.list.value.length, MAX_TOASTS);
  assert.is(t.list.value[0].text, 't5');
});

test.run();

// The booking date picker by keyboard, in happy-dom: where the focus goes on opening, closing and
// choosing, keys faster than the screen redraws, and what a screen reader hears of the month.
import '../support/dom.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DatePicker } from '../../src/ui/DatePicker.tsx';

test.after.each(cleanup);

const toggle = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Tanggal / });
const day = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

function picker(value: string | null = null) {
  const chosen: string[] = [];
  render(<DatePicker label="Tanggal" value={value} today="2026-11-23" excluded={(d) => d === '2026-11-24'} onChange={(d) => chosen.push(d)} />);
  return chosen;
}

/** Keys as a fast typist sends them: one after another, with no redraw in between. */
async function pressAtOnce(keys: string[]) {
  await act(() => {
    for (const key of keys) document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

test('opening puts the focus on today in the grid, Escape closes and gives it back to the button', async () => {
  picker();
  toggle().focus();
  fireEvent.click(toggle());
  assert.is(document.activeElement, day('Senin, 23 November 2026'), 'one Tab less: the grid has the focus');
  await pressAtOnce(['Escape']);
  assert.is(toggle().getAttribute('aria-expanded'), 'false');
  assert.is(screen.queryByRole('grid'), null);
  assert.is(document.activeElement, toggle());
});

test('opening again puts the focus on the chosen day; choosing gives it back to the button', async () => {
  const chosen = picker('2026-12-02');
  fireEvent.click(toggle());
  assert.is(document.activeElement, day('Rabu, 2 Desember 2026'));
  await pressAtOnce(['ArrowRight']);
  await pressAtOnce(['Enter']);
  fireEvent.click(document.activeElement!);
  assert.equal(chosen, ['2026-12-03']);
  assert.is(screen.queryByRole('grid'), null, 'choosing closes the calendar');
  assert.is(document.activeElement, toggle());
});

test('keys pressed faster than the redraw are all counted, across a month too', async () => {
  picker();
  fireEvent.click(toggle());
  await pressAtOnce(['ArrowRight', 'ArrowRight', 'ArrowDown']);
  assert.is(document.activeElement, day('Rabu, 2 Desember 2026'), '23 November + 1 + 1 + 7');
  await pressAtOnce(['PageDown', 'ArrowLeft', 'End']);
  assert.ok(screen.getByRole('heading', { name: 'Januari 2027' }));
  assert.is(document.activeElement, day('Minggu, 3 Januari 2027'), '2 January − 1 day, then to Sunday');
  await pressAtOnce(['PageUp', 'PageUp', 'Home']);
  assert.is(document.activeElement, day('Senin, 2 November 2026'), 'two months back to 3 November, then to Monday');
});

test('no key moves the focus before the first month, and the focus stays in the grid', async () => {
  picker();
  fireEvent.click(toggle());
  await pressAtOnce(['PageUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp']);
  assert.is(document.activeElement, day('Senin, 2 November 2026'), '23 → 16 → 9 → 2 November, then no further');
});

test('the month is a heading below the screen title, the weekdays are named in full', () => {
  picker();
  fireEvent.click(toggle());
  assert.ok(screen.getByRole('heading', { level: 2, name: 'November 2026' }));
  assert.equal(
    screen.getAllByRole('columnheader').map((th) => th.getAttribute('aria-label')),
    ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'],
  );
});

test('on a slow line the calendar says it is still loading, takes no day, and moves to the first day that can be chosen once the rules arrive', async () => {
  const chosen: string[] = [];
  const props = { label: 'Tanggal', value: null, today: '2026-11-23', onChange: (d: string) => chosen.push(d) };
  const loading = 'Memuat tanggal yang dapat dipilih…';
  const { rerender } = render(<DatePicker {...props} excluded={() => false} loading={loading} />);
  fireEvent.click(toggle());
  assert.is(screen.getByRole('status').textContent, loading);
  assert.is(document.activeElement, day('Senin, 23 November 2026'), 'no rule known yet: today');
  fireEvent.click(day('Senin, 23 November 2026'));
  assert.equal(chosen, [], 'nothing is chosen before the rules are known');
  // The last BPJS appointment arrives: nothing before 21 December can be chosen.
  await act(() => rerender(<DatePicker {...props} excluded={(d) => d < '2026-12-21'} />));
  assert.is(screen.queryByRole('status'), null);
  assert.ok(screen.getByRole('heading', { name: 'Desember 2026' }), 'not a month with every day crossed out');
  assert.is(document.activeElement, day('Senin, 21 Desember 2026'));
  fireEvent.click(day('Senin, 21 Desember 2026'));
  assert.equal(chosen, ['2026-12-21']);
});

test('a month the patient turned to while the rules were loading stays when they arrive, within the window', async () => {
  const props = { label: 'Tanggal', value: null, today: '2026-11-23', onChange: () => {} };
  const loading = 'Memuat tanggal yang dapat dipilih…';
  const { rerender } = render(<DatePicker {...props} excluded={() => false} loading={loading} />);
  fireEvent.click(toggle());
  fireEvent.click(screen.getByRole('button', { name: 'Bulan berikutnya' }));
  fireEvent.click(screen.getByRole('button', { name: 'Bulan berikutnya' }));
  assert.ok(screen.getByRole('heading', { name: 'Januari 2027' }));
  await act(() => rerender(<DatePicker {...props} excluded={(d) => d < '2026-11-25'} />));
  assert.ok(screen.getByRole('heading', { name: 'Januari 2027' }), 'not moved back to 25 November');
  assert.is(day('Senin, 4 Januari 2027').getAttribute('aria-disabled'), 'false');
  // Turned past a window that turns out to end in December: back to its first day that can be chosen.
  await act(() => rerender(<DatePicker {...props} excluded={() => false} loading={loading} />));
  await act(() => rerender(<DatePicker {...props} last="2026-12-20" excluded={(d) => d < '2026-11-25'} />));
  assert.ok(screen.getByRole('heading', { name: 'November 2026' }), 'January is past the window');
});

test.run();

// The record screens' mapping: N/A for missing fields, Tidak/Ya flags, lab flags, the filters.
import '../support/dom.ts';
import { cleanup, render, screen } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PoliHistoryItem, VascularReport } from '../../common/schemas/index.ts';
import { NA } from '../../common/display.ts';
import { show, yesNo } from '../../common/values.ts';
import { labFlag } from '../../src/ui/lab.ts';
import { forPoli, hasNoReg } from '../../src/screens/records/lists.tsx';
import { ListState } from '../../src/ui/ListState.tsx';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { setUrl } from '../support/dom.ts';

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

test('missing fields show N/A', () => {
  assert.is(show(null), NA);
  assert.is(show(undefined), NA);
  assert.is(show('  '), NA);
  assert.is(show(0), '0');
});

test('pas_baru and inap: N is Tidak, anything else Ya', () => {
  assert.is(yesNo('N'), 'Tidak');
  assert.is(yesNo('Y'), 'Ya');
  assert.is(yesNo('B'), 'Ya');
  assert.is(yesNo(null), NA);
});

test('high and low lab flags stand out, others do not', () => {
  assert.is(labFlag('H').tone, 'high');
  assert.is(labFlag('HH').tone, 'high');
  assert.is(labFlag('L').tone, 'low');
  assert.is(labFlag(null).tone, 'normal');
  assert.is(labFlag('N').tone, 'normal');
});

test('vascular reports without no_reg are dropped', () => {
  const r = (no_reg: string | null) =>
    ({ no_reg, tgl_periksa: '2026-11-01', diagnosa: null, asal_rujukan: null, pengirim: null, teknisi: null, hasil_lab: [] }) as VascularReport;
  assert.equal(
    [r('VS1'), r(null), r('')].filter(hasNoReg).map((x) => x.no_reg),
    ['VS1'],
  );
});

test('the poli history keeps the entries of the upper-cased poli', () => {
  const items: PoliHistoryItem[] = [
    { no_reg: '1', tgl_reg: '2026-01-01', ds_dep: 'POLI KARDIOLOGI DEWASA', inap: 'N' },
    { no_reg: '2', tgl_reg: '2026-01-02', ds_dep: 'POLI GIZI', inap: 'N' },
  ];
  assert.equal(
    items.filter(forPoli('poli kardiologi dewasa')).map((i) => i.no_reg),
    ['1'],
  );
});

test('the list pattern: spinner, items, Tidak ada data ! (also when the filter leaves nothing), or a wait offline', () => {
  const view = (resource: Parameters<typeof ListState<string>>[0]['resource'], filter?: (s: string) => boolean) => (
    <ListState<string> resource={resource} filter={filter}>
      {(items) => items.map((i) => <p>{i}</p>)}
    </ListState>
  );
  const { container, rerender } = render(view({ state: 'loading' }));
  assert.ok(screen.getByRole('status', { name: 'Memuat…' }));
  rerender(view({ state: 'ok', data: ['a', 'b'] }));
  assert.is(container.textContent, 'ab');
  rerender(view({ state: 'ok', data: ['a'] }, () => false));
  assert.is(screen.getByRole('alert').textContent, 'Tidak ada data !');
  rerender(view({ state: 'error', error: { kind: 'status' } }));
  assert.is(screen.getByRole('alert').textContent, 'Tidak ada data !');
  rerender(view({ state: 'error', error: { kind: 'offline' } }));
  assert.is(container.textContent, 'Menunggu koneksi internet…', 'offline is a wait, not a failure');
  assert.is(screen.queryByRole('alert'), null);
});

test('when the profile cannot be loaded, the loading stops and the screen says so', async () => {
  setUrl('http://127.0.0.1:9/profil'); // nothing listens there
  session.signIn({ nomr: '00012345', birthDate: '1968-08-17', token: 'AAAAAAAAAAAAAAAAAAAAAA' });
  render(<App />);
  const alert = await screen.findByRole('alert', {}, { timeout: 15000 });
  assert.is(alert.textContent, 'Profil tidak dapat dimuat. Silakan coba lagi nanti.');
  assert.is(screen.queryByRole('status', { name: 'Memuat…' }), null, 'no spinner left');
});

test.run();

// /profil's 'Pesan dari rumah sakit' in happy-dom against the real API server, which has no
// WhatsApp configured: the messages can be chosen, and no WhatsApp control is shown at all.
// WhatsApp's own controls are proved in Chromium (e2e/whatsapp.test.ts).
import '../support/dom.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { session } from '../../src/session/session.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(cleanup);
test.after(() => session.signOut());

test('without WhatsApp on the server: the messages to receive, saved; no WhatsApp anywhere', async () => {
  await renderSignedIn(DEMO_A, to('profile'));
  const card = await screen.findByRole('region', { name: 'Pesan dari rumah sakit' }, { timeout: 5000 });
  const box = await within(card).findByRole('checkbox', { name: 'Rujukan BPJS segera berakhir' });
  assert.is(within(card).queryByRole('radio'), null);
  assert.is(within(card).queryByText(/WhatsApp/), null);
  fireEvent.click(box);
  fireEvent.click(within(card).getByRole('button', { name: 'Simpan' }));
  await waitFor(() => assert.ok(screen.getByText('Pengaturan pesan disimpan.')));
  assert.is((box as HTMLInputElement).checked, false);
});

test.run();

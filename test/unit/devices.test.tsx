// 'Perangkat & Kunci Masuk', the way to it from Profil, and the login page's passkey button, in
// happy-dom against the real API server. Passkeys themselves are proved in Chromium
// (e2e/passkeys.test.ts): happy-dom has no WebAuthn.
import '../support/dom.ts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { PasskeySignIn } from '../../src/ui/Passkey.tsx';
import { session } from '../../src/session/session.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

test('the screen lists the active sessions, this one marked, and says when there is no passkey', async () => {
  await renderSignedIn(DEMO_A, to('devices'));
  const sessions = await screen.findByRole('region', { name: 'Sesi Aktif' });
  await within(sessions).findByText('(Perangkat ini)');
  assert.ok(within(sessions).getByRole('button', { name: 'Akhiri sesi Perangkat ini' }));
  const passkeys = screen.getByRole('region', { name: 'Kunci Masuk (Sidik Jari)' });
  assert.ok(within(passkeys).getByText('Belum ada kunci masuk.'));
  // No WebAuthn here: nothing to tap, and the patient is told why.
  await within(passkeys).findByText('Ponsel atau browser ini belum mendukung masuk dengan sidik jari.');
  assert.is(within(passkeys).queryByRole('button', { name: 'Aktifkan masuk dengan sidik jari' }), null);
});

test('Profil leads to Perangkat & Kunci Masuk', async () => {
  await renderSignedIn(DEMO_A, to('profile'));
  const link = await screen.findByRole('link', { name: 'Perangkat & Kunci Masuk' });
  assert.is(link.getAttribute('href'), to('devices'));
});

test("the login page offers 'Masuk dengan sidik jari' only where the phone has a platform authenticator", async () => {
  const signedIn = () => undefined;
  render(<PasskeySignIn onSignedIn={signedIn} />);
  await new Promise((r) => setTimeout(r, 0));
  assert.is(screen.queryByRole('button', { name: 'Masuk dengan sidik jari' }), null, 'no PublicKeyCredential, no button');
  cleanup();

  const w = window as unknown as { PublicKeyCredential?: unknown };
  w.PublicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: async () => true };
  try {
    render(<PasskeySignIn onSignedIn={signedIn} />);
    await waitFor(() => assert.ok(screen.getByRole('button', { name: 'Masuk dengan sidik jari' })));
  } finally {
    delete w.PublicKeyCredential;
  }
});

test.run();

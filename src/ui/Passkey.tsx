// 'Masuk dengan sidik jari' on the login page and on 'Tambah Anggota Keluarga': one tap, the
// phone's own prompt (fingerprint or screen lock), and the caller keeps the session it answers.
// Shown only where the phone has a user-verifying platform authenticator; the WebAuthn library
// and its calls load on the tap, not with the page.
import { useEffect, useState } from 'react';
import type { PasskeyLoginResponse } from '../../common/schemas/index.ts';
import { S } from '../strings.ts';
import { button } from './button.ts';
import { Dialog } from './Dialog.tsx';
import { Spinner } from './Spinner.tsx';

/** Whether this browser can make and use a passkey on the phone itself (not a security key). */
export async function passkeysAvailable(): Promise<boolean> {
  try {
    const credential = typeof window === 'undefined' ? undefined : window.PublicKeyCredential;
    return !!credential && (await credential.isUserVerifyingPlatformAuthenticatorAvailable());
  } catch {
    return false;
  }
}

/** The session a passkey sign-in answers: who, and the token with its lifetime in seconds. */
export type SignedIn = PasskeyLoginResponse;

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => void passkeysAvailable().then(setAvailable), []);
  if (!available) return null;

  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    const res = await import('../api/passkey-ceremony.ts')
      .then((m) => m.signInWithPasskey())
      .catch(() => ({ ok: false as const, error: { kind: 'network' as const } }));
    setBusy(false);
    if (res.ok) return onSignedIn(res.data);
    const { error } = res;
    if (error.kind === 'prompt') return setFailure(S.passkey.dismissed);
    setFailure(
      error.kind === 'http' || error.kind === 'unauthorized' || error.kind === 'status' ? (error.message ?? S.passkey.dismissed) : S.passkey.unreachable,
    );
  };

  return (
    <>
      <button type="button" className={button({ kind: 'secondary', block: true })} onClick={signIn} disabled={busy} aria-busy={busy}>
        {busy && <Spinner small label={S.loading} />}
        {S.passkey.signIn}
      </button>
      {failure && (
        <Dialog
          title={S.passkey.failTitle}
          role="alertdialog"
          onClose={() => setFailure(null)}
          actions={[{ label: S.notif.close, onClick: () => setFailure(null) }]}
        >
          <p>{failure}</p>
        </Dialog>
      )}
    </>
  );
}

// The offer after login (Perangkat & Kunci Masuk is where it is always offered): once per
// patient, on home, where the phone can hold a passkey. The server remembers that it was offered,
// since logout clears the phone's own storage.
import { useEffect, useState, type ComponentType } from 'react';
import { takeOffer } from '../../api/passkeys.ts';
import { session } from '../../session/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { toasts } from '../../notice/toasts.ts';
import { passkeysAvailable } from '../../ui/Passkey.tsx';
import { enrol } from '../../passkeys/enrol.ts';
import { DEVICES } from '../../passkeys/strings.ts';

/** Patients asked about in this page's life: home opened again does not call again. */
const asked = new Set<string>();

export function PasskeyOffer() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const nomr = session.current.value?.nomr;
    if (!nomr || asked.has(nomr)) return;
    asked.add(nomr);
    let live = true;
    void (async () => {
      if (!(await passkeysAvailable())) return;
      const res = await takeOffer();
      if (live && res.ok && res.data.offer) setOpen(true);
    })();
    return () => {
      live = false;
    };
  }, []);
  if (!open) return null;

  const later = () => {
    setOpen(false);
    toasts.show(DEVICES.offerWhere, 'info');
  };
  const accept = async () => {
    setBusy(true);
    const done = await enrol();
    setBusy(false);
    setOpen(false);
    toasts.show(done.ok ? DEVICES.enrolled : `${done.message} ${DEVICES.offerWhere}`, done.ok ? 'success' : 'error');
  };

  return (
    <Dialog
      title={DEVICES.offerTitle}
      onClose={later}
      actions={[
        { label: DEVICES.offerLater, kind: 'secondary', onClick: later },
        { label: DEVICES.enrol, onClick: () => void (busy || accept()) },
      ]}
    >
      <p>{DEVICES.offerBody}</p>
    </Dialog>
  );
}

/** A screen with the offer over it: home, right after a login (src/screens.ts). */
export function withPasskeyOffer<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithPasskeyOffer(props: P) {
    return (
      <>
        <Screen {...props} />
        <PasskeyOffer />
      </>
    );
  };
}

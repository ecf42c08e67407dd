// 'Perangkat & Kunci Masuk' (from Profil): the patient's passkeys (device, created, last used) and
// active sessions (device, last use); a passkey can be added or removed and any session ended,
// which the server enforces from the next request on.
import { useEffect, useState } from 'react';
import { formatMoment } from '../../../common/dates.ts';
import type { Devices as DeviceList, PasskeyInfo, SessionInfo } from '../../../common/schemas/index.ts';
import { endSession, getDevices, removePasskey } from '../../api/passkeys.ts';
import type { Read } from '../../data/cache.ts';
import { useRead } from '../../data/hooks.ts';
import { button } from '../../ui/button.ts';
import { card, page } from '../../ui/controls.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Fields, type FieldRow } from '../../ui/RecordList.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { toasts } from '../../notice/toasts.ts';
import { logout } from '../../session/logout.ts';
import { passkeysAvailable } from '../../ui/Passkey.tsx';
import * as css from '../../passkeys/devices.css.ts';
import { enrol } from '../../passkeys/enrol.ts';
import { DEVICES } from '../../passkeys/strings.ts';

/** Read afresh on every visit: another phone may have signed in or out meanwhile. Not kept offline. */
const devices: Read<DeviceList> = { key: 'devices', load: getDevices };

const when = (iso: string | null) => (iso ? formatMoment(Date.parse(iso)) : DEVICES.neverUsed);

/** A passkey the phone's account keeps too (Google, iCloud): a new phone of the same account has it. */
const synced: FieldRow<PasskeyInfo> = [DEVICES.synced, () => DEVICES.yes];

type Pending = { kind: 'passkey'; item: PasskeyInfo } | { kind: 'session'; item: SessionInfo } | null;

export default function Devices() {
  const [res, reload] = useRead(devices);
  const [available, setAvailable] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  useEffect(() => void passkeysAvailable().then(setAvailable), []);

  const addPasskey = async () => {
    setBusy(true);
    const done = await enrol();
    setBusy(false);
    if (done.ok) toasts.show(DEVICES.enrolled, 'success');
    else toasts.show(done.message, 'error');
    reload();
  };

  const confirm = async () => {
    const what = pending;
    setPending(null);
    if (!what) return;
    if (what.kind === 'session' && what.item.current) {
      // Ending this very session is logging out here: the one sign-out, and back to login.
      return logout();
    }
    const done = what.kind === 'passkey' ? await removePasskey(what.item.id) : await endSession(what.item.id);
    toasts.show(done.ok ? (what.kind === 'passkey' ? DEVICES.removed : DEVICES.ended) : (done.error.message ?? DEVICES.failed), done.ok ? 'success' : 'error');
    reload();
  };

  return (
    <main className={page}>
      <ResourceView resource={res} none={DEVICES.loadFailed}>
        {(data) => (
          <>
            <section className={`${card} ${css.section}`} aria-labelledby="passkeys">
              <h2 id="passkeys" className={css.heading}>
                {DEVICES.passkeys}
              </h2>
              <p className={css.intro}>{DEVICES.passkeysIntro}</p>
              {available && (
                <button type="button" className={button({ block: true })} onClick={addPasskey} disabled={busy} aria-busy={busy}>
                  {DEVICES.enrol}
                </button>
              )}
              {available === false && <p className={css.intro}>{DEVICES.unsupported}</p>}
              {data.passkeys.length === 0 ? (
                <p className={css.intro}>{DEVICES.noPasskeys}</p>
              ) : (
                <ul className={css.list}>
                  {data.passkeys.map((p) => (
                    <li key={p.id} className={css.item}>
                      <h3 className={css.name}>{p.device}</h3>
                      <Fields
                        item={p}
                        rows={[[DEVICES.created, (x) => when(x.created_at)], [DEVICES.lastUsed, (x) => when(x.last_used_at)], ...(p.backed_up ? [synced] : [])]}
                      />
                      <button
                        type="button"
                        className={button({ kind: 'secondary' })}
                        aria-label={`${DEVICES.remove} ${p.device}`}
                        onClick={() => setPending({ kind: 'passkey', item: p })}
                      >
                        {DEVICES.remove}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={`${card} ${css.section}`} aria-labelledby="sessions">
              <h2 id="sessions" className={css.heading}>
                {DEVICES.sessions}
              </h2>
              <p className={css.intro}>{DEVICES.sessionsIntro}</p>
              <ul className={css.list}>
                {data.sessions.map((s) => (
                  <li key={s.id} className={css.item}>
                    <h3 className={css.name}>
                      {s.device ?? DEVICES.unknownDevice} {s.current && <span className={css.here}>({DEVICES.thisDevice})</span>}
                    </h3>
                    <Fields
                      item={s}
                      rows={[
                        [DEVICES.signedInWith, (x) => (x.method === 'passkey' ? DEVICES.viaPasskey : DEVICES.viaForm)],
                        [DEVICES.since, (x) => when(x.created_at)],
                        [DEVICES.lastSeen, (x) => when(x.last_seen_at)],
                      ]}
                    />
                    <button
                      type="button"
                      className={button({ kind: 'secondary' })}
                      aria-label={`${DEVICES.end} ${s.current ? DEVICES.thisDevice : (s.device ?? DEVICES.unknownDevice)}`}
                      onClick={() => setPending({ kind: 'session', item: s })}
                    >
                      {DEVICES.end}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </ResourceView>
      {pending && (
        <Dialog
          title={pending.kind === 'passkey' ? DEVICES.removeTitle : DEVICES.endTitle}
          role="alertdialog"
          onClose={() => setPending(null)}
          actions={[
            { label: DEVICES.cancel, kind: 'secondary', onClick: () => setPending(null) },
            { label: DEVICES.yes, onClick: () => void confirm() },
          ]}
        >
          <p>{pending.kind === 'passkey' ? DEVICES.removeBody(pending.item.device) : pending.item.current ? DEVICES.endThisBody : DEVICES.endBody}</p>
        </Dialog>
      )}
    </main>
  );
}

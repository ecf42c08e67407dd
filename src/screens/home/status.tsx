// Two states a patient must not miss, drawn the same wherever home shows them: the number called
// (large, with the room to go to) and the medicine's status (ready and in preparation each in its
// own colour and words; any other status as the pharmacy wrote it, bold red as the spec shows).
import { clinicPlace } from '../../../common/display.ts';
import { pharmacyStage } from '../../../common/pharmacy.ts';
import { HOME } from './strings.ts';
import * as css from './home.css.ts';

/** 'Ruang Periksa 3' as the hospital wrote it; a bare '3A' as 'Ruang 3A'. */
const roomName = (room: string) => (/^ruang\b/i.test(room) ? room : `${HOME.today.room} ${room}`);

/** 'Dipanggil, silakan menuju ruang periksa' and the room with its floor, where the API names them. */
export function CalledNotice({ at, live = false }: { at: { ruang?: string | null; lantai?: string | null }; live?: boolean }) {
  const room = at.ruang?.trim();
  const place = clinicPlace({ ruang: room && roomName(room), lantai: at.lantai });
  return (
    <div className={css.called} role={live ? 'status' : undefined}>
      <strong className={css.calledText}>{HOME.queueStatus.dipanggil}</strong>
      {place && <span className={css.calledRoom}>{place}</span>}
    </div>
  );
}

const STAGE_CLASS = { ready: css.ready, preparing: css.preparing, other: css.urgent } as const;

/** The status as a badge; with `hint`, what it means for the patient under it. */
export function PharmacyStatus({ status, hint = false }: { status: string; hint?: boolean }) {
  const stage = pharmacyStage(status);
  return (
    <>
      <strong className={STAGE_CLASS[stage]} data-stage={stage}>
        {status}
      </strong>
      {hint && HOME.pharmacyHint[stage] && <span className={css.stageHint}>{HOME.pharmacyHint[stage]}</span>}
    </>
  );
}

// An appointment as the cancel dialog and the reschedule screen name it: the day, the clinic,
// the doctor, the hours and the number, so the patient knows which one is meant.
import { hoursText } from '../../common/clock.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { DateText, Fields, type FieldRow } from '../ui/RecordList.tsx';
import { MANAGE } from './strings.ts';

const F = MANAGE.fields;

/** The hours as the upcoming list gives them (start and end, or the start alone) in the app's one voice. */
export const hoursOf = (a: Pick<UpcomingAppointment, 'jam_dtg' | 'jam_plg'>): string | null => (a.jam_dtg ? hoursText(a.jam_dtg, a.jam_plg) : null);

export const guaranteeOf = (a: Pick<UpcomingAppointment, 'carabayar'>) => (a.carabayar === 'B' ? 'BPJS' : 'Non BPJS');

export function AppointmentSummary({ appointment: a }: { appointment: UpcomingAppointment }) {
  const hours = hoursOf(a);
  const rows: FieldRow<UpcomingAppointment>[] = [
    [F.tanggal, (x) => <DateText date={x.tanggal_janji} style="day" />],
    ...(hours ? [[F.jam, () => hours] as FieldRow<UpcomingAppointment>] : []),
    [F.poli, (x) => x.departemen],
    [F.dokter, (x) => x.nama_dokter],
    [F.noUrut, (x) => x.no_urut],
    ...(a.carabayar ? [[F.jaminan, guaranteeOf] as FieldRow<UpcomingAppointment>] : []),
  ];
  return <Fields item={a} rows={rows} />;
}

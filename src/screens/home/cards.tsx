// The three cards of home, each loading on its own (docs/product.md §2, Home; docs/product.md §4). What the
// patient came for is open at once: the first active appointment and today's queue numbers; the
// rest stay folded behind 'Tampilkan …' as the spec shows.
import { memo, useState, type ReactNode } from 'react';
import type { ClinicQueueItem, PharmacyQueueItem, UpcomingAppointment } from '../../../common/schemas/index.ts';
import { formatDate, todayWib } from '../../../common/dates.ts';
import type { Resource } from '../../data/resource.ts';
import { HOME } from './strings.ts';
import { card } from '../../ui/controls.css.ts';
import { ListState } from '../../ui/ListState.tsx';
import { DateText, Fields } from '../../ui/RecordList.tsx';
import { AppointmentActions } from '../../appointments/actions.tsx';
import { hoursOf } from '../../appointments/parts.tsx';
import { CancelDialog } from '../../appointments/lazy.tsx';
import * as css from './home.css.ts';
import { CalledNotice, PharmacyStatus } from './status.tsx';
import { VisitNow } from './VisitNow.tsx';

const F = HOME.fields;

/** Label–value pairs of one item, through the shared field list. */
function Pairs({ rows }: { rows: Array<[string, ReactNode]> }) {
  return <Fields item={null} rows={rows.map(([label, value]) => [label, () => value])} />;
}

interface CardProps<T> {
  title: string;
  resource: Resource<T[]>;
  label: string;
  /** Which items are open without a tap. */
  open: (item: T, index: number) => boolean;
  /** What names the item, on a line of its own under the spec's 'Tampilkan …'. */
  sub?: (item: T) => string;
  /** Said calmly under 'Tidak ada data !' when the list came back empty. */
  empty: string;
  children: (item: T) => ReactNode;
}

/** A card of expandable items, numbered when there is more than one. */
function Card<T>({ title, resource, label, open, sub, empty, children }: CardProps<T>) {
  return (
    <section className={card} aria-label={title}>
      <h2 className={css.cardTitle}>{title}</h2>
      <ListState resource={resource} empty={empty}>
        {(items) =>
          items.map((item, i) => (
            <details className={css.item} open={open(item, i)}>
              <summary className={css.summary}>
                <span className={css.summaryText}>
                  <span>{items.length > 1 ? `${i + 1}. ${label}` : label}</span>
                  {sub && <span className={css.summarySub}>{sub(item)}</span>}
                </span>
              </summary>
              {children(item)}
            </details>
          ))
        }
      </ListState>
    </section>
  );
}

// Each card is memoised: drawn again only when its own read changes (useRead keeps the same
// object until then), not with every other answer that reaches home.

/**
 * `managed`: the API manages appointments (its booking rules were read), so an appointment that
 * can still change offers 'Ubah Jadwal' and 'Batalkan' (decisions: managing appointments). The
 * cancel dialog lives here, not in the item: the item leaves the list as soon as it is cancelled,
 * while the dialog still shows the server's answer.
 */
export const AppointmentsCard = memo(function AppointmentsCard({
  resource,
  managed = false,
}: {
  resource: Resource<UpcomingAppointment[]>;
  managed?: boolean;
}) {
  const [cancelling, setCancelling] = useState<UpcomingAppointment | null>(null);
  return (
    <>
      <Card
        title={HOME.cards.appointments}
        resource={resource}
        label={HOME.showSchedule}
        open={(_, i) => i === 0}
        sub={(a) => `${formatDate(a.tanggal_janji, 'day')} · ${a.nama_dokter}`}
        empty={HOME.empty.appointments}
      >
        {(a) => (
          <>
            <Pairs
              rows={[
                [F.tanggal, <DateText date={a.tanggal_janji} style="day" />],
                ...(a.jam_dtg ? [[F.jam, hoursOf(a)] as [string, ReactNode]] : []),
                [F.dokter, a.nama_dokter],
                [F.poli, a.departemen],
                ...(a.jenis === 'online' ? [[F.jenis, HOME.online] as [string, ReactNode]] : []),
                [F.noUrut, a.no_urut],
              ]}
            />
            <AppointmentActions appointment={a} managed={managed} onCancel={() => setCancelling(a)} />
          </>
        )}
      </Card>
      {cancelling?.no_reg && <CancelDialog appointment={cancelling} noReg={cancelling.no_reg} onClose={() => setCancelling(null)} />}
    </>
  );
});

export const ClinicQueueCard = memo(function ClinicQueueCard({ resource }: { resource: Resource<ClinicQueueItem[]> }) {
  const today = todayWib();
  const isToday = (q: ClinicQueueItem) => q.tgl_janji.slice(0, 10) === today;
  return (
    <Card title={HOME.cards.clinicQueue} resource={resource} label={HOME.showQueue} open={isToday} empty={HOME.empty.clinicQueue}>
      {(q) => (
        <>
          {/* Today's entry leads with its numbers, how long is left and check-in (VisitNow). */}
          {isToday(q) && <VisitNow item={q} />}
          <Pairs
            rows={[
              ...(isToday(q)
                ? []
                : [
                    [F.noUrut, q.no_urut] as [string, ReactNode],
                    // Where the API tells (the reference API does), the call and the number reached.
                    ...(q.status
                      ? [
                          [
                            F.status,
                            q.status === 'dipanggil' ? (
                              <CalledNotice at={q} />
                            ) : (
                              <strong className={q.status === 'dilewati' ? css.urgent : undefined}>{HOME.queueStatus[q.status] ?? q.status}</strong>
                            ),
                          ] as [string, ReactNode],
                        ]
                      : []),
                    ...(q.no_dipanggil ? [[F.noDipanggil, q.no_dipanggil] as [string, ReactNode]] : []),
                  ]),
              [F.hari, q.hari],
              [F.tanggal, <DateText date={q.tgl_janji} />],
              [F.dokter, q.dokter],
              [F.poli, q.ds_dep],
              [F.noReg, q.no_reg],
              [F.noMr, q.no_mr],
              [F.nama, q.nama_pas],
            ]}
          />
        </>
      )}
    </Card>
  );
});

export const PharmacyQueueCard = memo(function PharmacyQueueCard({ resource }: { resource: Resource<PharmacyQueueItem[]> }) {
  return (
    <Card
      title={HOME.cards.pharmacyQueue}
      resource={resource}
      label={HOME.showQueue}
      open={(f) => f.tgl_layanan.slice(0, 10) === todayWib()}
      empty={HOME.empty.pharmacyQueue}
    >
      {(f) => (
        <Pairs
          rows={[
            [F.noAntrian, f.no_antrian],
            [F.tanggal, <DateText date={f.tgl_layanan} />],
            [F.noMr, f.no_mr],
            [F.nama, f.nama_pasien],
            [F.statusObat, <PharmacyStatus status={f.status_obat} hint={f.tgl_layanan.slice(0, 10) === todayWib()} />],
          ]}
        />
      )}
    </Card>
  );
});

// The card menus that lead to each list (docs/product.md §2: Schedule of procedures, Histories).
import { to } from '../../../common/routes.ts';
import { page } from '../../ui/controls.css.ts';
import * as css from '../../ui/records.css.ts';

function Menu({ items }: { items: Array<[string, string]> }) {
  return (
    <main className={page}>
      <nav className={css.menu}>
        {items.map(([label, href]) => (
          <a className={css.menuCard} href={href}>
            {label}
          </a>
        ))}
      </nav>
    </main>
  );
}

export const ProceduresMenu = () => (
  <Menu
    items={[
      ['Operasi', to('surgerySchedule')],
      ['Katerisasi', to('cathSchedule')],
    ]}
  />
);
export const ConsultationsMenu = () => (
  <Menu
    items={[
      ['Poliklinik', to('consultationsPoli')],
      ['Poli Online', to('consultationsOnline')],
    ]}
  />
);
export const InpatientMenu = () => (
  <Menu
    items={[
      ['Berjalan', to('inpatientCurrent')],
      ['Riwayat Rawat Inap', to('inpatientPast')],
    ]}
  />
);
export const ProcedureHistoryMenu = () => (
  <Menu
    items={[
      ['Katerisasi', to('cathHistory')],
      ['Operasi', to('surgeryHistory')],
    ]}
  />
);
export const ExaminationsMenu = () => (
  <Menu
    items={[
      ['Poli Vaskular', to('vascular')],
      ['Patologi Klinik & Bank Darah', to('lab')],
    ]}
  />
);

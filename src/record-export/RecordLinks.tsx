// On Profil: the patient's record to take elsewhere, as a FHIR file or as a page to print.
import { useState } from 'react';
import { to } from '../../common/routes.ts';
import { button } from '../ui/button.ts';
import { card } from '../ui/controls.css.ts';
import { menuCard } from '../ui/records.css.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { downloadRecord, type Download } from './download.ts';
import { SUMMARY } from './strings.ts';
import * as css from './summary.css.ts';

export function RecordLinks() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Download | null>(null);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    setOutcome(await downloadRecord());
    setBusy(false);
  };

  return (
    <section className={`${card} ${css.links}`} aria-labelledby="rekam-medis">
      <h2 id="rekam-medis" className={css.linksTitle}>
        {SUMMARY.records}
      </h2>
      <p className={css.intro}>{SUMMARY.recordsIntro}</p>
      <button type="button" className={button({ block: true })} onClick={download} disabled={busy} aria-busy={busy}>
        {busy && <Spinner small label={SUMMARY.downloading} />}
        {busy ? SUMMARY.downloading : SUMMARY.download}
      </button>
      {outcome?.ok && (
        <p className={css.done} role="status">
          {SUMMARY.downloaded(outcome.file)}
        </p>
      )}
      {outcome && !outcome.ok && (
        <p className={css.failed} role="alert">
          {outcome.message}
        </p>
      )}
      <a className={menuCard} href={to('summary')}>
        {SUMMARY.printable}
      </a>
    </section>
  );
}

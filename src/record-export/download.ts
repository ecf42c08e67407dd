// 'Unduh Rekam Medis (FHIR)': the export fetched with the token, then handed to the browser as a
// file through a Blob link, so it lands in the phone's downloads like any other file.
import type * as fhir4 from 'fhir/r4';
import type { AnswerOf } from '../../common/api-calls.ts';
import { getRecordExport } from '../api/fhir.ts';
import { exportFileName, SUMMARY } from './strings.ts';

export type Download = { ok: true; file: string } | { ok: false; message: string };

/** The MR number the Bundle's Patient carries: the file is named after whose record it is. */
const nomrOf = (bundle: AnswerOf<'fhirEverything'>): string => {
  const patient = bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')?.resource as fhir4.Patient | undefined;
  const mr = patient?.identifier?.find((i) => i.type?.coding?.some((c) => c.code === 'MR'));
  return mr?.value ?? 'pasien';
};

export async function downloadRecord(): Promise<Download> {
  const res = await getRecordExport();
  if (!res.ok) return { ok: false, message: res.error.kind === 'offline' ? SUMMARY.downloadOffline : SUMMARY.downloadFailed };
  const file = exportFileName(nomrOf(res.data));
  const url = URL.createObjectURL(new Blob([JSON.stringify(res.data, null, 2)], { type: 'application/fhir+json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked only once the browser has surely read it: some revoke-at-once downloads come out empty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, file };
}

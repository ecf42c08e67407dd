// The record export (docs/fhir.md): the signed-in patient's whole record as a FHIR R4 Bundle,
// fetched with the session's token so that it can be saved as a file. Not a cached read: each
// download asks the server again, and nothing of it is kept on the phone.
import type * as fhir4 from 'fhir/r4';
import { fhirEverythingOf } from '../../common/paths.ts';
import { session } from '../session/session.ts';
import { call, type Result } from './http.ts';

export function getRecordExport(): Promise<Result<fhir4.Bundle>> {
  const nomr = session.current.value?.nomr ?? '';
  // A Bundle has no envelope: the whole answer is the payload.
  return call<fhir4.Bundle>(fhirEverythingOf(nomr), { pick: (body) => body });
}

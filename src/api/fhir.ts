// The record export (docs/fhir.md): the signed-in patient's whole record as a FHIR R4 Bundle,
// fetched with the session's token so that it can be saved as a file. Not a cached read: each
// download asks the server again, and nothing of it is kept on the phone.
import type { AnswerOf } from '../../common/api-calls.ts';
import { fhirEverythingOf } from '../../common/paths.ts';
import { session } from '../session/session.ts';
import { call, type Result } from './http.ts';

/** The answer's type is the table's (common/api-calls.ts fhirEverything): the Bundle, with no envelope. */
export function getRecordExport(): Promise<Result<AnswerOf<'fhirEverything'>>> {
  const nomr = session.current.value?.nomr ?? '';
  // A Bundle has no envelope: the whole answer is the payload.
  return call<AnswerOf<'fhirEverything'>>(fhirEverythingOf(nomr), { pick: (body) => body });
}

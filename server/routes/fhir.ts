// The record export (docs/fhir.md): GET /api/fhir/Patient/{nomr}/$everything, the patient's own
// record as a FHIR R4 Bundle. The guard answers 401 without a session and 403 for another
// patient's nomr in the path, and audits the export as it does every record read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { todayWib } from '../../common/dates.ts';
import { FHIR_JSON, type FhirBundle, FhirPatientParams } from '../../common/schemas/fhir.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from '../db/sessions.ts';
import { admitUse } from '../db/throttle.ts';
import type { Rule } from '../domain/throttle.ts';
import { everything } from '../domain/fhir.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { HttpError, MSG } from '../errors.ts';
import { bearerToken } from '../guard.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, route, THROTTLED, type Api } from './route-schema.ts';

/**
 * Sent as it is built, as FHIR's JSON: the response schema describes the envelope only, and
 * serialising through it would drop every field of the resources it does not list.
 */
const send = (reply: FastifyReply, bundle: FhirBundle) => reply.type(FHIR_JSON).serializer(JSON.stringify).send(bundle);

/** EXPORT_MAX_PER_SESSION reached: the export again after that time. */
const exportLimitMessage = (until: Date) => `Rekam medis sudah diunduh terlalu sering dalam waktu singkat. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

/**
 * `limit`: exports per session (EXPORT_MAX_PER_SESSION in 10 minutes): each is about a dozen reads,
 * and a few hundred at once slow every other patient's calls (docs/security.md).
 */
export async function fhirRoutes(app: Api, db: Db, orgId: string, now: () => number = Date.now, limit?: Rule): Promise<void> {
  const records = app.simrs;
  /** Spends one of the session's exports; a 429 with Retry-After when none is left. */
  const admitted = async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!limit) return true;
    const until = await admitUse(db, 'export-session', hashToken(bearerToken(req.headers.authorization) ?? ''), limit);
    if (!until) return true;
    await reply
      .code(429)
      .header('Retry-After', String(retryAfterSeconds(until)))
      .send({ status: false, message: exportLimitMessage(until) });
    return false;
  };
  const handler = async (nomr: string): Promise<FhirBundle> => {
    const at = now();
    const today = todayWib(at);
    const patient = await records.patientIdentity(nomr);
    if (!patient) throw new HttpError(404, 'Data pasien tidak ditemukan.');
    // One read after another: the routes share the pool with every other request.
    const record = {
      patient,
      outpatient: await records.outpatientVisits(nomr),
      online: await records.onlineVisits(nomr, today),
      inpatientCurrent: await records.currentInpatient(nomr),
      inpatientPast: await records.pastInpatient(nomr),
      cathDone: await records.cathHistory(nomr),
      cathPlanned: await records.cathSchedule(nomr, today),
      surgeryDone: await records.surgeryHistory(nomr),
      surgeryPlanned: await records.surgerySchedule(nomr, today),
      labs: await records.labOrders(nomr),
      upcoming: await records.upcomingAppointments(nomr, today),
    };
    // The domain's type is FHIR's own (@types/fhir); the wire schema describes its envelope.
    return everything(record, orgId, at) as FhirBundle;
  };

  const registered = route('fhirEverything', {
    summary: "The patient's whole record as a FHIR R4 Bundle (searchset), with SATUSEHAT identifiers",
    description:
      "Patient, Encounter (AMB, VR, IMP), Practitioner, Location, Condition (ICD-10), Procedure, DiagnosticReport with its Observations, and Appointment; every reference resolves inside the Bundle. The nomr must be the token's own. At most EXPORT_MAX_PER_SESSION exports per session in 10 minutes (429 with Retry-After).",
    security: PATIENT,
    failures: { ...NOT_FOUND('The patient of the token is gone'), ...THROTTLED, ...PATIENT_GET },
  });
  const { schema, url: PATTERN } = registered;
  app.route({ ...registered, handler: async (req, reply) => ((await admitted(req, reply)) ? send(reply, await handler(req.params.nomr)) : reply) });
  // Some clients percent-encode the operation's '$' (%24everything): the router matches static
  // segments as sent, and decodes only parameters.
  const operation = PATTERN.slice(PATTERN.lastIndexOf('/') + 1);
  app.get(
    PATTERN.replace(operation, ':operation'),
    { schema: { ...schema, hide: true, params: Type.Object({ ...FhirPatientParams.properties, operation: Type.String() }) } },
    async (req, reply) => {
      if (req.params.operation !== operation) throw new HttpError(404, MSG.notFound);
      if (!(await admitted(req, reply))) return reply;
      return send(reply, await handler(req.params.nomr));
    },
  );
}

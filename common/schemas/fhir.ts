// The record export (docs/fhir.md): a FHIR R4 Bundle. Described here as far as /api/docs needs:
// the envelope, each entry's resource by its type and id. The resources themselves are FHIR's own
// (hl7.org/fhir/R4); the tests check the whole answer against the official FHIR R4 JSON schema.
import { Type, type Static } from 'typebox';
import { Nomr, Str } from './fields.ts';

export const FhirPatientParams = Type.Object({ nomr: Nomr });

/** The media type of FHIR's JSON (hl7.org/fhir/R4/http.html#mime-type). */
export const FHIR_JSON = 'application/fhir+json';

const Resource = Type.Object(
  { resourceType: Str('Patient, Encounter, Practitioner, Location, Condition, Procedure, DiagnosticReport, Observation or Appointment'), id: Str('A UUID') },
  { description: 'A FHIR R4 resource of that type, with all its fields' },
);

export const FhirBundle = Type.Object(
  {
    resourceType: Type.Literal('Bundle'),
    meta: Type.Optional(Type.Object({ lastUpdated: Str('When the export was made (instant)') })),
    type: Type.Literal('searchset'),
    timestamp: Str('When the export was made (instant)'),
    total: Type.Integer({ minimum: 1 }),
    entry: Type.Array(
      Type.Object({
        fullUrl: Str('urn:uuid:…, what references to the resource name'),
        resource: Resource,
        search: Type.Object({ mode: Type.Literal('match') }),
      }),
    ),
  },
  { description: "The patient's record as a FHIR R4 Bundle; every reference resolves to an entry of it" },
);
export type FhirBundle = Static<typeof FhirBundle>;

// Writes test/server/fhir-r4.schema.json: the part of the FHIR R4 JSON schema (HL7's
// fhir.schema.json, FHIR 4.0.1, draft-06) that the record export's resources reach, so that the
// test validates against the official definitions without installing a 3.6 MB schema in a 93 MB
// package. Every definition reachable from the kept resource types is copied unchanged; the list
// of resources (the root's oneOf and ResourceList, which Bundle.entry.resource and every
// `contained` point at) keeps those types only, so a resource of another type fails the test
// until it is added here.
//   npx tsx scripts/fhir-schema-subset.ts <fhir.schema.json> [Type …]
import { readFileSync, writeFileSync } from 'node:fs';

const [source, ...more] = process.argv.slice(2);
if (!source) throw new Error('usage: fhir-schema-subset.ts <fhir.schema.json> [Type …]');
const TYPES = [
  'Bundle',
  'Patient',
  'Encounter',
  'Appointment',
  'Condition',
  'Observation',
  'DiagnosticReport',
  'Procedure',
  'Practitioner',
  'Location',
  ...more,
];

// biome-ignore lint/suspicious/noExplicitAny: the schema is walked as untyped JSON
const full = JSON.parse(readFileSync(source, 'utf8')) as Record<string, any>;
const keep = new Set<string>();
const visit = (name: string) => {
  if (keep.has(name)) return;
  if (!full.definitions[name]) throw new Error(`${source} has no definition ${name}`);
  keep.add(name);
  if (name !== 'ResourceList') refs(full.definitions[name]);
};
const refs = (node: unknown): void => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') visit(value.replace('#/definitions/', ''));
    else refs(value);
  }
};
const list = TYPES.map((t) => ({ $ref: `#/definitions/${t}` }));
for (const t of [...TYPES, 'ResourceList']) visit(t);
const definitions = Object.fromEntries([...keep].sort().map((name) => [name, name === 'ResourceList' ? { oneOf: list } : full.definitions[name]]));
const mapping = Object.fromEntries(TYPES.map((t) => [t, `#/definitions/${t}`]));
const subset = {
  $schema: full.$schema,
  id: full.id,
  description: `${full.description}. A subset: the definitions reachable from ${TYPES.join(', ')} (scripts/fhir-schema-subset.ts).`,
  discriminator: { propertyName: 'resourceType', mapping },
  oneOf: list,
  definitions,
};
writeFileSync('test/server/fhir-r4.schema.json', `${JSON.stringify(subset)}\n`);
console.log(`${keep.size} of ${Object.keys(full.definitions).length} definitions`);

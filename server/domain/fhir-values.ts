// The record's values as FHIR R4 datatypes (docs/fhir.md): identifier and code systems, WIB
// times, ICD-10 diagnoses, lab results with their ranges and flags. domain/fhir.ts builds the
// Bundle from them.
import { createHash } from 'node:crypto';
import type * as fhir4 from 'fhir/r4';
import type { LabTest } from '../../common/schemas/records.ts';
import { WIB_OFFSET } from '../../common/wib.ts';

/** The identifier systems and code systems of the export. */
export const SYSTEMS = {
  /** SATUSEHAT's medical record number of one facility. */
  mrn: (org: string) => `http://sys-ids.kemkes.go.id/mrn/${org}`,
  nik: 'https://fhir.kemkes.go.id/id/nik',
  encounter: (org: string) => `http://sys-ids.kemkes.go.id/encounter/${org}`,
  labReport: (org: string) => `http://sys-ids.kemkes.go.id/diagnostic/${org}/lab`,
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
} as const;

/** A blank is no value: FHIR allows no empty strings. */
export const text = (s: string | null | undefined): string | undefined => s?.trim() || undefined;
export const concept = (s: string | null | undefined): fhir4.CodeableConcept | undefined => (text(s) ? { text: text(s) } : undefined);
export const coded = (system: string, code: string, display: string): fhir4.CodeableConcept => ({ coding: [{ system, code, display }] });
/** 'YYYY-MM-DD' with 'HH:MM' or 'HH:MM:SS' as a WIB dateTime; the date alone without a time. */
export const at = (date: string, time?: string | null): string => {
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time?.trim() ?? '');
  return t ? `${date.slice(0, 10)}T${t[1].padStart(2, '0')}:${t[2]}:${t[3] ?? '00'}${WIB_OFFSET}` : date.slice(0, 10);
};
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A name-based UUID (RFC 4122 version 5, SHA-1, in the URL namespace). */
export function uuidOf(name: string): string {
  const ns = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');
  const h = createHash('sha1').update(ns).update(name).digest().subarray(0, 16);
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** 'I21.4 Infark miokard akut' → ICD-10 I21.4 with the rest as its display; words alone stay words. */
export function diagnosisConcept(diagnosis: string): fhir4.CodeableConcept {
  const s = diagnosis.trim();
  const m = /^([A-Z][0-9]{2}(?:\.[0-9A-Z]{1,4})?)(?=$|[\s:–-])\s*[:–-]?\s*(.*)$/.exec(s);
  if (!m) return { text: s };
  return { coding: [{ system: SYSTEMS.icd10, code: m[1], ...(m[2] ? { display: m[2] } : {}) }], text: s };
}

/** A result as a number ('1,2' is 1.2, as Indonesian labs may write it), or null for words. */
function resultNumber(hasil: string | null | undefined): number | null {
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s*$/.exec(hasil ?? '');
  return m ? Number(m[1].replace(',', '.')) : null;
}

/** '13 - 17', '< 200', '> 60' as a referenceRange with its unit; the lab's own words kept as text. */
export function referenceRange(ref: string | null | undefined, unit: string | null | undefined): fhir4.ObservationReferenceRange | undefined {
  const s = text(ref);
  if (!s) return undefined;
  const q = (v: string): fhir4.Quantity => ({ value: Number(v.replace(',', '.')), ...(text(unit) ? { unit: text(unit) } : {}) });
  const num = String.raw`(\d+(?:[.,]\d+)?)`;
  let m = new RegExp(`^${num}\\s*[-–]\\s*${num}$`).exec(s);
  if (m) return { low: q(m[1]), high: q(m[2]), text: s };
  m = new RegExp(`^(?:<|<=|≤)\\s*${num}$`).exec(s);
  if (m) return { high: q(m[1]), text: s };
  m = new RegExp(`^(?:>|>=|≥)\\s*${num}$`).exec(s);
  if (m) return { low: q(m[1]), text: s };
  return { text: s };
}

const INTERPRETATION: Record<string, [code: string, display: string]> = {
  H: ['H', 'High'],
  HH: ['HH', 'Critical high'],
  L: ['L', 'Low'],
  LL: ['LL', 'Critical low'],
  '*': ['AA', 'Critical abnormal'],
  N: ['N', 'Normal'],
};

/** The lab's flag as a v3 interpretation; no flag is within range (the wire schema), when there is a range. */
export function interpretation(flag: string | null | undefined, hasRange: boolean): fhir4.CodeableConcept | undefined {
  const f = (flag ?? '').trim().toUpperCase();
  if (!f && !hasRange) return undefined;
  const [code, display] = INTERPRETATION[f || 'N'] ?? ['A', 'Abnormal'];
  return coded(SYSTEMS.interpretation, code, display);
}

function resultStatus(status: string | null | undefined): fhir4.Observation['status'] {
  const s = status ?? '';
  if (/prelim|sementara/i.test(s)) return 'preliminary';
  if (/koreksi|correct/i.test(s)) return 'corrected';
  if (/batal|cancel/i.test(s)) return 'cancelled';
  return 'final';
}

export const locationOf = (location: fhir4.Reference | undefined): fhir4.EncounterLocation[] | undefined => (location ? [{ location }] : undefined);

/** One result: a number with its unit, or the lab's words; its range and its flag. */
export function observationOf(t: LabTest, subject: fhir4.Reference, effective: string): fhir4.Observation {
  const value = resultNumber(t.hasil);
  const unit = text(t.unit);
  const range = referenceRange(t.ref_range, t.unit);
  const interpreted = interpretation(t.flag, !!range);
  const comment = text(t.test_comment);
  return {
    resourceType: 'Observation',
    status: resultStatus(t.status),
    category: [coded('http://terminology.hl7.org/CodeSystem/observation-category', 'laboratory', 'Laboratory')],
    code: { text: t.test_nm.trim() },
    subject,
    effectiveDateTime: effective,
    ...(value !== null
      ? { valueQuantity: { value, ...(unit ? { unit } : {}) } }
      : text(t.hasil)
        ? { valueString: text(t.hasil) }
        : { dataAbsentReason: coded('http://terminology.hl7.org/CodeSystem/data-absent-reason', 'unknown', 'Unknown') }),
    interpretation: interpreted ? [interpreted] : undefined,
    referenceRange: range ? [range] : undefined,
    note: comment ? [{ text: comment }] : undefined,
  };
}

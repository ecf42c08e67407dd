// The patient's whole record as one FHIR R4 Bundle (Patient/{nomr}/$everything), for another
// doctor's system or SATUSEHAT: built from the same reads the history screens get, no SQL here.
// Every resource has a stable urn:uuid (the same record exported twice has the same ids), and
// every reference points at an entry of the Bundle (docs/fhir.md).
import type * as fhir4 from 'fhir/r4';
import type {
  CathHistory,
  CathSchedule,
  CurrentInpatient,
  LabOrder,
  OnlineVisit,
  OutpatientVisit,
  PastInpatient,
  SurgeryHistory,
  SurgerySchedule,
} from '../../common/schemas/records.ts';
import { at, coded, concept, diagnosisConcept, escapeXml, locationOf, observationOf, SYSTEMS, text, uuidOf } from './fhir-values.ts';
import type { UpcomingRow } from './manage.ts';

/** The patient as patients.ts reads them for the export; jenis_kelamin as stored (L, P). */
export interface PatientIdentity {
  nomr: string;
  nama: string;
  jenis_kelamin: string;
  tgl_lahir: string;
  alamat: string | null;
  telp_hp: string | null;
  /** The NIK, when the hospital's data holds it. */
  no_ktp: string | null;
}

/** What the history calls answer for one patient, as they answer it. */
export interface PatientRecord {
  patient: PatientIdentity;
  outpatient: OutpatientVisit[];
  online: OnlineVisit[];
  inpatientCurrent: CurrentInpatient[];
  inpatientPast: PastInpatient[];
  cathDone: CathHistory[];
  cathPlanned: CathSchedule[];
  surgeryDone: SurgeryHistory[];
  surgeryPlanned: SurgerySchedule[];
  labs: LabOrder[];
  upcoming: UpcomingRow[];
}

/** The Bundle of a patient's record; `now` stamps it. */
export function everything(record: PatientRecord, org: string, now: number): fhir4.Bundle {
  const entries = new Map<string, fhir4.BundleEntry>();
  const uuid = (type: string, key: string) => uuidOf(`${org}/${type}/${key}`);
  const ref = (type: string, key: string, display?: string): fhir4.Reference => ({ reference: `urn:uuid:${uuid(type, key)}`, ...(display ? { display } : {}) });
  const put = (key: string, resource: fhir4.FhirResource): void => {
    const id = uuid(resource.resourceType, key);
    if (!entries.has(id)) entries.set(id, { fullUrl: `urn:uuid:${id}`, resource: { ...resource, id }, search: { mode: 'match' } });
  };

  const p = record.patient;
  const subject = ref('Patient', p.nomr, p.nama);
  put(p.nomr, patientResource(p, org));

  /** One Practitioner per doctor, known by the full name with titles the calls give. */
  const doctor = (name: string | null | undefined): fhir4.Reference | undefined => {
    const n = text(name);
    if (!n) return undefined;
    put(n, { resourceType: 'Practitioner', name: [{ text: n }] });
    return ref('Practitioner', n, n);
  };
  /** One Location per clinic or ward. */
  const place = (name: string | null | undefined): fhir4.Reference | undefined => {
    const n = text(name);
    if (!n) return undefined;
    put(n, { resourceType: 'Location', name: n });
    return ref('Location', n, n);
  };
  const attender = (name: string | null | undefined): fhir4.EncounterParticipant[] | undefined => {
    const actor = doctor(name);
    return actor ? [{ type: [coded('http://terminology.hl7.org/CodeSystem/v3-ParticipationType', 'ATND', 'attender')], individual: actor }] : undefined;
  };
  const encounterId = (no_reg: string): fhir4.Identifier[] => [{ system: SYSTEMS.encounter(org), use: 'official', value: no_reg }];
  const upcomingRegs = new Set(record.upcoming.map((a) => a.no_reg));

  // Appointments first: an online consultation still ahead is also an Encounter that points at one.
  for (const a of record.upcoming) {
    const practitioner = doctor(a.nama_dokter);
    const clinic = a.jenis === 'online' ? undefined : place(a.departemen);
    // A hospital's own API may give neither number nor hours (docs/product.md §7 names only the date,
    // doctor, clinic and queue number): the entry is keyed by those, and no time is made up.
    const timed = (time: string) => (/^\d{1,2}:\d{2}/.test(time) ? at(a.tanggal_janji, time) : undefined);
    put(a.no_reg || `${a.tanggal_janji}|${a.departemen}|${a.nama_dokter}|${a.no_urut}`, {
      resourceType: 'Appointment',
      identifier: a.no_reg ? [{ value: a.no_reg }] : undefined,
      status: a.checked_in ? 'checked-in' : 'booked',
      serviceType: [{ text: a.departemen }],
      description: a.jenis === 'online' ? 'Konsultasi online' : 'Perjanjian poliklinik',
      start: timed(a.jam_dtg),
      end: timed(a.jam_plg),
      comment: `Nomor antrian ${a.no_urut}`,
      participant: [subject, practitioner, clinic].filter((x): x is fhir4.Reference => !!x).map((actor) => ({ actor, status: 'accepted' as const })),
    });
  }

  for (const v of record.outpatient) {
    const resume = text(v.resume);
    put(v.no_reg, {
      resourceType: 'Encounter',
      identifier: encounterId(v.no_reg),
      status: 'finished',
      class: { system: SYSTEMS.actCode, code: 'AMB', display: 'ambulatory' },
      serviceType: { text: v.ds_dep },
      subject,
      participant: attender(v.nama_dokter),
      period: { start: v.tgl_reg },
      location: locationOf(place(v.ds_dep)),
      // The doctor's resume has no field of its own in an Encounter: it travels as its narrative.
      ...(resume ? { text: { status: 'additional', div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXml(resume)}</p></div>` } } : {}),
    });
  }
  for (const v of record.online) {
    put(v.no_reg, {
      resourceType: 'Encounter',
      identifier: encounterId(v.no_reg),
      status: v.status_janji === 'Terjadwal' ? 'planned' : v.status_janji === 'Dibatalkan' ? 'cancelled' : 'finished',
      class: { system: SYSTEMS.actCode, code: 'VR', display: 'virtual' },
      serviceType: { text: v.ds_dep },
      subject,
      participant: attender(v.nama_dokter),
      period: { start: v.tgl_reg },
      appointment: upcomingRegs.has(v.no_reg) ? [ref('Appointment', v.no_reg)] : undefined,
    });
  }
  for (const s of record.inpatientCurrent) {
    put(s.no_reg, {
      resourceType: 'Encounter',
      identifier: encounterId(s.no_reg),
      status: 'in-progress',
      class: { system: SYSTEMS.actCode, code: 'IMP', display: 'inpatient encounter' },
      subject,
      period: { start: s.tgl_masuk },
      location: locationOf(place(s.ds_kmr)),
      hospitalization: concept(s.ds_bed_from) ? { admitSource: concept(s.ds_bed_from) } : undefined,
    });
  }
  for (const s of record.inpatientPast) {
    const encounter = ref('Encounter', s.no_reg);
    const diagnoses = [s.diagnosis_primer, s.diagnosis_sekunder].map(text);
    const diagnosis: fhir4.EncounterDiagnosis[] = [];
    diagnoses.forEach((d, i) => {
      if (!d) return;
      const key = `${s.no_reg}/${i + 1}`;
      put(key, {
        resourceType: 'Condition',
        category: [coded('http://terminology.hl7.org/CodeSystem/condition-category', 'encounter-diagnosis', 'Encounter Diagnosis')],
        code: diagnosisConcept(d),
        subject,
        encounter,
        recordedDate: s.tgl_pulang ?? s.tgl_masuk,
      });
      diagnosis.push({
        condition: ref('Condition', key),
        use: coded('http://terminology.hl7.org/CodeSystem/diagnosis-role', 'DD', 'Discharge diagnosis'),
        rank: i + 1,
      });
    });
    put(s.no_reg, {
      resourceType: 'Encounter',
      identifier: encounterId(s.no_reg),
      status: 'finished',
      class: { system: SYSTEMS.actCode, code: 'IMP', display: 'inpatient encounter' },
      subject,
      period: { start: s.tgl_masuk, ...(s.tgl_pulang ? { end: s.tgl_pulang } : {}) },
      diagnosis: diagnosis.length ? diagnosis : undefined,
    });
  }

  const performer = (name: string | null | undefined, role: string): fhir4.ProcedurePerformer[] => {
    const actor = doctor(name);
    return actor ? [{ actor, function: { text: role } }] : [];
  };
  const procedure = (no_reg: string, done: boolean, date: string, kind: 'kath' | 'bedah', what: string | undefined, team: fhir4.ProcedurePerformer[]) =>
    put(no_reg, {
      resourceType: 'Procedure',
      identifier: [{ value: no_reg }],
      status: done ? 'completed' : 'preparation',
      category:
        kind === 'bedah'
          ? { coding: [{ system: 'http://snomed.info/sct', code: '387713003', display: 'Surgical procedure' }], text: 'Operasi' }
          : { text: 'Kateterisasi jantung' },
      code: { text: what ?? 'Kateterisasi jantung' },
      subject,
      // For a planned one, FHIR reads this as the date it is expected on.
      performedDateTime: date,
      performer: team.length ? team : undefined,
    });
  for (const c of record.cathDone) procedure(c.no_reg, true, c.tanggal_tindakan, 'kath', undefined, performer(c.nama_dokter, 'Dokter'));
  for (const c of record.cathPlanned) procedure(c.no_reg, false, c.tanggal_tindakan, 'kath', text(c.tindakan), performer(c.nama_dokter, 'Dokter'));
  for (const s of record.surgeryDone) {
    const team = [...performer(s.nama_dokter_bedah, 'Dokter bedah'), ...performer(s.nama_dokter_anestesi, 'Dokter anestesi')];
    procedure(s.no_reg, true, s.tanggal_operasi, 'bedah', text(s.tindakan_bedah), team);
  }
  for (const s of record.surgeryPlanned) {
    const team = [...performer(s.nama_dokter_bedah, 'Dokter bedah'), ...performer(s.nama_dokter_anastesi, 'Dokter anestesi')];
    procedure(s.no_reg, false, s.tanggal_operasi, 'bedah', text(s.tindakan_bedah), team);
  }

  for (const order of record.labs) {
    const [date, time] = order.tgl_prksa.split(' ');
    const effective = at(date, time);
    const results = (order.hasil_lab ?? []).map((t, i) => {
      const key = `${order.no_lab}/${i}`;
      const observation = observationOf(t, subject, effective);
      put(key, observation);
      return { reference: ref('Observation', key), status: observation.status };
    });
    put(order.no_lab, {
      resourceType: 'DiagnosticReport',
      identifier: [{ system: SYSTEMS.labReport(org), use: 'official', value: order.no_lab }],
      status: results.some((r) => r.status === 'preliminary') ? 'preliminary' : 'final',
      category: [coded('http://terminology.hl7.org/CodeSystem/v2-0074', 'LAB', 'Laboratory')],
      code: { coding: [{ system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' }], text: 'Patologi Klinik' },
      subject,
      effectiveDateTime: effective,
      result: results.length ? results.map((r) => r.reference) : undefined,
    });
  }

  const timestamp = new Date(now).toISOString();
  return { resourceType: 'Bundle', meta: { lastUpdated: timestamp }, type: 'searchset', timestamp, total: entries.size, entry: [...entries.values()] };
}

function patientResource(p: PatientIdentity, org: string): fhir4.Patient {
  const identifier: fhir4.Identifier[] = [
    {
      use: 'usual',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' }] },
      system: SYSTEMS.mrn(org),
      value: p.nomr,
    },
  ];
  if (text(p.no_ktp)) identifier.push({ use: 'official', system: SYSTEMS.nik, value: text(p.no_ktp) });
  const phone = text(p.telp_hp);
  const address = text(p.alamat);
  return {
    resourceType: 'Patient',
    identifier,
    active: true,
    name: [{ use: 'official', text: p.nama }],
    gender: p.jenis_kelamin === 'L' ? 'male' : p.jenis_kelamin === 'P' ? 'female' : 'unknown',
    birthDate: p.tgl_lahir.slice(0, 10),
    telecom: phone ? [{ system: 'phone', value: phone, use: 'mobile' }] : undefined,
    address: address ? [{ use: 'home', text: address, country: 'ID' }] : undefined,
  };
}

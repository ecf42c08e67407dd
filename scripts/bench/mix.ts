// The realistic mix's fixtures on a seeded database (open-loop.ts sends the mix): its patients
// signed in, each in today's clinic queue, sessions with seats for its bookings, and the bookings
// its first cancels and reschedules take. load.ts, profile.ts and pglite.ts start from them.
import { API } from '../../common/paths.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { clinicSlots, patientsWithSessions, setSeats, todayQueues, type BenchPatient } from './fixtures.ts';
import { bookingBody, type MixSetup } from './realistic-mix.ts';

/** The patients of each part: generated ones (seed-scale.ts numbers them from 10000001). */
export const MIX_FIRST = 10000001;
export const MIX_PATIENTS = 1000;

/**
 * The mix's patients, signed in and each in today's clinic queue; its bookings and reschedules go
 * to the clinic's sessions of the next four weeks, with seats enough for the runs (refused as
 * full, a booking would cost less than one made); the first 100 patients have booked already.
 */
export async function mixSetup(db: Db, url: string, config = loadConfig({})): Promise<MixSetup> {
  const fixtures = await mixFixtures(db, String(MIX_FIRST), MIX_PATIENTS, config);
  return { ...fixtures, booked: await prebook(url, fixtures.people.slice(0, 100), fixtures.slots) };
}

/** What mixSetup writes to the database itself: without the bookings, which go through the API. */
export async function mixFixtures(db: Db, first: string, count: number, config = loadConfig({})): Promise<Omit<MixSetup, 'booked'>> {
  const people = await patientsWithSessions(db, first, count, config);
  const queues = await todayQueues(db, people, 100, `BQ${Date.now().toString(36)}-`);
  const slots = await clinicSlots(db, '20001', 1, 27);
  await setSeats(db, slots, 2000);
  return { people, queues, slots };
}

/**
 * One appointment for each of these patients, made through the API, for the mix's first cancels
 * and reschedules. A patient who has one in the clinic that day already (the API's own benchmark
 * books on the same database) is booked on the next day with a session.
 */
export async function prebook(url: string, people: BenchPatient[], slots: MixSetup['slots']): Promise<MixSetup['booked']> {
  const out: MixSetup['booked'] = [];
  for (const [k, person] of people.entries()) {
    let made: { no_reg: string } | undefined;
    let refusal = '';
    for (let tried = 0; !made && tried < slots.length; tried++) {
      const answer = await bookOne(url, person, slots[(k + tried) % slots.length]);
      if ('no_reg' in answer) made = answer;
      else refusal = answer.refused;
    }
    if (!made) throw new Error(`a booking for the mix was refused: ${refusal}`);
    out.push({ no_reg: made.no_reg, person });
  }
  return out;
}

async function bookOne(url: string, person: BenchPatient, s: MixSetup['slots'][number]): Promise<{ no_reg: string } | { refused: string }> {
  const res = await fetch(`${url}${API.book}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
    body: JSON.stringify(bookingBody(person, s)),
  });
  const body = (await res.json()) as { status: boolean; data?: { no_reg: string }; message?: string };
  return body.status && body.data ? { no_reg: body.data.no_reg } : { refused: `${res.status} ${body.message}` };
}

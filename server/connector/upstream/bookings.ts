// A booking and a registration handed to the hospital's API as sent (SIMRS=upstream,
// docs/integration.md): exactly the bodies of docs/product.md §7, and the hospital's answer is the
// patient's (hospital-connector.ts, HospitalRelay). One tap is one call to the hospital, however often the
// phone repeats it.
import { createHash } from 'node:crypto';
import type { NewPatient } from '../../../common/schemas/auth.ts';
import type { BookingRequest } from '../../../common/schemas/booking.ts';
import type * as C from '../../../common/schemas/index.ts';
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { BookingOutcome } from '../../domain/booking.ts';
import { HttpError } from '../../errors.ts';
import type { HospitalRelay } from '../hospital-connector.ts';
import { int, isObj, nstr, str } from './answers.ts';
import type { PatientCalls } from './calls.ts';
import { isTrue, UPSTREAM_MSG, type UpstreamAnswer, type UpstreamClient, UpstreamUnavailable } from './client.ts';
import { API } from '../../../common/paths.ts';

/** A repeated booking or registration (the same body from the same patient) within this long is the same tap. */
const REPEAT_MS = 2 * 60_000;

const sha = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('base64url');

export function upstreamBookings(config: UpstreamConfig, client: UpstreamClient, calls: PatientCalls): Pick<HospitalRelay, 'book' | 'register'> {
  /** Bookings and registrations by their body's hash: a repeat within REPEAT_MS gets the first answer. */
  const taps = new Map<string, { until: number; answer: Promise<unknown> }>();

  async function book(nomr: string, req: BookingRequest): Promise<BookingOutcome> {
    const h = await calls.heldOf(nomr);
    if (!h) return calls.ended(nomr, null);
    // Exactly the body of docs/product.md §7.
    const body = {
      nomr,
      tgl_janji: req.tgl_janji,
      sts_ue: req.sts_ue ?? '',
      tgl_lahir: h.tgllahir,
      kd_dep: req.kd_dep,
      kd_dr: req.kd_dr,
      sts_jam: req.sts_jam,
      carabayar: req.carabayar,
      hp: req.hp,
    };
    return once(
      `book|${sha(body)}`,
      (outcome) => outcome.ok,
      async () => {
        let answer: UpstreamAnswer;
        try {
          answer = await client.call({ method: 'POST', url: `${config.apiUrl}${API.book}`, token: h.token, body });
        } catch (err) {
          // It may have been booked without the answer arriving: say so rather than "nothing saved".
          if (err instanceof UpstreamUnavailable && err.sent) throw new UpstreamUnavailable(true, UPSTREAM_MSG.bookingUnknown);
          throw err;
        } finally {
          // Whatever the answer, that day's quota may have changed.
          calls.reuse.drop(`quota|${req.kd_dep}|`);
        }
        if (answer.status === 401) return calls.ended(nomr, h.token);
        // Refused outright, not unanswered: nothing was booked.
        if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
        if (answer.status >= 400 || !isObj(answer.body)) throw new UpstreamUnavailable(true, UPSTREAM_MSG.bookingUnknown);
        const b = answer.body;
        if (!isTrue(b.status)) return { ok: false, message: str(b.message) || 'Gagal Buat Perjanjian !' };
        const d = isObj(b.data) ? b.data : {};
        const result: C.BookingResult = {
          message: str(d.message) || str(b.message) || 'Perjanjian berhasil dibuat.',
          // §7's client reads only data.message: a hospital that numbers nothing here answers 0.
          no_urut: int(d.no_urut) ?? 0,
          tgl_janji: /^\d{4}-\d{2}-\d{2}$/.test(str(d.tgl_janji)) ? str(d.tgl_janji) : req.tgl_janji,
        };
        if (nstr(d.no_reg)) result.no_reg = str(d.no_reg);
        return { ok: true, result };
      },
    );
  }

  /**
   * One call for a tap: the same key within REPEAT_MS answers the first call's answer, while it
   * runs and after. Kept are only what a second call could make twice: a success (`kept`), and a
   * call that may have reached the hospital without its answer arriving (a time-out). A refusal, or
   * a call that reached no one, is forgotten once answered: a retry asks again (a seat may have been
   * freed meanwhile).
   */
  function once<T>(key: string, kept: (answer: T) => boolean, run: () => Promise<T>): Promise<T> {
    const now = Date.now();
    for (const [k, v] of taps) if (v.until <= now) taps.delete(k);
    const seen = taps.get(key);
    if (seen) return seen.answer as Promise<T>;
    const answer = run();
    const entry = { until: now + REPEAT_MS, answer: answer as Promise<unknown> };
    taps.set(key, entry);
    answer.then(
      (value) => {
        if (!kept(value) && taps.get(key) === entry) taps.delete(key);
      },
      (err) => {
        if (!(err instanceof UpstreamUnavailable && err.sent) && taps.get(key) === entry) taps.delete(key);
      },
    );
    return answer;
  }

  async function register(p: NewPatient): Promise<{ status: boolean; message: string }> {
    const body = {
      nama: p.nama,
      no_ktp: p.no_ktp,
      tempat_lahir: p.tempat_lahir,
      tgl_lahir: p.tgl_lahir,
      telp_hp: p.telp_hp,
      email: p.email,
      pekerjaan: p.pekerjaan,
    };
    return once(
      `register|${sha(body)}`,
      (answer) => answer.status,
      async () => {
        const answer = await client.call({ method: 'POST', url: `${config.apiUrl}${API.register}`, body });
        if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
        if (answer.status >= 400 || !isObj(answer.body)) throw new UpstreamUnavailable(true);
        return { status: isTrue(answer.body.status), message: str(answer.body.message) };
      },
    );
  }

  return { book, register };
}

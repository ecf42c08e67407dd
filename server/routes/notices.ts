// The patient's choice on /profil (docs/whatsapp.md): which channel (push, WhatsApp, both) and
// which messages, per profile; WhatsApp's consent asked once with the number from the patient's
// record, which they may change (a caregiver gives their own). Every change is audited, with the
// channel and whether consent was given, never the number.
import { localNumber, waNumber } from '../../common/notices.ts';
import type { NoticeChoice as Answer } from '../../common/schemas/notices.ts';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { noticeChoice, saveChoice, type NoticeChoice } from '../db/whatsapp.ts';
import { HttpError } from '../errors.ts';
import { PATIENT, PATIENT_GET, PATIENT_POST, route, type Api } from './route-schema.ts';

function answer(on: boolean, c: NoticeChoice | null): Answer {
  const consented = !!c?.wa_phone && !!c.wa_consent_at && !c.wa_stopped_at;
  return {
    whatsapp: on,
    // A server without WhatsApp (or a patient who stopped it) gets push whatever was chosen.
    channel: on && consented ? (c?.channel ?? 'push') : 'push',
    muted: (c?.muted ?? []) as Answer['muted'],
    nomor: c?.wa_phone ? localNumber(c.wa_phone) : null,
    setuju: on && consented,
    berhenti: !!c?.wa_stopped_at,
  };
}

export async function noticeRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const on = config.whatsapp !== null;
  app.route({
    ...route('notices', {
      summary: "The patient's channel (push, WhatsApp, both), the messages turned off, and WhatsApp's number and consent",
      description: 'whatsapp false: this server has no WhatsApp (WHATSAPP_* unset) and the app shows no WhatsApp control.',
      security: PATIENT,
      failures: PATIENT_GET,
    }),
    handler: async (req) => ({ status: true as const, data: answer(on, await noticeChoice(db, req.nomr)) }),
  });

  app.route({
    ...route('saveNotices', {
      summary: "Save the patient's channel and messages; WhatsApp needs the number and the patient's consent (setuju) once",
      description:
        "Choosing push alone withdraws WhatsApp's consent. A new number is a new consent. 400 when WhatsApp is chosen on a server without it, or without a number and consent.",
      security: PATIENT,
      failures: PATIENT_POST,
    }),
    handler: async (req) => {
      const { channel, muted, nomor, setuju } = req.body;
      const before = await noticeChoice(db, req.nomr);
      const wants = channel !== 'push';
      if (wants && !on) throw new HttpError(400, 'channel: WhatsApp tidak tersedia di rumah sakit ini.');
      const phone = nomor === undefined ? null : waNumber(nomor);
      if (nomor !== undefined && !phone)
        throw new HttpError(400, 'nomor: Nomor WhatsApp tidak valid. Silakan tulis nomor seluler Indonesia, misalnya 0812xxxxxxxx.');
      const consentedBefore = !!before?.wa_consent_at && !before.wa_stopped_at && !!before.wa_phone;
      const samePhone = phone === null || phone === before?.wa_phone;
      let consent: { phone: string; source: string } | null = null;
      if (wants && !(consentedBefore && samePhone)) {
        if (!phone) throw new HttpError(400, 'nomor: Silakan isi nomor WhatsApp.');
        if (setuju !== true) throw new HttpError(400, 'setuju: Silakan setujui pesan WhatsApp dari rumah sakit.');
        consent = { phone, source: 'app' };
      }
      const revoke = !wants && consentedBefore;
      await db.tx(async (q) => {
        await saveChoice(q, req.nomr, { channel, muted, consent, revoke });
        const detail = `${channel}${consent ? ' setuju' : ''}${revoke ? ' berhenti' : ''}${muted.length ? ` mati:${muted.join(',')}` : ''}`;
        await audit(q, { action: 'notices', outcome: 'saved', actor: req.nomr, subject: req.nomr, detail }, req);
      });
      return { status: true as const, data: answer(on, await noticeChoice(db, req.nomr)) };
    },
  });
}

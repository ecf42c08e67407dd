// The patient's choice of channel and messages on /profil (docs/whatsapp.md): push, WhatsApp or
// both, the kinds of notice turned off, and the WhatsApp number with its consent.
import { Type, type Static } from 'typebox';
import { type Channel as ChannelName, NOTICE_EVENTS, type NoticeEvent } from '../notices.ts';
import { Nullable } from './fields.ts';

const Channel = Type.Union([Type.Literal('push'), Type.Literal('whatsapp'), Type.Literal('both')], { description: 'push, whatsapp, or both' });
const Event = Type.Union([
  Type.Literal('pengingat'),
  Type.Literal('tinggal'),
  Type.Literal('dipanggil'),
  Type.Literal('obat-siap'),
  Type.Literal('rujukan-berakhir'),
  Type.Literal('cuti-dokter'),
  Type.Literal('kursi-tunggu'),
]);
const Muted = Type.Array(Event, { maxItems: NOTICE_EVENTS.length, uniqueItems: true, description: 'The kinds of notice turned off' });

export const NoticeChoice = Type.Object({
  whatsapp: Type.Boolean({ description: 'WhatsApp is configured on this server; false: the app shows no WhatsApp control' }),
  channel: Channel,
  muted: Muted,
  nomor: Nullable(Type.String({ description: 'The WhatsApp number consented to, as 08…; null when none' })),
  setuju: Type.Boolean({ description: 'The patient has consented to WhatsApp on `nomor` and not stopped it' }),
  berhenti: Type.Boolean({ description: "The patient stopped WhatsApp ('BERHENTI' or in the app)" }),
});
export type NoticeChoice = Static<typeof NoticeChoice>;

export const SaveNoticeChoice = Type.Object(
  {
    channel: Channel,
    muted: Muted,
    nomor: Type.Optional(
      Type.String({ pattern: '^\\+?[0-9][0-9 ().-]{7,20}$', description: 'The WhatsApp number, 08… or +628… (a caregiver may give their own)' }),
    ),
    setuju: Type.Optional(Type.Boolean({ description: "The patient agrees to receive the hospital's messages on WhatsApp at `nomor`" })),
  },
  { additionalProperties: false },
);
export type SaveNoticeChoice = Static<typeof SaveNoticeChoice>;

// The literals above are the lists of notices.ts, spelled out for TypeBox's types; checked equal here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SCHEMA_MATCHES: [Same<Static<typeof Channel>, ChannelName>, Same<Static<typeof Event>, NoticeEvent>] = [true, true];

-- WhatsApp as a second channel beside push (docs/whatsapp.md). Per patient (each family profile
-- its own row): which channel, which messages, and the WhatsApp number with its consent. Only
-- the number, the consent's time and source, and the stop are kept; never a message.
CREATE TABLE notice_choices (
  nomr               text PRIMARY KEY REFERENCES patients ON DELETE CASCADE,
  channel            text NOT NULL DEFAULT 'push' CHECK (channel IN ('push', 'whatsapp', 'both')),
  -- Events the patient does not want (server/notify/events.ts names them).
  muted              text[] NOT NULL DEFAULT '{}',
  -- E.164 without '+', as the Cloud API takes it: 628…
  wa_phone           text CHECK (wa_phone ~ '^[1-9][0-9]{7,14}$'),
  wa_consent_at      timestamptz,
  wa_consent_source  text,
  wa_stopped_at      timestamptz,
  wa_stopped_source  text,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notice_choices_phone ON notice_choices (wa_phone);

-- A notice's kind and its template parameters, so that a fallback from push to WhatsApp can fill
-- the template later; null for a free text (the hospital's own /notify), which is push only.
ALTER TABLE notifications ADD COLUMN event text, ADD COLUMN params jsonb;

-- The WhatsApp sender's durable queue, like push_deliveries (migration 002): written in the
-- notice's transaction, claimed with a lease (FOR UPDATE SKIP LOCKED), retried with backoff. The
-- message id (wamid) is the Cloud API's; the webhook's statuses move `status` forward.
CREATE TABLE whatsapp_deliveries (
  id               bigserial PRIMARY KEY,
  -- Null for the confirmation of a stop, which is no patient's notice.
  notification_id  bigint REFERENCES notifications ON DELETE CASCADE,
  phone            text NOT NULL,
  template         text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'delivered', 'read', 'failed', 'cancelled')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_error       text,
  wamid            text UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  status_at        timestamptz,
  -- This delivery's failure already handed the notice to push (never twice).
  fell_back        boolean NOT NULL DEFAULT false,
  UNIQUE (notification_id)
);
CREATE INDEX whatsapp_deliveries_due ON whatsapp_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX whatsapp_deliveries_created ON whatsapp_deliveries (created_at);

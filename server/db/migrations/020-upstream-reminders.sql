-- SIMRS=upstream (docs/integration.md): the reminders of the appointments the hospital's own API
-- holds. Written from its list of upcoming appointments each time this server reads it (an
-- appointment gone from the list takes its unsent reminders with it); claimed when due by the
-- push worker of any process, as the reminders of this API's own appointments are.
CREATE TABLE upstream_reminders (
  id           bigserial PRIMARY KEY,
  nomr         text NOT NULL REFERENCES patients,
  -- The hospital's no_reg, or its date, clinic, doctor and queue number where it gives none.
  appointment  text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('malam_sebelum', 'sebelum_praktik')),
  due_at       timestamptz NOT NULL,
  -- What the notification names (domain/reminders.ts ReminderSubject).
  subject      jsonb NOT NULL,
  sent_at      timestamptz,
  UNIQUE (nomr, appointment, kind)
);
CREATE INDEX upstream_reminders_due ON upstream_reminders (due_at) WHERE sent_at IS NULL;

// Notifications the hospital asks for: recorded for the patient, with the number of push
// registrations they will go to.
import type { Db } from '../db/client.ts';

export interface NotificationRequest {
  nomr: string;
  title: string;
  body: string;
  url?: string;
}

export async function enqueueNotification(db: Db, n: NotificationRequest): Promise<{ id: number; registrations: number } | null> {
  return db.tx(async (q) => {
    const known = await q.query('SELECT 1 FROM patients WHERE nomr = $1', [n.nomr]);
    if (!known.length) return null;
    const [{ id }] = await q.query<{ id: number }>(
      'INSERT INTO notifications (nomr, title, body, url) VALUES ($1, $2, $3, $4) RETURNING id::int AS id',
      [n.nomr, n.title, n.body, n.url ?? null],
    );
    const [{ count }] = await q.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM push_registrations WHERE nomr = $1',
      [n.nomr],
    );
    return { id, registrations: count };
  });
}

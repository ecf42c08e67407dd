// The VAPID key pair: from configuration, or generated once and kept in the database, so every
// server process on it signs with the same pair the browsers subscribed with.
import webpush from 'web-push';
import type { PushConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storedVapidKeys, storeVapidKeys } from '../db/push.ts';
import type { VapidKeys } from './webpush.ts';

async function vapidKeys(db: Db, config: Pick<PushConfig, 'vapid' | 'vapidSubject'>): Promise<VapidKeys> {
  if (config.vapid) return { ...config.vapid, subject: config.vapidSubject };
  let value = await storedVapidKeys(db);
  if (!value) {
    // Two processes starting at once may both generate: the first insert wins, both read it.
    await storeVapidKeys(db, JSON.stringify(webpush.generateVAPIDKeys()));
    value = await storedVapidKeys(db);
  }
  const { publicKey, privateKey } = JSON.parse(value!) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: config.vapidSubject };
}

/** Loads the keys once per process, on first use. */
export function memoVapidKeys(db: Db, config: Pick<PushConfig, 'vapid' | 'vapidSubject'>): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    keys ??= vapidKeys(db, config).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };
}

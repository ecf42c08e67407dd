import { ConfigError, type Env, integer, oneOf } from './parse.ts';
import { type UpstreamConfig, upstreamConfig } from './upstream.ts';

/**
 * SIMRS=local: this API's own tables; SIMRS=khanza: a SIMRS Khanza database (MariaDB/MySQL);
 * SIMRS=upstream: the hospital's own API of docs/product.md §7 (docs/integration.md).
 */
export type SimrsConfig =
  | { kind: 'local' }
  | {
      kind: 'khanza';
      url: string;
      timeoutMs: number;
      /** Khanza's payer codes (penjab.kd_pj) a booking is written with: BPJS, and the general one. */
      payers: { bpjs: string; umum: string };
      /** The operating rooms (booking_operasi.kd_ruang_ok) that are the catheterization lab; the others' bookings are surgery. */
      cathRooms: string[];
      /** How often the sessions and pharmacy queues open live streams follow are read from Khanza (KHANZA_POLL_SECONDS); 15 s unless set. */
      pollMs?: number;
      /** How the hospital numbers its queue: Khanza's URUTNOREG and BASENOREG (KHANZA_URUTNOREG, KHANZA_BASENOREG). */
      numbering?: { urut: 'dokter' | 'poli' | 'dokter + poli'; base: 'registrasi' | 'booking' };
      /**
       * The mode Khanza's quota guard must be installed in (KHANZA_QUOTA_GUARD): 'app' holds the app and
       * Mobile JKN to the quota and lets the counter in; 'strict' holds the counter too. Unset: 'app'.
       */
      quotaGuard?: 'app' | 'strict';
    }
  | UpstreamConfig;

function cathRooms(raw: string): string[] {
  const rooms = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (rooms.some((r) => !/^[A-Za-z0-9]{1,3}$/.test(r))) {
    throw new ConfigError(`KHANZA_RUANG_OK_KATETER must be room codes of Khanza's ruang_ok, comma-separated (1 to 3 letters or digits; got "${raw}")`);
  }
  return rooms;
}

/**
 * The hospital's URUTNOREG and BASENOREG, as Khanza's setting/database.xml holds them and its
 * koneksiDB.java reads them (lower case, spaces dropped): DlgReg.java's defaults 'dokter' and 'registrasi'.
 */
function numbering(env: Env): { urut: 'dokter' | 'poli' | 'dokter + poli'; base: 'registrasi' | 'booking' } {
  const norm = (name: string, fallback: string) => (env[name] || fallback).trim().toLowerCase().replace(/\s+/g, '');
  const urut = norm('KHANZA_URUTNOREG', 'dokter');
  const base = norm('KHANZA_BASENOREG', 'registrasi');
  if (!['dokter', 'poli', 'dokter+poli'].includes(urut))
    throw new ConfigError(`KHANZA_URUTNOREG must be dokter, poli or "dokter + poli" (Khanza's URUTNOREG; got "${env.KHANZA_URUTNOREG}")`);
  if (!['registrasi', 'booking'].includes(base))
    throw new ConfigError(`KHANZA_BASENOREG must be registrasi or booking (Khanza's BASENOREG; got "${env.KHANZA_BASENOREG}")`);
  return { urut: urut === 'dokter+poli' ? 'dokter + poli' : (urut as 'dokter' | 'poli'), base: base as 'registrasi' | 'booking' };
}

export function simrsConfig(env: Env): SimrsConfig {
  const kind = oneOf(env, 'SIMRS', 'local', ['local', 'khanza', 'upstream']);
  if (kind !== 'upstream' && env.UPSTREAM_API_URL) throw new ConfigError('UPSTREAM_API_URL is set but SIMRS is not upstream: set SIMRS=upstream, or unset it');
  if (kind === 'upstream') {
    if (env.KHANZA_DATABASE_URL) throw new ConfigError("KHANZA_DATABASE_URL is set but SIMRS is upstream: the hospital's own API answers; unset it");
    return upstreamConfig(env);
  }
  const url = env.KHANZA_DATABASE_URL || '';
  if (kind === 'local') {
    if (url) throw new ConfigError('KHANZA_DATABASE_URL is set but SIMRS is not khanza: set SIMRS=khanza, or unset it');
    return { kind: 'local' };
  }
  if (!url) throw new ConfigError('SIMRS=khanza needs KHANZA_DATABASE_URL (mysql://user:password@host:3306/sik)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('KHANZA_DATABASE_URL must be a URL: mysql://user:password@host:3306/sik');
  }
  if (!/^(mysql|mariadb):$/.test(parsed.protocol) || !parsed.hostname || parsed.pathname.length < 2) {
    throw new ConfigError('KHANZA_DATABASE_URL must be mysql://user:password@host:3306/sik (mysql:// or mariadb://, with the database name)');
  }
  const payer = (name: string, fallback: string) => {
    const raw = env[name] || fallback;
    if (!/^[A-Za-z0-9]{1,3}$/.test(raw))
      throw new ConfigError(`${name} must be a payer code of Khanza's penjab table (1 to 3 letters or digits; got "${raw}")`);
    return raw;
  };
  return {
    kind: 'khanza',
    url,
    timeoutMs: integer(env, 'KHANZA_TIMEOUT_SECONDS', 5, 1, 60) * 1000,
    // Khanza's shipped codes (sik.sql: akun_piutang 'PIUTANG BPJS' BPJ, 'PIUTANG PASIEN UMUM' A09).
    payers: { bpjs: payer('KHANZA_KD_PJ_BPJS', 'BPJ'), umum: payer('KHANZA_KD_PJ_UMUM', 'A09') },
    cathRooms: cathRooms(env.KHANZA_RUANG_OK_KATETER || ''),
    // At most 60 s: a change made in Khanza reaches an open live stream within a minute (docs/integration.md).
    pollMs: integer(env, 'KHANZA_POLL_SECONDS', 15, 1, 60) * 1000,
    numbering: numbering(env),
    quotaGuard: oneOf(env, 'KHANZA_QUOTA_GUARD', 'app', ['app', 'strict']) as 'app' | 'strict',
  };
}

import { bool, ConfigError, type Env } from './parse.ts';

/** Passkeys (WebAuthn): whose origins may sign in, and whether an enrolled patient must use one. */
export interface PasskeyConfig {
  /** The relying party: the host name the passkeys belong to (never an IP address). */
  rpId: string;
  /** Origins the browser may report for a ceremony, each on rpId or a subdomain of it. */
  origins: string[];
  /** Once a patient has a passkey, Nomor MR and birth date alone no longer sign them in. */
  required: boolean;
}

export function passkeyConfig(env: Env, port: number): PasskeyConfig {
  // Browsers refuse WebAuthn on a bare IP address; localhost is their one exception to https.
  const rpId = (env.WEBAUTHN_RP_ID || 'localhost').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId) || /^[0-9.]+$/.test(rpId)) {
    throw new ConfigError(`WEBAUTHN_RP_ID must be a host name such as pasien.rs.example.id, not an address or a URL (got "${rpId}")`);
  }
  // The demo at http://localhost:PORT; a hospital's host over https.
  const raw = env.WEBAUTHN_ORIGINS || (rpId === 'localhost' ? `http://localhost${port ? `:${port}` : ''}` : `https://${rpId}`);
  const origins = raw.split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    const m = /^(https?):\/\/([a-z0-9.-]+)(:[0-9]{1,5})?$/i.exec(origin);
    const host = m?.[2].toLowerCase();
    if (!m || !host || (host !== rpId && !host.endsWith(`.${rpId}`))) {
      throw new ConfigError(`WEBAUTHN_ORIGINS must list origins (scheme, host, port; no path) on ${rpId} or its subdomains (got "${origin}")`);
    }
    if (m[1] === 'http' && host !== 'localhost') {
      throw new ConfigError(`WEBAUTHN_ORIGINS: browsers allow passkeys over http only on localhost (got "${origin}")`);
    }
  }
  return { rpId, origins, required: bool(env, 'PASSKEY_REQUIRED', false) };
}

// The readers of one environment variable each: a bad value stops the start with a message that
// names the variable (server/config.ts).

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

export function oneOf(env: Env, name: string, fallback: string, allowed: string[]): string {
  const raw = env[name] || fallback;
  if (!allowed.includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw;
}

export function coordinate(env: Env, name: string, limit: number): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(raw.trim()) || Math.abs(n) > limit) {
    throw new ConfigError(`${name} must be decimal degrees from -${limit} to ${limit} (got "${raw}")`);
  }
  return n;
}

/** http://localhost…, http://127.x.y.z…, http://[::1]…: an address that never leaves the machine. */
function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(host) || host === '[::1]';
}

/**
 * The base address of a service this server calls, without a trailing slash. What travels in
 * those calls (keys, tokens, birth dates, NIKs) never goes in clear over a network: https, or
 * plain http to this machine only (a local stand-in, or a tunnel's end).
 */
export function serviceUrl(env: Env, name: string, fallback: string, example: string): string {
  const url = (env[name] || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(url)) throw new ConfigError(`${name} must be an http(s) address such as ${example} (got "${url}")`);
  if (url.startsWith('http://') && !isLoopbackUrl(url))
    throw new ConfigError(`${name} must be an https:// address (http:// only on this machine: localhost, 127.0.0.1, [::1]; got "${url}")`);
  return url;
}

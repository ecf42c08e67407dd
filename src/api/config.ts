// Base addresses are configuration (VITE_API_BASE_URL, VITE_LOGIN_BASE_URL), defaulting to the
// page's own origin, so the app can be pointed at the hospital's existing API.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};
const origin = () => (typeof location === 'undefined' ? '' : location.origin);

export const apiBase = (): string => env.VITE_API_BASE_URL || origin();
export const loginBase = (): string => env.VITE_LOGIN_BASE_URL || origin();

// Base addresses are configuration (VITE_API_BASE_URL, VITE_LOGIN_BASE_URL), defaulting to the
// page's own origin, so the app can be pointed at the hospital's existing API.
const origin = () => (typeof location === 'undefined' ? '' : location.origin);

export const apiBase = (): string => import.meta.env.VITE_API_BASE_URL || origin();
export const loginBase = (): string => import.meta.env.VITE_LOGIN_BASE_URL || origin();

/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_LOGIN_BASE_URL?: string;
  readonly VITE_FIREBASE_CONFIG?: string;
  readonly VITE_FIREBASE_VAPID_KEY?: string;
}

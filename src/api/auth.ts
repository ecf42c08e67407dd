// Login service and self-registration: the two calls made without a bearer token.
import { API } from '../../common/paths.ts';
import { type LoginRequest, type LoginResponse, type NewPatient } from '../../common/schemas/index.ts';
import { call, type Result } from './http.ts';

export function login(body: LoginRequest): Promise<Result<string>> {
  return call<string>(API.login, {
    method: 'POST',
    body,
    auth: false,
    base: 'login',
    pick: (b) => (b as unknown as LoginResponse).token?.access_token,
  });
}

/** Ends the session on the server too; local sign-out happens whatever this answers. */
export function logout(): Promise<Result<null>> {
  return call<null>(API.logout, { method: 'POST', base: 'login' });
}

/** Answers the server's message: the saved text, or what is wrong with the data. */
export function registerPatient(body: NewPatient): Promise<Result<string | undefined>> {
  return call<string | undefined>(API.register, { method: 'POST', body, auth: false, pick: (b) => b.message });
}

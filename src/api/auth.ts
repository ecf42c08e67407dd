// Login service and self-registration: the two calls made without a bearer token. Logout is
// session/logout.ts's endSession, which a 401 takes too.
import type { LoginRequest, LoginResponse, NewPatient, Registered } from '../../common/schemas/index.ts';
import { noteCapabilities } from './capabilities.ts';
import { write, type Result } from './http.ts';

/** The token and how long it lasts (expires_in, seconds), or undefined when none came. */
export function login(body: LoginRequest): Promise<Result<Partial<LoginResponse['token']> | undefined>> {
  return write('login', body, { auth: false, base: 'login', pick: (b) => (noteCapabilities(b), b.token) });
}

/** Answers the server's message (the saved text, or what is wrong with the data), and with it the reference API's reference and counter. */
export function registerPatient(body: NewPatient): Promise<Result<Partial<Registered> | undefined>> {
  return write('register', body, { auth: false, pick: (b) => b as Partial<Registered> });
}

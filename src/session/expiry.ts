// Who wants to know that a signed-in call answered 401 (docs/decisions.md D6). Apart from logout.ts,
// so the app shell can listen without downloading the HTTP client on the login page.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionExpired(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function sessionExpired(): void {
  for (const fn of listeners) fn();
}

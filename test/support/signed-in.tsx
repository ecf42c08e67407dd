// Component tests signed in for real: a token from the shared API server's login call, the
// session started with it, and the whole app rendered at a path.
import { setUrl } from './dom.ts'; // first: Testing Library needs the DOM when it loads
import { render, type RenderResult } from '@testing-library/preact';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { apiServer } from './api-server.ts';

function login(url: string, who: { nomr: string; tgl_lahir: string }): Promise<string> {
  // happy-dom's XMLHttpRequest, since the page's origin is the server's (no CORS in the way).
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${url}/api/auth/proxy-login`);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.onload = () => resolve(JSON.parse(xhr.responseText).token.access_token);
    xhr.onerror = reject;
    xhr.send(JSON.stringify({ medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' }));
  });
}

/** Renders the app at `path` signed in as `who`; Testing Library's cleanup unmounts it. */
export async function renderSignedIn(who: { nomr: string; tgl_lahir: string }, path: string): Promise<RenderResult> {
  const server = await apiServer();
  if (location.origin !== server.url) setUrl(`${server.url}${path}`);
  else history.replaceState(null, '', path);
  session.signIn({ nomr: who.nomr, birthDate: who.tgl_lahir, token: await login(server.url, who) });
  return render(<App />);
}

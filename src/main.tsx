// The browser entry. A prerendered shell (login, registration) is hydrated; any other page
// arrives with an empty #app and is rendered. Hydrating markup of another screen would keep its
// nodes and classes, since hydration does not diff attributes.
import { render } from 'preact';
import { hydrate } from 'preact-iso';
import { App } from './app.tsx';
import { trackHistory } from './navigation.ts';
import { install } from './pwa/install.ts';
import { watchForUpdates } from './pwa/update.ts';
import { matchRoute, redirectFor } from '../common/routes.ts';
import { session } from './session/session.ts';

install.listen();
trackHistory();

const root = document.getElementById('app')!;
// The service worker answers every navigation with a prerendered page, so markup present does
// not mean markup of this route: hydrate only a prerendered route that stays where it is.
const prerendered = root.querySelector('script[type=isodata]') !== null;
const stays = redirectFor(location.pathname, session.signedIn.value) === null;
if (prerendered && stays && matchRoute(location.pathname)?.route.prerender) {
  hydrate(<App />, root);
} else {
  root.textContent = '';
  render(<App />, root);
}

if (import.meta.env.PROD) watchForUpdates();

// Build-time prerender of the public shells (login, registration): their HTML paints before any
// script runs. Kept out of main.tsx so that it is never shipped to the browser.
import { h } from 'preact';
import { prerender as ssr } from 'preact-iso';
import { App } from './src/app.tsx';
import { matchRoute } from './common/routes.ts';
import { S } from './src/strings.ts';

export async function prerender(data: { url: string }) {
  // The prerender plugin has already pointed `location` at data.url.
  const { html } = await ssr(h(App, {}));
  const def = matchRoute(data.url)?.route;
  const title = def && typeof def.title === 'string' ? `${def.title} · ${S.appName}` : S.appName;
  // Only the routes the table marks as prerendered: no crawling of links.
  return { html, links: new Set<string>(), head: { lang: 'id', title } };
}

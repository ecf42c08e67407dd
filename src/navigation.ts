// How a screen moves to another route. The route frame (app.tsx) hands screens and the top bar
// the router's own function, so they stay plain React components that import no router.
import type { RouteName, RouteParams } from '../common/routes.ts';

export type Navigate = (url: string, replace?: boolean) => void;

/** docs/product.md §9: the app goes home 2 seconds after a successful login (the login and a family profile's). */
export const REDIRECT_MS = 2000;

/** What the route frame gives the screen of route N: its parameters, typed by its path; the query. */
export interface ScreenProps<N extends RouteName> {
  params: RouteParams<N>;
  query?: Record<string, string>;
  navigate: Navigate;
}

// How many screens of the app lie behind the current history entry, kept in the entry's state.
// `history.length` cannot tell: it counts the pages of other sites in this tab too, and is 1 or 2
// for a page opened straight from a link. The router writes `null` states, so every push and
// replace goes through here to carry the count along; a reload or a return from another document
// keeps it, as browsers keep each entry's state.
const KEY = 'pasienDepth';

function depthOf(state: unknown): number {
  const d = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof d === 'number' ? d : 0;
}

function withDepth(state: unknown, depth: number): Record<string, unknown> {
  return { ...(state && typeof state === 'object' ? state : {}), [KEY]: depth };
}

/** Starts counting; main.tsx calls it once, before the router writes its first entry. */
export function trackHistory(h: History = history): void {
  const push = h.pushState.bind(h);
  const replace = h.replaceState.bind(h);
  h.pushState = (state, title, url) => push(withDepth(state, depthOf(h.state) + 1), title, url);
  h.replaceState = (state, title, url) => replace(withDepth(state, depthOf(h.state)), title, url);
  if (!(h.state && typeof h.state === 'object' && KEY in h.state)) replace(withDepth(h.state, 0), '');
}

/** True when the entry before this one is a screen of the app, so history.back() stays in it. */
export function hasEarlierScreen(h: History = history): boolean {
  return depthOf(h.state) > 0;
}

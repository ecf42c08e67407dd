// happy-dom as the global DOM for component tests, once per test process, and what Testing
// Library does not give: another origin for the page, fields filled as a browser reports it (the
// login form's among them), label–value lists read as pairs, states too brief to poll for, and
// requests counted on their way out.
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { setFileScope } from '@vanilla-extract/css/fileScope';
import { MONTHS } from '../../common/dates.ts';

const g = globalThis as unknown as { __domReady?: boolean };
if (!g.__domReady) {
  const nodeFetch = globalThis.fetch;
  const NodeAbortController = globalThis.AbortController;
  GlobalRegistrator.register({ url: 'http://127.0.0.1/', width: 360, height: 740 });
  // happy-dom 21's fetch misses an abort that comes before it has sent the request (it checks the
  // signal, then awaits its cache and CORS steps, and listens only after): a live stream opened
  // and closed in one moment (a logout just as home opens it) then stays open until the server
  // ends it, 15 minutes later, and keeps the test process alive. Event streams go through Node's
  // own fetch, which honours an abort at any point, as browsers do.
  const domFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (new Headers(init?.headers).get('accept') !== 'text/event-stream') return domFetch(input, init);
    const own = new NodeAbortController();
    const signal = init?.signal;
    if (signal?.aborted) own.abort();
    signal?.addEventListener('abort', () => own.abort(), { once: true });
    return nodeFetch(String(input), { ...init, signal: own.signal });
  }) as typeof fetch;
  // Styles defined outside a vanilla-extract build need a file scope to belong to.
  setFileScope('test/support/dom.ts');
  g.__domReady = true;
}

// Testing Library binds `screen` to the document.body there is when it loads: it loads only
// now, after the registration (and test files import this module before it for that reason).
const { configure, createEvent, fireEvent, screen, within } = await import('@testing-library/preact');

// The screens wait for answers of the real API server: 5 s, as before, not Testing Library's 1 s.
configure({ asyncUtilTimeout: 5000 });

export function setUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Types a value into a field as a browser reports it: `input`, then `change`. Not
 * fireEvent.change alone: once Testing Library has seen a preact/compat element it sends `input`
 * instead, which a <select>'s onChange never hears.
 */
export function enter(field: HTMLElement, value: string): void {
  fireEvent.input(field, { target: { value } });
  fireEvent(field, createEvent.change(field, { target: { value } }));
}

/** Picks the option a person reads in a list (a <select>). */
export function choose(list: HTMLElement, option: string): void {
  enter(list, within(list).getByRole<HTMLOptionElement>('option', { name: option }).value);
}

/** Fills the number and the birth date of a login form (the login screen's, a family member's) as a person would. */
export function fillLogin(nomr: string, iso: string): void {
  const [y, m, d] = iso.split('-');
  enter(screen.getByRole('textbox', { name: 'Nomor MR' }), nomr);
  choose(screen.getByRole('combobox', { name: 'Tanggal' }), String(Number(d)));
  choose(screen.getByRole('combobox', { name: 'Bulan' }), MONTHS[Number(m) - 1]);
  enter(screen.getByRole('textbox', { name: 'Tahun' }), y);
}

/** The label–value pairs of a description list as a person reads them: each term, its definition. */
export function fieldsIn(el: HTMLElement = document.body): Record<string, string> {
  const definitions = within(el).getAllByRole('definition');
  return Object.fromEntries(
    within(el)
      .getAllByRole('term')
      .map((term, i) => [term.textContent ?? '', definitions[i]?.textContent ?? '']),
  );
}

/** Records every value an attribute takes while fn runs (states too brief to poll for). */
export async function watchAttribute(el: Element, name: string, fn: () => Promise<unknown>): Promise<Array<string | null>> {
  const seen: Array<string | null> = [];
  await observing(el, { attributes: true, attributeFilter: [name], subtree: false }, () => seen.push(el.getAttribute(name)), fn);
  return seen;
}

/** Whether what `find` looks for was ever there while fn ran (a state too brief to poll for). */
export async function appearedDuring(find: () => unknown, fn: () => Promise<unknown>): Promise<boolean> {
  let seen = !!find();
  await observing(document.body, { attributes: true, childList: true, subtree: true }, () => (seen ||= !!find()), fn);
  return seen;
}

/** Runs fn with `changed` called on each change of the target, until a moment after fn ends. */
async function observing(target: Node, options: MutationObserverInit, changed: () => void, fn: () => Promise<unknown>): Promise<void> {
  const observer = new MutationObserver(changed);
  observer.observe(target, options);
  try {
    await fn();
    await sleep(0);
  } finally {
    observer.disconnect();
  }
}

/**
 * Counts the requests whose URL holds `part` on their way to the real server (a repeat the
 * server answers alike shows only in the count); `restore` puts the page's fetch back.
 */
export function countRequests(part: string): { count: () => number; restore: () => void } {
  const realFetch = globalThis.fetch;
  let n = 0;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes(part)) n++;
    return realFetch(input, init);
  }) as typeof fetch;
  return {
    count: () => n,
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
}

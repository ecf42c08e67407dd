// happy-dom as the global DOM for component tests, once per test process, and helpers to render
// a screen inside the router and wait for what a user would see.
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { setFileScope } from '@vanilla-extract/css/fileScope';

const g = globalThis as unknown as { __domReady?: boolean };
if (!g.__domReady) {
  GlobalRegistrator.register({ url: 'http://127.0.0.1/', width: 360, height: 740 });
  // Styles defined outside a vanilla-extract build need a file scope to belong to.
  setFileScope('test/support/dom.ts');
  g.__domReady = true;
}

export function setUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until fn returns something truthy (the DOM settling after a call), or fails. */
export async function waitFor<T>(fn: () => T, what: string, ms = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${document.body.innerHTML.slice(0, 2000)}`);
    await sleep(10);
  }
}

export const text = () => document.body.textContent ?? '';

export function byRole(role: string, name?: string | RegExp): HTMLElement | null {
  const selector = implicit[role] ? `[role="${role}"], ${implicit[role]}` : `[role="${role}"]`;
  const nodes = [...document.querySelectorAll<HTMLElement>(selector)];
  return (
    nodes.find((n) => {
      if (name === undefined) return true;
      const label = (n.getAttribute('aria-label') ?? n.textContent ?? '').trim();
      return typeof name === 'string' ? label === name : name.test(label);
    }) ?? null
  );
}

const implicit: Record<string, string> = { button: 'button', link: 'a[href]', heading: 'h1, h2, h3', textbox: 'input:not([type]), input[type=text], input[type=tel], input[type=email]', combobox: 'select' };

export function labelled(label: string): HTMLInputElement | HTMLSelectElement {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`no label ${label}`);
  const control = l.htmlFor ? document.getElementById(l.htmlFor) : l.querySelector('input, select');
  if (!control) throw new Error(`label ${label} has no control`);
  return control as HTMLInputElement;
}

export function type(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
}

export function root(): HTMLElement {
  document.body.innerHTML = '<div id="app"></div>';
  return document.getElementById('app')!;
}

/** Records every value an attribute takes while fn runs (states too brief to poll for). */
export async function watchAttribute(el: Element, name: string, fn: () => Promise<unknown>): Promise<Array<string | null>> {
  const seen: Array<string | null> = [];
  const observer = new MutationObserver(() => seen.push(el.getAttribute(name)));
  observer.observe(el, { attributes: true, attributeFilter: [name], subtree: false });
  try {
    await fn();
    await sleep(0);
  } finally {
    observer.disconnect();
  }
  return seen;
}

/** Whether an element matching selector ever appeared inside el while fn ran. */
export async function appearedDuring(el: Element, selector: string, fn: () => Promise<unknown>): Promise<boolean> {
  let seen = !!el.querySelector(selector);
  const observer = new MutationObserver(() => (seen ||= !!el.querySelector(selector)));
  observer.observe(el, { childList: true, subtree: true });
  try {
    await fn();
    await sleep(0);
  } finally {
    observer.disconnect();
  }
  return seen;
}

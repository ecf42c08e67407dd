// The text sizes a patient may read the app at on a 360 px phone, and what the layout must keep
// at each: no sideways scroll, no text cut or pushed off the screen, no text over other text or
// over a field. Used by the text-size test and the screenshots.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { PHONE, gotoQuiet, storeSession } from './browser.ts';
import { apiToken } from './server.ts';

export interface TextSize {
  name: string;
  context: BrowserContextOptions;
  /** The root font size a phone's font setting gives, or none. */
  rootFontSize?: string;
}

export const TEXT_SIZES: TextSize[] = [
  { name: 'text 100%', context: PHONE },
  { name: 'text 200%', context: PHONE, rootFontSize: '200%' },
  // 200% zoom on a 360 px phone: the page is laid out in 180 CSS px, each drawn twice as large.
  { name: 'zoom 200%', context: { ...PHONE, viewport: { width: 180, height: 370 }, deviceScaleFactor: 4 } },
];

/** A page at that text size, signed in as `who` when given (the four keys a real login writes). */
export async function pageAt(browser: Browser, baseUrl: string, size: TextSize, who?: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const context = await browser.newContext(size.context);
  if (size.rootFontSize) {
    // As the phone's font setting does: before the first paint, on every page the context opens.
    // A plain script: tsx would wrap a named function in a helper the page does not have.
    await context.addInitScript(
      `(function (apply) { document.documentElement ? apply() : document.addEventListener('readystatechange', apply, { once: true }); })` +
        `(function () { document.documentElement.style.setProperty('font-size', ${JSON.stringify(size.rootFontSize)}); })`,
    );
  }
  const page = await context.newPage();
  if (who) {
    const token = await apiToken(baseUrl, who);
    await page.goto(`${baseUrl}/registrasi`);
    await storeSession(page, who, token);
  }
  return page;
}

/** Opens a path and waits until its data has arrived and nothing moves any more. */
export async function settle(page: Page, url: string): Promise<void> {
  await gotoQuiet(page, url);
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"], [aria-busy="true"]'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * What is wrong with the page's layout as laid out now, one line per fault: the page scrolls
 * sideways; a text is cut (clipped or ellipsed) or reaches past the screen's edge; two texts,
 * or a text and a field it is not in, overlap. Fixed and sticky layers (dialogs, the install bar,
 * the top bar over a scrolled page) are compared only within themselves: they cover the page by
 * design.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // tsx names the functions declared below through a helper the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  // The phone's width, not innerWidth: a phone widens the layout to a page too wide and zooms out.
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => {
    const problems: string[] = [];
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width) problems.push(`the page scrolls sideways: ${scrolling.scrollWidth} px in ${width} px`);

    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> '${text}'`;
    };
    // checkVisibility: not in a closed <details> (laid out on demand, at made-up places).
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return el.checkVisibility({ visibilityProperty: true }) && r.width > 0 && r.height > 0;
    };
    const layerOf = (el: Element | null): Element | null => {
      for (let e = el; e; e = e.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(e).position)) return e;
      return null;
    };
    const SKIP = 'script, style, template, noscript, select, option, datalist, svg';

    // Texts cut by their own box, and texts past the screen's edge.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: Array<{ node: Text; el: Element; layer: Element | null; rects: DOMRect[] }> = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest(SKIP) || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      texts.push({ node: n as Text, el, layer: layerOf(el), rects });
      for (const r of rects) {
        if (r.right > width + 0.5 || r.left < -0.5) {
          problems.push(`text past the screen's edge (${Math.round(r.left)}–${Math.round(r.right)} of ${width}): ${name(el)}`);
          break;
        }
      }
    }
    const cutting = new Set<Element>();
    for (const t of texts) {
      for (let e: Element | null = t.el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
        if (clips && e.scrollWidth > e.clientWidth + 1 && !cutting.has(e)) {
          cutting.add(e);
          problems.push(`text cut (${e.scrollWidth} px in ${e.clientWidth} px): ${name(e)}`);
        }
        if (clips) break;
      }
    }

    // Overlaps: text over text, text over a field it is not part of.
    const fields = [...document.querySelectorAll('input:not([type="hidden"]), select, textarea')].filter(shown);
    const meet = (a: DOMRect, b: DOMRect) => {
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // Lines set tighter than their font's own height touch by a pixel or two: not an overlap.
      return w > 1 && h > Math.min(a.height, b.height) * 0.25;
    };
    for (let i = 0; i < texts.length; i++) {
      const a = texts[i];
      for (let j = i + 1; j < texts.length; j++) {
        const b = texts[j];
        if (a.layer !== b.layer) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => meet(ra, rb)))) problems.push(`texts overlap: ${name(a.el)} and ${name(b.el)}`);
      }
      for (const f of fields) {
        if (f.contains(a.el) || layerOf(f) !== a.layer) continue;
        const box = f.getBoundingClientRect();
        if (a.rects.some((r) => meet(r, box))) problems.push(`text over a field: ${name(a.el)} over ${name(f)}#${f.id}`);
      }
    }
    return problems;
  }, width);
}

// The text sizes a patient may read the app at on a 360 px phone, and what the layout must keep
// at each: no sideways scroll, no text cut or pushed off the screen, no text over other text or
// over a field. Used by the text-size test and the screenshots.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { PHONE, gotoQuiet, quiet, signedInContext, tracked } from './browser.ts';

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

/**
 * A screenshot for a person to look at, kept under SHOTS_DIR (`SHOTS_DIR=artifacts/screenshots`
 * with an end-to-end file) and not taken without it: `npm test` asserts layouts, it takes no
 * pictures (a full page at twice the pixels costs the CPU a test needs).
 */
export async function keepShot(target: Page | Locator, file: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

/**
 * A page at that text size, signed in as `who` when given (the four keys a real login writes, and
 * `more` local storage), on no page yet.
 */
export async function pageAt(
  browser: Browser,
  baseUrl: string,
  size: TextSize,
  who?: { nomr: string; tgl_lahir: string },
  more?: Record<string, string>,
): Promise<Page> {
  const context = who ? await signedInContext(browser, baseUrl, who, size.context, more) : await browser.newContext(size.context);
  if (size.rootFontSize) {
    // As the phone's font setting does: before the first paint, on every page the context opens.
    // A plain script: tsx would wrap a named function in a helper the page does not have.
    await context.addInitScript(
      `(function (apply) { document.documentElement ? apply() : document.addEventListener('readystatechange', apply, { once: true }); })` +
        `(function () { document.documentElement.style.setProperty('font-size', ${JSON.stringify(size.rootFontSize)}); })`,
    );
  }
  return context.newPage();
}

/** Opens a path and waits until its data has arrived and nothing moves any more. */
export async function settle(page: Page, url: string): Promise<void> {
  await gotoQuiet(page, url);
  await drawn(page);
}

/** The screen has its title, nothing on it is still loading, and its fonts are in. */
async function drawn(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"], [aria-busy="true"]'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Moves the app already open in `page` to a path as a link inside it does (the router's own
 * history entry, no new document), then waits as `settle` does. A walk over many screens costs a
 * quarter of the CPU that loading each one afresh does (measured: 31 screens, 2.9 s against 10.5 s).
 */
export async function settleInApp(page: Page, path: string): Promise<void> {
  tracked(page);
  await page.evaluate((to) => {
    // Marked: the screen being left (its <main>), which the next one replaces.
    document.querySelector('main')?.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The screen's code and data arrive as requests: once none has been open for a while, it is drawn.
  await quiet(page);
  await page.waitForFunction((to) => location.pathname + location.search === to && document.querySelector('main:not([data-left])'), path);
  await drawn(page);
}

/**
 * What is wrong with the page's layout as laid out now, one line per fault: the page scrolls
 * sideways; a text is cut (clipped or ellipsed) or reaches past the screen's edge; two texts,
 * or a text and a field it is not in, overlap (as far as each is shown: a line scrolled out of its
 * scrolling box overlaps nothing). Fixed and sticky layers (dialogs, the install bar,
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
    // What of a text its scrolling ancestors let through: a line scrolled out of a dialog's text
    // is not over the dialog's buttons below it.
    const visiblePart = (el: Element, r: DOMRect): DOMRect | null => {
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = e.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
      }
      return right - left > 0.5 && bottom - top > 0.5 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const texts: Array<{ node: Text; el: Element; layer: Element | null; rects: DOMRect[]; seen: DOMRect[] }> = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest(SKIP) || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      const seen = rects.map((r) => visiblePart(el, r)).filter((r): r is DOMRect => r !== null);
      texts.push({ node: n as Text, el, layer: layerOf(el), rects, seen });
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
        if (a.seen.some((ra) => b.seen.some((rb) => meet(ra, rb)))) problems.push(`texts overlap: ${name(a.el)} and ${name(b.el)}`);
      }
      for (const f of fields) {
        if (f.contains(a.el) || layerOf(f) !== a.layer) continue;
        const box = f.getBoundingClientRect();
        if (a.seen.some((r) => meet(r, box))) problems.push(`text over a field: ${name(a.el)} over ${name(f)}#${f.id}`);
      }
    }
    return problems;
  }, width);
}

export interface TextContrast {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

/**
 * The WCAG contrast ratio of every text shown inside `root`, each computed in the browser from
 * its element's colour (with the element's opacity) against the background it is drawn on: the
 * background colours of the element and its ancestors, from the first opaque one up, blended.
 */
export async function textContrasts(page: Page, root: string): Promise<TextContrast[]> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((root) => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const found: Array<{ text: string; color: string; background: string; ratio: number }> = [];
    const box = document.querySelector(root);
    if (!box) return found;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || !el.checkVisibility({ visibilityProperty: true })) continue;
      const bg = background(el);
      const fg = parse(getComputedStyle(el).color);
      const color = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
      const [a, b] = [luminance(color), luminance(bg)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const rgb = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
      found.push({ text: n.textContent.trim().slice(0, 60), color: rgb(color), background: rgb(bg), ratio: Math.round(ratio * 100) / 100 });
    }
    return found;
  }, root);
}

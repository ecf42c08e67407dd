// A phone with one patient downloads nothing of family profiles on the login page (issue: nothing
// changes for it): the login page's JavaScript, the entry and the app shell, holds neither the
// profiles' storage keys nor the family screens' texts. The one family fact it carries is the
// route table's title of /tambahprofil, which the router and guard read for every route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureRoutes } from '../../scripts/size.ts';
import { PROFILE } from '../../src/family/profile-strings.ts';
import { FAMILY } from '../../src/family/strings.ts';
import { ACTIVE_KEY, OTHERS_KEY } from '../../src/session/profiles.ts';

// DIST_DIR: a build of one's own, as the server takes it.
const dist = process.env.DIST_DIR ?? 'dist';
const login = measureRoutes(dist).find((r) => r.path === '/')!;
const js = login.files.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');

/** Every text of the family screens, the fixed parts of the worded ones, but the route's title. */
function familyTexts(): string[] {
  const { add: _routeTitle, ...rest } = { ...FAMILY, ...PROFILE };
  return Object.values(rest).flatMap((v) => {
    if (typeof v === 'string') return [v];
    if (typeof v === 'function') return String((v as (...a: string[]) => string)('\u0000', '\u0000')).split('\u0000');
    return [];
  });
}

test("the login page's JavaScript is its entry and the app shell", () => {
  assert.is(login.files.length, 2, login.files.join(' '));
});

test("the login page's JavaScript holds none of the family profiles' storage keys", () => {
  for (const key of [OTHERS_KEY, ACTIVE_KEY]) assert.not.ok(js.includes(key), key);
});

test("the login page's JavaScript holds none of the family screens' texts", () => {
  const texts = familyTexts().filter((t) => t.trim().length >= 8);
  assert.ok(texts.length > 15, `${texts.length} texts`);
  for (const t of texts) assert.not.ok(js.includes(t), t);
});

test.run();

// Dates on screen are said in words or as DD/MM/YYYY where the spec shows them so (decisions:
// dates in one voice), never in the wire format the API sends (yyyy-mm-dd).
import type { Locator } from 'playwright-core';
import * as assert from 'uvu/assert';

const WIRE_DATE = /\d{4}-\d{2}-\d{2}/;

/** Fails naming the place and the date when the text holds a date in the wire format. */
export function assertNoWireDate(text: string, where: string): void {
  const found = WIRE_DATE.exec(text);
  assert.not.ok(found, `${where} shows ${found?.[0]} in the wire format`);
}

/** The same over what a patient sees of an element (innerText: nothing hidden). */
export async function noWireDateIn(locator: Locator, where: string): Promise<void> {
  assertNoWireDate(await locator.innerText(), where);
}

// A date as a labelled value says exactly what the one formatter says.
import '../support/dom.ts';
import { cleanup, render } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate } from '../../common/dates.ts';
import { DateText } from '../../src/ui/RecordList.tsx';

test.after.each(cleanup);

test('a date value reads as the formatter writes it, or N/A without a date', () => {
  const text = (el: Parameters<typeof render>[0]) => {
    const { container } = render(el);
    const t = container.textContent;
    cleanup();
    return t;
  };
  assert.is(text(<DateText date="2026-12-07" />), formatDate('2026-12-07'));
  assert.is(text(<DateText date="2026-12-07" style="day" />), 'Senin, 7 Desember 2026');
  assert.is(text(<DateText date="2026-12-07 07:45:00" style="day" />), formatDate('2026-12-07', 'day'));
  assert.is(text(<DateText date={null} />), 'N/A');
  assert.is(text(<DateText date="2026-13-01" />), 'N/A', 'never the wire format');
});

test.run();

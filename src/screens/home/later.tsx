// What home loads after its own parts, through one file (one name in home's first load, whose bytes
// have a budget): the other family profiles' lines, and the cards of a doctor's leave and the
// waiting list (docs/leave.md). Those come in a file of their own, loaded from here and not
// precached (they act only online): offline this file still loads, and home shows without them.
import { useEffect, useState } from 'react';
import type * as Leave from '../../leave/LeaveCards.tsx';

import { FamilyLines } from '../../family/lines.tsx';

/** The family lines (nothing with one profile), then the leave cards (nothing where the API has no such calls: a 404). */
export function Later() {
  return (
    <>
      <FamilyLines />
      <LeaveCards />
    </>
  );
}

function LeaveCards() {
  const [Loaded, setLoaded] = useState<typeof Leave.LeaveCards | null>(null);
  useEffect(() => {
    void import('../../leave/LeaveCards.tsx').then(
      (m) => setLoaded(() => m.LeaveCards),
      () => undefined,
    );
  }, []);
  return Loaded ? <Loaded /> : null;
}

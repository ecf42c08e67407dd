// Whose record a screen shows, under its top bar, on a phone that looks after several patients:
// the line home's bar shows ('Profil aktif: <nama> · No. MR <nomr>'), from the active profile, so
// a caregiver who switched profiles on home reads on every record, booking and appointment screen
// whose data it is. On a phone with one patient there is no one else it could be: nothing is drawn.
import { displayName } from '../session/profiles.ts';
import { session } from '../session/session.ts';
import * as css from './whose.css.ts';
import { PROFILE } from './profile-strings.ts';

export function Whose() {
  const active = session.current.value;
  if (!active || !session.others.value.length) return null;
  const name = displayName(active);
  const mr = PROFILE.mr(active.nomr);
  return (
    <section className={css.whose} aria-label={PROFILE.active}>
      <p className={css.line}>
        {/* A name not read yet on this phone: the number once, not twice. */}
        {PROFILE.active}: <strong>{name}</strong>
        {name === mr ? null : ` · ${mr}`}
      </p>
    </section>
  );
}

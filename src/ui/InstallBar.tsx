// 'Install App', shown only while the browser offers installation (docs/product.md §1 and §2).
import { install } from '../pwa/install.ts';
import { S } from '../strings.ts';
import { button } from './button.ts';
import { installBar } from './login.css.ts';

export function InstallBar() {
  if (!install.available.value) return null;
  return (
    <div className={installBar}>
      <button type="button" className={button({ kind: 'primary', block: true })} onClick={() => void install.prompt()}>
        {S.installApp}
      </button>
    </div>
  );
}

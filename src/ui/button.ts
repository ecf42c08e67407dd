// A button's classes: its kind (primary unless said) and whether it fills the width. Plain
// class names from controls.css.ts: no styling code is shipped to the phone (decisions).
import { buttonBase, buttonBlock, buttonKind } from './controls.css.ts';

export function button({ kind = 'primary', block = false }: { kind?: keyof typeof buttonKind; block?: boolean } = {}): string {
  return `${buttonBase} ${buttonKind[kind]}${block ? ` ${buttonBlock}` : ''}`;
}

// The family texts the signed-in core shows: whose profile a screen is about and a session that
// ended. Apart from strings.ts, which only the add form, home's menus and the other profiles'
// lines need: each signed-in route loads these few and not the rest (docs/performance.md).

export const PROFILE = {
  /** The home bar: who the screen is about. */
  active: 'Profil aktif',
  mr: (nomr: string) => `No. MR ${nomr}`,
  switchTo: (name: string) => `Buka profil ${name}`,
  ended: (name: string) => `Sesi ${name} telah berakhir. Tambahkan kembali profilnya untuk melihat datanya.`,
};

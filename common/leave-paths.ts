// The paths of a doctor's leave and the waiting list (docs/leave.md), beside paths.ts's API: the
// contract table (api-calls.ts) joins both. A module of their own because paths.ts is in the
// signed-in core every screen loads (a re-export from it brought these into the core too), and
// these calls are made only by parts loaded later (src/leave/): /home stays within its budget.
export const LEAVE_API = {
  hospitalCancelled: '/api/patient/perjanjian/dibatalkan-rs',
  moveCancelled: '/api/patient/pindah/janji',
  waitlist: '/api/patient/daftar-tunggu',
  waitlistJoin: '/api/patient/daftar-tunggu/ikut',
  waitlistLeave: '/api/patient/daftar-tunggu/keluar',
  waitlistTake: '/api/patient/daftar-tunggu/ambil',
} as const;

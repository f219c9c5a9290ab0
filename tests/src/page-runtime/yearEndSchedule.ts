// The schedule of the 年终好礼 test pages: preheat from 11-15, live 11-20 to 12-31, offline from 2027-01-15.
export const YEAR_END_SCHEDULE = {
  preheatAt: '2026-11-15T00:00:00+08:00',
  startAt: '2026-11-20T00:00:00+08:00',
  endAt: '2026-12-31T23:59:59+08:00',
  offlineAt: '2027-01-15T00:00:00+08:00',
  fallback: '/',
}

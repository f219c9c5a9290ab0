// A process whose clock reads another moment: `Date` (and only `Date`: timers, `performance` and the event loop
// stay real) is replaced by a subclass `shiftMs` ahead (or behind). The e2e run lives at a fixed moment
// (TEST_CLOCK_START, set by `npm run test:e2e`): the server process shifts itself at start (server/index.ts) and
// each browser context the same way (tests/e2e/support/test.ts passes this function to addInitScript, so it must
// not use anything outside its own body), so server-rendered screens and their hydration read the same clock.

/** Shifts the global `Date` by `shiftMs`; returns the function that puts the real one back. */
export function shiftDate(shiftMs: number): () => void {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: [] | ConstructorParameters<DateConstructor>) {
      if (args.length === 0) super(RealDate.now() + shiftMs)
      else super(...(args as ConstructorParameters<DateConstructor>))
    }
    static now(): number {
      return RealDate.now() + shiftMs
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  return () => {
    globalThis.Date = RealDate
  }
}

let serverShiftMs = 0

/** The server's own shift (server/index.ts), remembered: its render threads shift theirs the same (renderPool.ts). */
export function shiftServerDate(shiftMs: number): void {
  shiftDate(shiftMs)
  serverShiftMs = shiftMs
}

export function dateShiftMs(): number {
  return serverShiftMs
}

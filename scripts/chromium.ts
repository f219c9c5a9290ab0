import { existsSync } from 'node:fs'

// Debian's Chromium as every browser script here launches it (docs/testing.md): never a downloaded browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The e2e tests' browser: Debian's chromium-headless-shell (the same Chromium build in the headless-only shell
 * Playwright itself prefers for headless runs) where it is installed; it needs a fifth less CPU per page than the
 * full browser in headless mode. The benchmarks keep the full browser a phone user has.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH)

/** Flags that keep headless Chromium off the network it does not have (and working as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

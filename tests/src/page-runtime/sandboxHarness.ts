import { describeError } from '../../../src/lib/request'
import {
  campaignSandbox,
  createSandboxState,
  type SandboxOptions,
} from '../../../src/page-runtime/campaignSandbox'
import type { Campaign } from '../../../src/types/generated/page'

// The preview's campaign sandbox as its tests drive it: a fresh state, logged in, at a moment inside December.

/** 双十二, 10:00 Beijing time: inside the fixtures' window (tests/fixtures/lottery.ts). */
export const NOW = Date.parse('2026-12-12T10:00:00+08:00')

export const sandboxOf = (campaigns: Record<string, Campaign>, options: Partial<SandboxOptions> = {}) =>
  campaignSandbox({ state: createSandboxState(), campaigns, now: () => NOW, loggedIn: true, ...options })

/** The message a refused action says (as a block shows it), or the description of a success. */
export const refusal = async (promise: Promise<unknown>) =>
  describeError(
    await promise.then(
      () => null,
      (e) => e,
    ),
  )

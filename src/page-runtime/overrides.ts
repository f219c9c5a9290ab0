import type { SandboxProfile } from '../domain/sandboxProfile'

/**
 * What a preview changes about how a config renders: the signed preview link (/activity/{id}?preview=…) and the
 * studio's preview frame (/studio-preview). Explicit props of ConfigPage, never globals: a consumer's page
 * renders without any.
 */
export interface PageOverrides {
  /** The moment the page is judged at (phase, block windows, countdowns) instead of server time. */
  nowMs?: number
  /** The clock stays at nowMs (the studio's time slider) instead of running on from it (a preview link). */
  frozen?: boolean
  /** Conditions judge the visitor logged in or out; the login gate does not send anyone away. */
  loggedIn?: boolean
  /** Shows the 预览 badge, and an offline moment stays on its notice instead of leaving for the fallback. */
  preview?: boolean
  /** A block that fails to render shows a notice instead of nothing (staff must see it). */
  showBlockErrors?: boolean
  /**
   * The campaign blocks run on a throwaway sandbox of the config's own `campaigns` (CampaignSandbox.tsx), never
   * the server: a draft's campaigns work before publish and nothing counts. The login action only says so.
   */
  campaignSandbox?: boolean
  /** The sandbox's sample user for the campaigns' 参与条件 (default: 已实名, V1, 新用户). */
  sandboxProfile?: SandboxProfile
}

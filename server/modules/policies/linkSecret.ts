import { randomBytes } from 'node:crypto'
import type { AppMode } from '../../platform/config'

/** The demo secret of signed policy links; production refuses to use it. */
const DEMO_POLICY_LINK_SECRET = 'demo-only-policy-link-secret'

/**
 * The secret policy links are signed with. Without POLICY_LINK_SECRET, production signs with a per-process
 * random one: links stay unforgeable but only this process accepts them, so multi-process deployments set it.
 */
export function policyLinkSecret(mode: AppMode, env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.POLICY_LINK_SECRET ?? (mode === 'demo' ? DEMO_POLICY_LINK_SECRET : randomBytes(32).toString('hex'))
  )
}

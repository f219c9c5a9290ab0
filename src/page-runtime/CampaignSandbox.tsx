import { Fragment, useMemo, useState, type ReactNode } from 'react'
import { CampaignTransportContext } from '../blocks/campaignTransport'
import { DEFAULT_SANDBOX_PROFILE, profileParam, type SandboxProfile } from '../domain/sandboxProfile'
import type { PageConfig } from '../types/generated/page'
import { campaignSandbox, createSandboxState } from './campaignSandbox'

/**
 * A preview's campaigns (overrides.campaignSandbox): the blocks inside ask the sandbox of the draft's own
 * campaigns instead of the server, at the preview's moment, login state and sample user's profile. Says so above the blocks, with 重置
 * to start the throwaway state over (the blocks start afresh too).
 */
export function CampaignSandbox({
  campaigns,
  now,
  loggedIn,
  profile = DEFAULT_SANDBOX_PROFILE,
  children,
}: {
  campaigns: PageConfig['campaigns']
  now: () => number
  loggedIn: boolean
  /** Who the sample user is for the campaigns' 参与条件 (实名, 会员等级, 新用户). */
  profile?: SandboxProfile
  children: ReactNode
}) {
  const [state, setState] = useState(createSandboxState)
  const [generation, setGeneration] = useState(0)
  // Compared by value: a preview hands a new config object on every edit, most of which leave campaigns alone.
  const rules = JSON.stringify(campaigns ?? {})
  const who = profileParam(profile) ?? ''
  const transport = useMemo(
    () =>
      campaignSandbox({
        state,
        campaigns: JSON.parse(rules) as PageConfig['campaigns'],
        now,
        loggedIn,
        profile,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the profile is compared by value (who)
    [state, rules, now, loggedIn, who],
  )
  const declared = rules !== '{}'
  return (
    <CampaignTransportContext.Provider value={transport}>
      {declared && (
        <div className="config-page-sandbox" role="note" data-testid="campaign-sandbox">
          <span>预览沙盒：抽奖、领取都不计入，也不发奖</span>
          <button
            type="button"
            onClick={() => {
              setState(createSandboxState())
              setGeneration((g) => g + 1)
            }}
          >
            重置
          </button>
        </div>
      )}
      {/* Another visitor (重置, 已登录 or the profile switched): the blocks start afresh, no result of the other stays. */}
      <Fragment key={`${generation}-${loggedIn}-${who}`}>{children}</Fragment>
    </CampaignTransportContext.Provider>
  )
}

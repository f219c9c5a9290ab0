import { describe, expect, it } from 'vitest'
import { DEFAULT_SANDBOX_PROFILE } from '../../../src/domain/sandboxProfile'
import type { Campaign } from '../../../src/types/generated/page'
import { DECEMBER, lotteryCampaign, pointsPrize } from '../../fixtures/lottery'
import { refusal, sandboxOf } from './sandboxHarness'

// The preview's sandbox applies a campaign's 参与条件 as the server does (src/domain/campaigns.ts), with its
// words: 须先参与 another campaign of the draft (met by taking part in it in the preview), new users only, a
// member level, real name. The sample user is by default a V1 member, real-name verified, registered when the
// preview starts; staff switch its profile (实名, 会员等级, 新用户) to see a person who does not meet a rule.

const lottery = (eligibility: Campaign['eligibility']): Campaign =>
  lotteryCampaign({ eligibility, prizes: [pointsPrize(10, { id: 'pts', weight: 1 })] })
const trial: Campaign = {
  kind: 'form',
  title: '试算登记',
  window: DECEMBER,
  limits: { perUserTotal: 1 },
  fields: [],
}

describe('campaign sandbox eligibility', () => {
  it('须先参与: refused with the server’s words until the other campaign is entered in the preview', async () => {
    const sandbox = sandboxOf({ 'd12-draw': lottery({ entryOf: 'd12-trial' }), 'd12-trial': trial })
    const said = '请先完成“试算登记”（7 天内有效）再来参与'
    expect((await sandbox.campaign('d12-draw')).notEligible).toBe(said)
    expect(await refusal(sandbox.draw('d12-draw'))).toBe(said)

    await sandbox.submitForm('d12-trial', false, { fields: {} })
    expect((await sandbox.campaign('d12-draw')).notEligible).toBeNull()
    expect((await sandbox.draw('d12-draw')).draw.prizeId).toBe('pts')
  })

  it('new users only: the sample user is new; one registered earlier is refused', async () => {
    const campaigns = { 'd12-draw': lottery({ newUserDays: 7 }) }
    expect((await sandboxOf(campaigns).draw('d12-draw')).draw.prizeId).toBe('pts')

    const old = sandboxOf(campaigns, { profile: { ...DEFAULT_SANDBOX_PROFILE, newUser: false } })
    expect((await old.campaign('d12-draw')).notEligible).toBe('本活动仅限注册 7 天内的新用户参与')
    expect(await refusal(old.draw('d12-draw'))).toBe('本活动仅限注册 7 天内的新用户参与')
  })

  it('a member level above the sample user’s is refused; logged out, nothing is said before login', async () => {
    const campaigns = { 'd12-draw': lottery({ minLevel: 'V3' }) }
    const sandbox = sandboxOf(campaigns)
    expect((await sandbox.campaign('d12-draw')).notEligible).toBe('本活动仅限 V3 及以上会员参与')
    expect(await refusal(sandbox.draw('d12-draw'))).toBe('本活动仅限 V3 及以上会员参与')
    expect((await sandboxOf(campaigns, { loggedIn: false }).campaign('d12-draw')).notEligible).toBeNull()
    // A V3 (or higher) sample user meets it.
    const gold = sandboxOf(campaigns, { profile: { ...DEFAULT_SANDBOX_PROFILE, level: 'V4' } })
    expect((await gold.draw('d12-draw')).draw.prizeId).toBe('pts')
  })

  it('real name: a sample user 未实名 is refused with the server’s words, before the tap and on it', async () => {
    const campaigns = { 'd12-draw': lottery({ realName: true }) }
    expect((await sandboxOf(campaigns).draw('d12-draw')).draw.prizeId).toBe('pts')
    const unverified = sandboxOf(campaigns, { profile: { ...DEFAULT_SANDBOX_PROFILE, realName: false } })
    expect((await unverified.campaign('d12-draw')).notEligible).toBe('完成实名认证后才能参与本活动')
    expect(await refusal(unverified.draw('d12-draw'))).toBe('完成实名认证后才能参与本活动')
  })
})

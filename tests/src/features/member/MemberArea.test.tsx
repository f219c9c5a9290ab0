import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MEMBER_LEVELS } from '../../../../src/domain/memberLevel'
import UserCenterPage from '../../../../src/features/member/UserCenterPage'
import UserInfoPage from '../../../../src/features/member/UserInfoPage'
import WelfarePage from '../../../../src/features/member/WelfarePage'
import type { MemberRules, MemberStatus } from '../../../../src/types/generated/api/member'
import { apiError, renderScreen, stubApi, tappable } from '../../harness'
import { me } from './fixtures'

// The member area against the API stub: the level and what the next one needs, the agreements signed, the
// account deletion with its cooling period (and its refusal), and the benefits by level.
const levels = MEMBER_LEVELS.map((l) => ({ ...l, benefits: [...l.benefits] }))
const silver: MemberStatus = { level: levels[1], growth: 650, next: levels[2] }
const rules: MemberRules = {
  levels,
  growthWindowDays: 365,
  signInLadder: [5, 5, 10, 10, 15, 15, 50],
  cycleBeans: 20,
  pointsPerYuan: 1,
  expiryRule: '积分有效期至次年12月31日',
}
const consent = (agreement: 'privacy' | 'sensitive' | 'service', title: string, at: string) => ({
  agreement,
  title,
  version: '2026-11-01',
  acceptedAt: at,
})

describe('/userCenter', () => {
  it('shows who I am, my level and the growth the next level needs', async () => {
    stubApi({ 'GET /api/me': me({ nickname: '小国' }), 'GET /api/member': silver })
    renderScreen(UserCenterPage, '/userCenter')
    expect(await screen.findByText('小国')).toBeInTheDocument()
    expect(screen.getByText('未实名')).toBeInTheDocument()
    const card = screen.getByTestId('level-card')
    expect(card).toHaveTextContent('V2白银会员成长值 650')
    expect(card).toHaveTextContent('再获得 1,350 成长值升级为黄金会员')
  })

  it('offers login to a logged-out visitor', async () => {
    stubApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录'),
      'GET /api/member': apiError(401, 'UNAUTHENTICATED', '请先登录'),
    })
    renderScreen(UserCenterPage, '/userCenter')
    expect(await screen.findByRole('button', { name: '去登录' })).toBeInTheDocument()
  })
})

describe('/userInfo', () => {
  it('lists the consents with versions and times, and deletes the account after a confirm, cancellably', async () => {
    let pending = false
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/me/agreements': {
        items: [
          consent('privacy', '《隐私保护政策》', '2026-11-22T12:00:00.000+08:00'),
          consent('sensitive', '《个人敏感信息收集使用授权书》', '2026-11-22T12:00:00.000+08:00'),
          consent('service', '《用户服务协议》', '2026-11-22T12:00:00.000+08:00'),
          consent('privacy', '《隐私保护政策》', '2026-11-20T08:00:00.000+08:00'),
        ],
      },
      'GET /api/me/account': () =>
        pending
          ? {
              deletionRequestedAt: '2026-11-25T10:00:00.000+08:00',
              deletionDueAt: '2026-12-10T10:00:00.000+08:00',
            }
          : { deletionRequestedAt: null, deletionDueAt: null },
      'POST /api/me/deletion': () => {
        pending = true
        return {
          deletionRequestedAt: '2026-11-25T10:00:00.000+08:00',
          deletionDueAt: '2026-12-10T10:00:00.000+08:00',
        }
      },
      'DELETE /api/me/deletion': () => {
        pending = false
        return { deletionRequestedAt: null, deletionDueAt: null }
      },
    })
    renderScreen(UserInfoPage, '/userInfo')
    const list = await screen.findByRole('region', { name: '已签署的协议' })
    expect(within(list).getAllByText(/版本 2026-11-01/)).toHaveLength(3)
    expect(within(list).getAllByText('版本 2026-11-01 · 同意于 2026-11-22 12:00')).toHaveLength(3)
    const user = userEvent.setup()
    await user.click(screen.getByText('查看全部 4 条记录'))
    expect(within(list).getAllByText(/版本 2026-11-01/)).toHaveLength(4)

    await user.click(screen.getByRole('button', { name: '注销账户' }))
    await user.click(await tappable(await screen.findByRole('button', { name: '确认注销' })))
    expect(await screen.findByText(/注销申请已提交，将于 2026-12-10 10:00 执行/)).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/me/deletion')).toHaveLength(1)
    // 撤销注销 shows with the new account state, a moment before the deletion request settles and enables it.
    const undo = screen.getByRole('button', { name: '撤销注销' })
    await waitFor(() => expect(undo).toBeEnabled())
    await user.click(undo)
    // The button comes back with the account's new state and is enabled once the request has settled.
    await waitFor(() => expect(screen.getByRole('button', { name: '注销账户' })).toBeEnabled())
  })

  it('says why a deletion is refused', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/me/agreements': { items: [] },
      'GET /api/me/account': { deletionRequestedAt: null, deletionDueAt: null },
      'POST /api/me/deletion': apiError(
        409,
        'ACCOUNT_HAS_ACTIVE_POLICIES',
        '您有保障中或待生效的保单，暂不能注销账户；保单到期或退保后可再申请',
      ),
    })
    renderScreen(UserInfoPage, '/userInfo')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '注销账户' }))
    await user.click(await tappable(await screen.findByRole('button', { name: '确认注销' })))
    expect(await screen.findByText(/您有保障中或待生效的保单/)).toBeInTheDocument()
  })
})

describe('/welfare', () => {
  it('opens at my level and shows each level’s benefits', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/member': silver,
      'GET /api/member/rules': rules,
      'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' },
    })
    renderScreen(WelfarePage, '/welfare')
    expect(await screen.findByTestId('welfare-mine')).toHaveTextContent('您当前是 白银会员，享有 3 项权益')
    expect(screen.getByRole('region', { name: '白银会员权益' })).toHaveTextContent('生日祝福')
    await userEvent.click(screen.getByRole('tab', { name: '钻石' }))
    expect(await screen.findByRole('region', { name: '钻石会员权益' })).toHaveTextContent('健康咨询')
    // The demo's benefits are examples, and the page says so.
    expect(screen.getByTestId('welfare-demo-note')).toHaveTextContent('以上权益为示例内容')
  })
})

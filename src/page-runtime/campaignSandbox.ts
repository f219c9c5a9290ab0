import { CAMPAIGN_NOT_DECLARED, type CampaignTransport } from '../blocks/campaignTransport'
import { shanghaiDate } from '../domain/age'
import { checkForm, ENTRY_FRESH_DAYS } from '../domain/campaignForms'
import { couponValidity } from '../domain/coupons'
import {
  campaignStatus,
  chancesLeft,
  COLLECT_REFUSAL,
  DRAW_REFUSAL,
  eligibilityProblem,
  ENTRY_REFUSAL,
  pickPrize,
  prizeOpen,
  rewardText,
  unitFromMac,
  windowProblem,
  type ChanceRefusal,
} from '../domain/campaigns'
import { toShanghaiIso } from '../domain/dates'
import { isLocked, nextLock, pickOutcome, scorePicks } from '../domain/guess'
import { DEFAULT_SANDBOX_PROFILE, profileFacts, type SandboxProfile } from '../domain/sandboxProfile'
import { HttpError } from '../lib/request'
import type {
  CampaignDraw,
  CampaignState,
  Chances,
  Coupon,
  Entry,
  FormState,
  GuessState,
} from '../types/generated/api/campaign'
import type { Campaign, CampaignPrize, PageConfig } from '../types/generated/page'

// The preview's campaigns (docs/studio.md): the draft's own `campaigns` run in the browser on a throwaway state,
// with the server's rules from src/domain (window, chances, prizes with stock and daily caps, weights), answering
// in the API's types. Nothing is sent anywhere, nothing counts and nothing is awarded; reloading the preview or
// 重置 starts over.

/** The sample user a preview is logged in as. */
export const SANDBOX_NICKNAME = '预览用户'
/** The poster's invite code in a preview (of the invite alphabet: no 0/O, 1/I/L). */
export const SANDBOX_INVITE_CODE = 'YVWX2026'

/** What one campaign has used up in this preview. */
interface CampaignUse {
  used: number
  usedToday: number
  day: string
  /** Per prize: awarded in all, and on `day` of its own. */
  awarded: Map<string, { total: number; day: string; today: number }>
  draws: CampaignDraw[]
  coupons: Coupon[]
  entries: Entry[]
  picks: Map<string, string>
}

/** The throwaway state of one preview: what each campaign has used up. */
export interface SandboxState {
  campaigns: Map<string, CampaignUse>
  serial: number
}

export const createSandboxState = (): SandboxState => ({ campaigns: new Map(), serial: 0 })

export interface SandboxOptions {
  state: SandboxState
  /** The draft's `campaigns` (the rules in force: read at every call, so an edit applies at once). */
  campaigns: PageConfig['campaigns']
  /** The preview's moment (the studio's slider, or the link's clock). */
  now: () => number
  /** The studio's 已登录 switch: logged out, every action is refused and the blocks ask to log in. */
  loggedIn: boolean
  /** Who the sample user is for a campaign's 参与条件 (default: real-name verified, V1, a new user). */
  profile?: SandboxProfile
  /** A number in [0, 1) for a draw; by default from crypto.getRandomValues, as uniform as the server's HMAC. */
  unit?: () => number
}

const apiError = (status: number, code: string, message: string, details?: unknown[]) =>
  new HttpError(status, { error: { code, message, ...(details ? { details } : {}) } }, 'sandbox', 'POST')

/** A block whose campaign this page does not declare: said plainly, never another page's campaign. */
export const undeclaredMessage = (id: string) =>
  `本页未声明活动“${id}”，预览只运行本页声明的活动（campaigns），请先添加该活动或改选本页的活动`

const cryptoUnit = () => unitFromMac(crypto.getRandomValues(new Uint8Array(6)))

let sandboxes = 0

/** A campaign transport (blocks/campaignTransport.ts) that answers from the draft on the preview's state. */
export function campaignSandbox(options: SandboxOptions): CampaignTransport {
  const { state, now, loggedIn } = options
  const profile = options.profile ?? DEFAULT_SANDBOX_PROFILE
  const unit = options.unit ?? cryptoUnit
  const key = `campaign-sandbox-${++sandboxes}`

  const definition = (id: string): Campaign => {
    const campaign = options.campaigns?.[id]
    if (!campaign) throw apiError(404, CAMPAIGN_NOT_DECLARED, undeclaredMessage(id))
    return campaign
  }
  const usageOf = (id: string): CampaignUse => {
    let use = state.campaigns.get(id)
    if (!use) {
      use = {
        used: 0,
        usedToday: 0,
        day: '',
        awarded: new Map(),
        draws: [],
        coupons: [],
        entries: [],
        picks: new Map(),
      }
      state.campaigns.set(id, use)
    }
    return use
  }
  const status = (campaign: Campaign) =>
    campaignStatus(Date.parse(campaign.window.startAt), Date.parse(campaign.window.endAt), now())
  const chances = (campaign: Campaign, use: CampaignUse): Chances | null => {
    if (!loggedIn || !campaign.limits) return null
    return chancesLeft(campaign.limits, use.used, use.day === shanghaiDate(now()) ? use.usedToday : 0)
  }
  const awardedOf = (use: CampaignUse, prize: CampaignPrize) => {
    const awarded = use.awarded.get(prize.id)
    const today = awarded && awarded.day === shanghaiDate(now()) ? awarded.today : 0
    return { total: awarded?.total ?? 0, today }
  }
  const prizeLeft = (use: CampaignUse, prize: CampaignPrize) =>
    prize.stock === undefined ? null : Math.max(0, prize.stock - awardedOf(use, prize).total)
  const open = (use: CampaignUse, prize: CampaignPrize) =>
    prizeOpen({
      weight: prize.weight,
      stock: prize.stock ?? null,
      awarded: awardedOf(use, prize).total,
      dailyCap: prize.dailyCap ?? null,
      awardedToday: awardedOf(use, prize).today,
    })
  const award = (use: CampaignUse, prize: CampaignPrize) => {
    const day = shanghaiDate(now())
    const { total, today } = awardedOf(use, prize)
    use.awarded.set(prize.id, { total: total + 1, day, today: today + 1 })
  }

  /** Whether the sample user took part in `id` in this preview within the last ENTRY_FRESH_DAYS days. */
  const entered = (id: string) => {
    const since = now() - ENTRY_FRESH_DAYS * 86_400_000
    return (state.campaigns.get(id)?.entries ?? []).some((e) => Date.parse(e.at) > since)
  }
  /**
   * The server's eligibility rules and words (src/domain/campaigns.ts), for the sample user; an entry of another
   * campaign (须先参与) is one made in this preview.
   */
  const notEligible = (campaign: Campaign): string | null => {
    const entryOf = campaign.eligibility?.entryOf
    return eligibilityProblem(
      campaign.eligibility,
      {
        ...profileFacts(profile, now()),
        entered: entryOf ? entered(entryOf) : undefined,
        entryTitle: entryOf ? options.campaigns?.[entryOf]?.title : undefined,
      },
      now(),
    )
  }
  const assertEligible = (campaign: Campaign) => {
    const problem = notEligible(campaign)
    if (problem) throw apiError(403, 'NOT_ELIGIBLE', problem)
  }

  /** Everything an action needs first: logged in, the kind, the window open now, eligible; then one chance taken. */
  const takeChance = (id: string, kinds: Campaign['kind'][], wrongKind: string, refusal: ChanceRefusal) => {
    const campaign = definition(id)
    if (!kinds.includes(campaign.kind)) throw apiError(409, 'WRONG_CAMPAIGN_KIND', wrongKind)
    if (!loggedIn) throw apiError(401, 'UNAUTHENTICATED', '请先登录')
    const problem = windowProblem(campaign.window, now())
    if (problem) throw apiError(409, 'CAMPAIGN_CLOSED', problem)
    assertEligible(campaign)
    const use = usageOf(id)
    const left = chances(campaign, use)
    if (!left || left.left <= 0)
      throw apiError(409, 'NO_CHANCES', left && left.leftTotal > 0 ? refusal.today : refusal.total)
    const day = shanghaiDate(now())
    use.usedToday = use.day === day ? use.usedToday + 1 : 1
    use.day = day
    use.used += 1
    return { campaign, use, seq: use.used, chances: chances(campaign, use) as Chances }
  }
  const newEntry = (use: CampaignUse, seq: number): Entry => {
    const entry = {
      id: `sandbox-${++state.serial}`,
      seq,
      at: toShanghaiIso(now()),
      policyId: null,
      policyNo: null,
    }
    use.entries.unshift(entry)
    return entry
  }

  const guessState = (campaign: Campaign, use: CampaignUse): GuessState => {
    const nowMs = now()
    const items = (campaign.items ?? []).map((item) => {
      const myPick = loggedIn ? (use.picks.get(item.id) ?? null) : null
      return {
        id: item.id,
        title: item.title,
        stage: item.stage ?? null,
        kickoffAt: item.kickoffAt ?? null,
        lockAt: item.lockAt,
        locked: isLocked(item.lockAt, nowMs),
        options: item.options.map((o) => ({ id: o.id, label: o.label, picks: myPick === o.id ? 1 : 0 })),
        result: null,
        myPick,
        outcome: pickOutcome(myPick, null),
      }
    })
    return {
      items,
      correctReward: campaign.correctReward ? rewardText(campaign.correctReward, '', nowMs) : '',
      nextLockAt: nextLock(items, nowMs),
      score: loggedIn ? scorePicks(items) : null,
      rewards: [],
    }
  }

  const campaignState = (id: string): CampaignState => {
    const campaign = definition(id)
    const use = usageOf(id)
    const nowMs = now()
    const mine = chances(campaign, use)
    return {
      id,
      kind: campaign.kind,
      title: campaign.title,
      rules: campaign.rules ?? null,
      startAt: campaign.window.startAt,
      endAt: campaign.window.endAt,
      status: status(campaign),
      // No seed: a sandbox's draws are not the server's fair draws (the block leaves its fairness note out).
      seedHash: '',
      seed: null,
      prizes: (campaign.prizes ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        reward: rewardText(p.reward, p.name, nowMs),
        left: prizeLeft(use, p),
      })),
      chances: mine,
      draws: mine ? [...use.draws] : [],
      guess: campaign.kind === 'guess' ? guessState(campaign, use) : null,
      notEligible: loggedIn && status(campaign) === 'live' ? notEligible(campaign) : null,
    }
  }

  const formState = (id: string): FormState => {
    const campaign = definition(id)
    if (campaign.kind !== 'form' && campaign.kind !== 'gift-claim')
      throw apiError(409, 'WRONG_CAMPAIGN_KIND', '该活动没有表单')
    const use = usageOf(id)
    const mine = chances(campaign, use)
    return {
      id,
      kind: campaign.kind,
      title: campaign.title,
      status: status(campaign),
      startAt: campaign.window.startAt,
      endAt: campaign.window.endAt,
      rules: campaign.rules ?? null,
      fields: (campaign.fields ?? []).map((f) => ({ ...f })),
      // The gift policy's product is the server's catalogue: the preview shows the form only.
      gift: null,
      chances: mine,
      entries: mine ? [...use.entries] : [],
    }
  }

  const answer = <T>(make: () => T): Promise<T> => {
    try {
      return Promise.resolve(make())
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  return {
    key,
    campaign: (id) => answer(() => campaignState(id)),
    form: (id) => answer(() => formState(id)),
    leaderboard: (id) =>
      answer(() => {
        definition(id)
        return { entries: [], me: loggedIn ? { rank: null, correct: 0 } : null, decided: 0 }
      }),
    coupons: (id) =>
      answer(() => {
        const coupons = loggedIn ? [...usageOf(id).coupons] : []
        return { items: coupons, counts: { usable: coupons.length, used: 0, expired: 0 } }
      }),
    inviteCode: () =>
      answer(() => ({
        invite: loggedIn ? { code: SANDBOX_INVITE_CODE, nickname: SANDBOX_NICKNAME } : null,
      })),
    draw: (id) =>
      answer(() => {
        const { campaign, use, seq, chances } = takeChance(
          id,
          ['lottery'],
          '该活动不是抽奖活动',
          DRAW_REFUSAL,
        )
        const prizes = campaign.prizes ?? []
        const available = prizes.filter((p) => open(use, p)).map((p) => ({ id: p.id, weight: p.weight }))
        const picked = pickPrize(unit(), available)
        const prize = prizes.find((p) => p.id === picked) ?? null
        if (prize) award(use, prize)
        const draw: CampaignDraw = {
          id: `sandbox-${++state.serial}`,
          seq,
          prizeId: prize?.id ?? null,
          won: prize !== null && prize.reward.kind !== 'nothing',
          prizeName: prize?.name ?? '谢谢参与',
          reward: prize ? rewardText(prize.reward, prize.name, now()) : '谢谢参与',
          available,
          at: toShanghaiIso(now()),
        }
        use.draws.unshift(draw)
        return { draw, chances }
      }),
    guess: (id, picks) =>
      answer(() => {
        const campaign = definition(id)
        if (campaign.kind !== 'guess') throw apiError(409, 'NOT_A_GUESS', '该活动不是竞猜活动')
        if (!loggedIn) throw apiError(401, 'UNAUTHENTICATED', '请先登录')
        const problem = windowProblem(campaign.window, now())
        if (problem) throw apiError(409, 'CAMPAIGN_CLOSED', problem)
        const use = usageOf(id)
        for (const [i, pick] of picks.entries()) {
          const item = campaign.items?.find((it) => it.id === pick.itemId)
          if (!item) throw apiError(400, 'INVALID_INPUT', `竞猜项 ${pick.itemId} 不存在`)
          if (isLocked(item.lockAt, now())) {
            const message = `“${item.title}”已截止竞猜，不能再选或修改`
            throw apiError(409, 'GUESS_LOCKED', message, [{ field: `picks.${i}.itemId`, message }])
          }
        }
        assertEligible(campaign)
        for (const pick of picks) use.picks.set(pick.itemId, pick.optionId)
        return guessState(campaign, use)
      }),
    collect: (id) =>
      answer(() => {
        const campaign = definition(id)
        const prize = (campaign.prizes ?? []).find((p) => prizeLeft(usageOf(id), p) !== 0) ?? null
        if (campaign.kind === 'coupon' && prize === null && loggedIn)
          throw apiError(409, 'SOLD_OUT', '券已领完')
        const taken = takeChance(id, ['coupon'], '该活动不能领取，请返回活动页查看参与方式', COLLECT_REFUSAL)
        let coupon: Coupon | null = null
        if (prize) {
          award(taken.use, prize)
          if (prize.reward.kind === 'coupon') {
            const validity = couponValidity(now(), prize.reward)
            coupon = {
              id: `sandbox-${++state.serial}`,
              code: `YL${String(state.serial).padStart(6, '0')}`,
              campaignId: id,
              campaignTitle: campaign.title,
              name: prize.name,
              benefit: prize.reward.benefit,
              status: 'usable',
              validFrom: toShanghaiIso(validity.fromMs),
              validTo: toShanghaiIso(validity.toMs),
              usedAt: null,
              createdAt: toShanghaiIso(now()),
            }
            taken.use.coupons.unshift(coupon)
          }
        }
        return { entry: newEntry(taken.use, taken.seq), coupon, chances: taken.chances }
      }),
    submitForm: (id, collectsGift, body) =>
      answer(() => {
        const campaign = definition(id)
        const checked = checkForm(campaign.fields ?? [], body.fields ?? {}, shanghaiDate(now()))
        if (!checked.ok) throw apiError(400, 'INVALID_FORM', checked.problems[0].message, checked.problems)
        const taken = collectsGift
          ? takeChance(id, ['gift-claim'], '该活动不能领取，请返回活动页查看参与方式', COLLECT_REFUSAL)
          : takeChance(id, ['form'], '该活动不接受表单提交', ENTRY_REFUSAL)
        const entry = newEntry(taken.use, taken.seq)
        return collectsGift
          ? { entry, coupon: null, chances: taken.chances }
          : { entry, repeated: false, chances: taken.chances }
      }),
    // No text message is sent from a preview: any six digits pass.
    sendSmsCode: (id) =>
      answer(() => {
        definition(id)
        return { resendAfterSeconds: 60, expiresInSeconds: 300 }
      }),
  }
}

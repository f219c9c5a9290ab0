// What each kind of campaign needs in its config, and the checks of a guessing game (竞猜) that its schema cannot
// make: item and option ids unique, each lock time inside the campaign's window and not after the kick-off, and a
// reward the ledger can credit. UI-free: the CLI, the Vite build and the server run it.
import { FIELD_LABELS } from './fieldLabels'
import { isObject, type JsonObject } from './json'
import { guessRewardProblem } from './prizeReward'

type Add = (pointer: string, message: string) => void

const KIND_NAMES: Record<string, string> = {
  lottery: '抽奖',
  guess: '竞猜',
  coupon: '领券',
  'gift-claim': '赠险',
  form: '表单登记',
}

/** The fields a kind needs (with what they are, for the message) and the fields it does not use. */
const KIND_FIELDS: Record<string, { needs: [string, string][]; unused: string[] }> = {
  lottery: {
    needs: [
      ['prizes', '奖品'],
      ['limits', '每人次数'],
    ],
    unused: ['items', 'correctReward'],
  },
  coupon: {
    needs: [
      ['prizes', '奖品'],
      ['limits', '每人次数'],
    ],
    unused: ['items', 'correctReward'],
  },
  'gift-claim': {
    needs: [
      ['prizes', '奖品'],
      ['limits', '每人次数'],
    ],
    unused: ['items', 'correctReward'],
  },
  form: {
    needs: [['limits', '每人次数']],
    unused: ['items', 'correctReward'],
  },
  guess: {
    needs: [
      ['items', '竞猜项'],
      ['correctReward', '猜中奖励'],
    ],
    unused: ['prizes', 'limits'],
  },
}

/** Refuses a campaign without what its kind needs, or with a field its kind does not use. */
export function checkCampaignKind(campaign: JsonObject, at: string, add: Add): void {
  const kind = typeof campaign.kind === 'string' ? campaign.kind : ''
  const fields = KIND_FIELDS[kind]
  if (!fields) return
  const name = KIND_NAMES[kind]
  for (const [field, what] of fields.needs)
    if (campaign[field] === undefined) add(at, `${name}活动须写明「${what}」`)
  for (const field of fields.unused)
    if (campaign[field] !== undefined)
      add(
        `${at}/${field}`,
        `${name}活动不用「${FIELD_LABELS[field] ?? field}」（${kind === 'guess' ? '奖励写在「猜中奖励」' : '仅竞猜使用'}）`,
      )
  if (kind === 'guess') checkGuess(campaign, at, add)
  if (campaign.grantOnLogin !== undefined && kind !== 'coupon')
    add(`${at}/grantOnLogin`, '只有领券活动可以登录后自动发放')
  if (campaign.countsTrials !== undefined && kind !== 'form')
    add(`${at}/countsTrials`, '只有表单登记活动可以把产品页保费试算计为参与')
}

const ms = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN)

function checkGuess(campaign: JsonObject, at: string, add: Add) {
  const window = isObject(campaign.window) ? campaign.window : {}
  const start = ms(window.startAt)
  const end = ms(window.endAt)
  const items = Array.isArray(campaign.items) ? campaign.items : []
  const itemIds = new Map<string, number>()
  items.forEach((item, i) => {
    if (!isObject(item)) return
    const here = `${at}/items/${i}`
    const title = typeof item.title === 'string' ? `“${item.title}”` : `第 ${i + 1} 项`
    if (typeof item.id === 'string') {
      const first = itemIds.get(item.id)
      if (first !== undefined) add(`${here}/id`, `竞猜项编号「${item.id}」重复（第 ${first + 1} 项已使用）`)
      else itemIds.set(item.id, i)
    }
    const lockAt = ms(item.lockAt)
    if (!Number.isNaN(lockAt)) {
      if (lockAt <= start || lockAt > end)
        add(`${here}/lockAt`, `${title}的截止时间须在活动的参与时间之内（晚于开始，不晚于结束）`)
      const kickoff = ms(item.kickoffAt)
      if (!Number.isNaN(kickoff) && lockAt > kickoff)
        add(`${here}/lockAt`, `${title}的截止时间不能晚于开赛时间`)
    }
    const options = Array.isArray(item.options) ? item.options : []
    const optionIds = new Set<string>()
    const labels = new Set<string>()
    options.forEach((option, j) => {
      if (!isObject(option)) return
      const there = `${here}/options/${j}`
      if (typeof option.id === 'string') {
        if (optionIds.has(option.id)) add(`${there}/id`, `${title}的选项编号「${option.id}」重复`)
        optionIds.add(option.id)
      }
      if (typeof option.label === 'string') {
        if (labels.has(option.label)) add(`${there}/label`, `${title}的选项“${option.label}”重复`)
        labels.add(option.label)
      }
    })
  })
  const reward = isObject(campaign.correctReward) ? campaign.correctReward : undefined
  if (reward && reward.kind !== 'points' && reward.kind !== 'beans')
    add(`${at}/correctReward/kind`, '猜中奖励须为积分或金豆，结果录入时记入账户')
  else {
    const promised = guessRewardProblem(campaign.title, reward, items.length)
    if (promised) add(`${at}/correctReward`, promised)
  }
}

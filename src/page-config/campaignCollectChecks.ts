// What a campaign's schema cannot say about coupons, forms and gifts to collect (领取, issue 14): which rewards fit which
// kind, and the fields a form needs. Called by checkCampaigns (checks.ts) for every campaign of a config.
import { isObject, type JsonObject } from './json'

type Add = (pointer: string, message: string) => void

/** Field kinds a gift policy reads its person from (the policyholder and the insured collect it). */
const GIFT_FIELDS: [kind: string, name: string][] = [
  ['name', '姓名（name）'],
  ['certificate', '证件（certificate）'],
  ['phone', '手机号（phone）'],
  ['agreement', '勾选同意（agreement）'],
]

export function checkCampaignCollection(campaign: JsonObject, at: string, add: Add): void {
  const kind = campaign.kind
  const prizes = (Array.isArray(campaign.prizes) ? campaign.prizes : []).filter(isObject)
  const rewardKind = (prize: JsonObject) => (isObject(prize.reward) ? prize.reward.kind : undefined)
  const fields = (Array.isArray(campaign.fields) ? campaign.fields : []).filter(isObject)

  // A missing list is reported by checkCampaignKind (campaignKinds.ts); an empty one here.
  if (kind === 'form') {
    if (prizes.length > 0) add(`${at}/prizes`, '表单登记活动不发奖品，「奖品」须为空')
  } else if (kind !== 'guess' && Array.isArray(campaign.prizes) && prizes.length === 0)
    add(`${at}/prizes`, '须至少有一项奖品')

  prizes.forEach((prize, i) => {
    const reward = rewardKind(prize)
    const here = `${at}/prizes/${i}/reward/kind`
    if (kind === 'coupon' && reward !== 'coupon') add(here, '领券活动的奖品须为券')
    if (kind === 'gift-claim' && reward !== 'gift-policy') add(here, '赠险活动的奖品须为赠险')
    if (kind !== 'gift-claim' && reward === 'gift-policy')
      add(here, '赠险须填写被保险人信息，只能由赠险活动领取')
  })
  if (kind === 'gift-claim' && prizes.length > 1) add(`${at}/prizes`, '赠险活动只能有一项奖品')

  if (fields.length > 0 && kind !== 'form' && kind !== 'gift-claim')
    add(`${at}/fields`, '只有表单登记与赠险活动有表单字段')
  const keys = new Set<string>()
  fields.forEach((field, i) => {
    const here = `${at}/fields/${i}`
    if (typeof field.key === 'string') {
      if (keys.has(field.key)) add(`${here}/key`, `字段名「${field.key}」重复`)
      keys.add(field.key)
    }
    if (field.kind === 'select' && !Array.isArray(field.options)) add(`${here}/options`, '单选字段须列出选项')
    if (field.kind !== 'select' && field.options !== undefined) add(`${here}/options`, '只有单选字段有选项')
    if (field.kind !== 'certificate' && field.certTypes !== undefined)
      add(`${here}/certTypes`, '只有证件字段可限定证件类型')
    if (field.kind !== 'agreement' && field.link !== undefined)
      add(`${here}/link`, '只有勾选同意字段可附链接')
    if (field.kind === 'agreement' && field.optional === true) add(`${here}/optional`, '勾选同意总是必填')
  })
  if (fields.filter((f) => f.kind === 'phone').length > 1)
    add(`${at}/fields`, '表单最多一个手机号字段（用短信验证码验证）')
  if (kind === 'gift-claim')
    for (const [fieldKind, name] of GIFT_FIELDS) {
      const field = fields.find((f) => f.kind === fieldKind)
      if (!field) add(`${at}/fields`, `赠险活动的表单须有${name}字段`)
      else if (field.optional === true)
        add(`${at}/fields/${fields.indexOf(field)}/optional`, `赠险活动的${name}字段必填`)
    }
}

// Member levels (会员等级) by growth (成长值): the points a member earned (sign-ins, policies, campaigns) in the
// last 365 days, so a level is kept by staying active and never bought outright. Benefits are services, never
// a discount on a premium (no inducement outside the contract: docs/architecture.md).

export interface MemberBenefit {
  title: string
  description: string
}

export interface MemberLevel {
  code: 'V1' | 'V2' | 'V3' | 'V4' | 'V5'
  name: string
  minGrowth: number
  benefits: readonly MemberBenefit[]
}

/** Days of earnings that count towards growth. */
export const GROWTH_WINDOW_DAYS = 365

const SIGN_IN: MemberBenefit = {
  title: '每日签到领积分',
  description: '每天签到领积分，连续签到第7天额外奖励金豆',
}
const MALL: MemberBenefit = { title: '积分商城兑换', description: '积分、金豆可兑换体检券、会员卡等礼品' }
const SERVICE: MemberBenefit = {
  title: '专属客服通道',
  description: '在线咨询优先接入，工作日 9:00–18:00 响应',
}
const CLAIM_GUIDE: MemberBenefit = { title: '理赔协助', description: '理赔材料一对一指导，协助整理报案资料' }
const HEALTH: MemberBenefit = { title: '健康咨询', description: '全年不限次图文健康咨询（由合作机构提供）' }
const BIRTHDAY: MemberBenefit = { title: '生日祝福', description: '生日当月消息中心送上祝福与专属活动提醒' }

export const MEMBER_LEVELS: readonly MemberLevel[] = [
  { code: 'V1', name: '普通会员', minGrowth: 0, benefits: [SIGN_IN, MALL] },
  { code: 'V2', name: '白银会员', minGrowth: 500, benefits: [SIGN_IN, MALL, BIRTHDAY] },
  { code: 'V3', name: '黄金会员', minGrowth: 2000, benefits: [SIGN_IN, MALL, BIRTHDAY, SERVICE] },
  {
    code: 'V4',
    name: '铂金会员',
    minGrowth: 5000,
    benefits: [SIGN_IN, MALL, BIRTHDAY, SERVICE, CLAIM_GUIDE],
  },
  {
    code: 'V5',
    name: '钻石会员',
    minGrowth: 10000,
    benefits: [SIGN_IN, MALL, BIRTHDAY, SERVICE, CLAIM_GUIDE, HEALTH],
  },
]

/** The level a growth value reaches, and the next one (null at the top). */
export function levelFor(growth: number): { level: MemberLevel; next: MemberLevel | null } {
  let index = 0
  for (let i = 0; i < MEMBER_LEVELS.length; i++) if (growth >= MEMBER_LEVELS[i].minGrowth) index = i
  return { level: MEMBER_LEVELS[index], next: MEMBER_LEVELS[index + 1] ?? null }
}

/** Days an account deletion waits before it is carried out; logging in and cancelling stops it. */
export const DELETION_COOLING_DAYS = 15

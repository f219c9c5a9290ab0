// The sample user of a campaign preview (the studio's frame and the signed preview link): the facts a campaign's
// 参与条件 read (eligibilityProblem in campaigns.ts), chosen by staff so a preview shows what a person who does
// not meet them sees. 须先参与 needs no choice: it is met by taking part in the other campaign in the preview.

import type { EligibilityFacts } from './campaigns'
import { MEMBER_LEVELS, type MemberLevel } from './memberLevel'

export type LevelCode = MemberLevel['code']

export interface SandboxProfile {
  realName: boolean
  level: LevelCode
  /** Registered when the preview starts (true), or years before (false). */
  newUser: boolean
}

/** Who a preview is, unless staff choose otherwise: real-name verified, a V1 member, a new user. */
export const DEFAULT_SANDBOX_PROFILE: SandboxProfile = { realName: true, level: 'V1', newUser: true }

/** An old user registered this long before the preview's moment: longer than any 新用户 rule (≤ 365 days). */
const OLD_USER_DAYS = 3 * 365

/** The eligibility facts of the sample user at the preview's moment. */
export function profileFacts(
  profile: SandboxProfile,
  nowMs: number,
): Pick<EligibilityFacts, 'realNameVerified' | 'registeredAtMs' | 'level'> {
  return {
    realNameVerified: profile.realName,
    registeredAtMs: profile.newUser ? nowMs : nowMs - OLD_USER_DAYS * 86_400_000,
    level: profile.level,
  }
}

/** The choices as staff see them (never a raw value). */
export const REAL_NAME_CHOICES = [
  { value: true, label: '已实名' },
  { value: false, label: '未实名' },
] as const
export const NEW_USER_CHOICES = [
  { value: true, label: '新用户' },
  { value: false, label: '老用户' },
] as const
export const LEVEL_CHOICES: readonly { value: LevelCode; label: string }[] = MEMBER_LEVELS.map((l) => ({
  value: l.code,
  label: `${l.code} ${l.name}`,
}))

const isLevel = (value: unknown): value is LevelCode => LEVEL_CHOICES.some((c) => c.value === value)

/** A profile from a message or anything else (a field missing or malformed keeps the default's). */
export function readProfile(value: unknown): SandboxProfile {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return {
    realName: typeof record.realName === 'boolean' ? record.realName : DEFAULT_SANDBOX_PROFILE.realName,
    level: isLevel(record.level) ? record.level : DEFAULT_SANDBOX_PROFILE.level,
    newUser: typeof record.newUser === 'boolean' ? record.newUser : DEFAULT_SANDBOX_PROFILE.newUser,
  }
}

/** The preview link's query parameter holding a profile other than the default (`profile=unverified,V3,old`). */
export const PROFILE_PARAM = 'profile'

/** The parameter's value for a profile, or null for the default one. */
export function profileParam(profile: SandboxProfile): string | null {
  const words = [
    ...(profile.realName ? [] : ['unverified']),
    ...(profile.level === DEFAULT_SANDBOX_PROFILE.level ? [] : [profile.level]),
    ...(profile.newUser ? [] : ['old']),
  ]
  return words.length ? words.join(',') : null
}

/** The profile a link's parameter says (absent or unknown words: the default's). */
export function readProfileParam(text: string | null): SandboxProfile {
  const words = (text ?? '').split(',')
  const level = words.find(isLevel)
  return {
    realName: !words.includes('unverified'),
    level: level ?? DEFAULT_SANDBOX_PROFILE.level,
    newUser: !words.includes('old'),
  }
}

export const sameProfile = (a: SandboxProfile, b: SandboxProfile) =>
  a.realName === b.realName && a.level === b.level && a.newUser === b.newUser

import type { Condition } from '../types/generated/page'

export interface ConditionContext {
  loggedIn: boolean
  query: URLSearchParams
  /** Reads a whitelisted state path such as "user.userInfo.nickname". */
  state: (path: string) => unknown
}

export function evaluateCondition(condition: Condition | undefined, ctx: ConditionContext): boolean {
  if (!condition) return true
  if ('loggedIn' in condition) return condition.loggedIn === ctx.loggedIn
  if ('query' in condition) {
    const value = ctx.query.get(condition.query)
    return condition.equals === undefined ? value !== null && value !== '' : value === condition.equals
  }
  if ('state' in condition) return ctx.state(condition.state) === condition.equals
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, ctx))
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, ctx))
  if ('not' in condition) return !evaluateCondition(condition.not, ctx)
  return false
}

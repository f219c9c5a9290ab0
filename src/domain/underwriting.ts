import type { HealthFollowUp, HealthQuestion, UnderwritingOutcome } from '../types/generated/api/catalog'

// 智能核保 (smart underwriting): a health question answered 是 that has follow-up questions is narrowed down by
// them (e.g. a nodule: where, how large, what the follow-up check found), and ends in 标准体承保, 除外承保 or 拒保.
// A 是 to a question without follow-ups declines. The browser walks the same tree to know what to ask next; the
// server decides the outcome (POST /api/applications/:id/health) from the product it holds.

export type FollowUpAnswer = { questionId: string; value: string }
export type FollowUpQuestion = HealthFollowUp['questions'][number]

/** Where the follow-up answers lead: the questions to show (in order) and the outcome once one is reached. */
export function walkFollowUp(
  followUp: HealthFollowUp,
  answers: readonly FollowUpAnswer[],
): { asked: FollowUpQuestion[]; outcome: UnderwritingOutcome | null } {
  const byId = new Map(followUp.questions.map((q) => [q.id, q]))
  const given = new Map(answers.map((a) => [a.questionId, a.value]))
  const asked: FollowUpQuestion[] = []
  let question: FollowUpQuestion | undefined = followUp.questions[0]
  while (question && !asked.includes(question)) {
    asked.push(question)
    const value = given.get(question.id)
    const option: FollowUpQuestion['options'][number] | undefined = question.options.find(
      (o) => o.value === value,
    )
    if (!option) return { asked, outcome: null }
    if (option.outcome) return { asked, outcome: option.outcome }
    question = option.next ? byId.get(option.next) : undefined
  }
  // A tree that leads nowhere (a missing or repeated next) cannot accept the insured.
  return { asked, outcome: 'decline' }
}

const SEVERITY: Record<UnderwritingOutcome, number> = { standard: 0, exclusion: 1, decline: 2 }

export interface Underwriting {
  outcome: UnderwritingOutcome
  /** The product's exclusions that apply (除外承保), in question order. */
  exclusions: string[]
  /** The questions answered 是 that declined the insured. */
  declinedBy: HealthQuestion[]
}

/**
 * The outcome of a complete health notification: the strictest of every answer's (否 is standard; 是 is its
 * follow-up's outcome, or decline without follow-ups). Null when a follow-up question is still unanswered.
 */
export function underwrite(
  questions: readonly HealthQuestion[],
  answers: ReadonlyMap<string, { answer: 'yes' | 'no'; followUp?: readonly FollowUpAnswer[] }>,
): Underwriting | null {
  const result: Underwriting = { outcome: 'standard', exclusions: [], declinedBy: [] }
  for (const question of questions) {
    const answer = answers.get(question.id)
    if (!answer || answer.answer === 'no') continue
    const outcome = question.followUp
      ? walkFollowUp(question.followUp, answer.followUp ?? []).outcome
      : 'decline'
    if (outcome === null) return null
    if (outcome === 'decline') result.declinedBy.push(question)
    if (outcome === 'exclusion' && question.followUp) result.exclusions.push(question.followUp.exclusion)
    if (SEVERITY[outcome] > SEVERITY[result.outcome]) result.outcome = outcome
  }
  if (result.outcome === 'decline') result.exclusions = []
  return result
}

export const OUTCOME_NAMES: Record<UnderwritingOutcome, string> = {
  standard: '标准体承保',
  exclusion: '除外承保',
  decline: '拒保',
}

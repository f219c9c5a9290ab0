// Scored questionnaires (risk check, trial-fee analysis, travel appraisal, the hzyd funnels). Pure.

export interface ScoredQuestion {
  id: string
  kind: 'single' | 'multi'
  optional?: boolean
  options: readonly { score: number }[]
}

/** Chosen option indexes per question id. */
export type Answers = Record<string, readonly number[]>

export interface ScoreBand {
  min: number
  max: number
}

/** Ids of required questions without a (valid) answer, in question order. */
export function unansweredQuestions(questions: readonly ScoredQuestion[], answers: Answers): string[] {
  return questions
    .filter((q) => {
      const chosen = (answers[q.id] ?? []).filter((i) => i >= 0 && i < q.options.length)
      return !q.optional && chosen.length === 0
    })
    .map((q) => q.id)
}

/** Total score; a single-choice question counts only its first answer, unknown options count nothing. */
export function scoreAnswers(questions: readonly ScoredQuestion[], answers: Answers): number {
  let total = 0
  for (const q of questions) {
    const chosen = [...new Set(answers[q.id] ?? [])].filter(
      (i) => Number.isInteger(i) && i >= 0 && i < q.options.length,
    )
    for (const index of q.kind === 'single' ? chosen.slice(0, 1) : chosen) total += q.options[index].score
  }
  return total
}

/** The band a score falls in (bands are inclusive ranges), or undefined. */
export function bandFor<B extends ScoreBand>(bands: readonly B[], score: number): B | undefined {
  return bands.find((b) => score >= b.min && score <= b.max)
}

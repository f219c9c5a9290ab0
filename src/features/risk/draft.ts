// The questionnaire in progress, kept in this tab's sessionStorage per user so that a reload resumes it.
// Read and written from effects and handlers only (screens are rendered on the server too).

export interface RiskDraft {
  step: number
  /** questionId -> optionId */
  answers: Record<string, string>
}

const key = (userId: string) => `riskAssessment:draft:${userId}`

/** The stored draft, or null when there is none or it is not one (then it starts clean). */
export function readDraft(userId: string): RiskDraft | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key(userId)) ?? 'null')
    if (typeof parsed !== 'object' || parsed === null) return null
    const { step, answers } = parsed as Record<string, unknown>
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 50) return null
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return null
    const clean: Record<string, string> = {}
    for (const [question, option] of Object.entries(answers)) {
      if (typeof option === 'string' && option.length <= 2) clean[question] = option
    }
    return { step, answers: clean }
  } catch {
    return null
  }
}

export function saveDraft(userId: string, draft: RiskDraft): void {
  try {
    sessionStorage.setItem(key(userId), JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the questionnaire still works, it just does not survive a reload.
  }
}

export function clearDraft(userId: string): void {
  try {
    sessionStorage.removeItem(key(userId))
  } catch {
    // as above
  }
}

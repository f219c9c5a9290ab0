// The latest result of each questionnaire, kept for this browser session so the result page can read it.

const key = (questionnaireId: string) => `questionnaire:${questionnaireId}`

export interface StoredResult {
  score: number
  at: number
}

export function saveResult(questionnaireId: string, score: number): void {
  try {
    sessionStorage.setItem(
      key(questionnaireId),
      JSON.stringify({ score, at: Date.now() } satisfies StoredResult),
    )
  } catch {
    // Storage blocked: the score still travels in the result page's query.
  }
}

export function readResult(questionnaireId: string): StoredResult | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key(questionnaireId)) ?? 'null') as StoredResult | null
    return parsed && Number.isInteger(parsed.score) ? parsed : null
  } catch {
    return null
  }
}

import { describe, expect, it } from 'vitest'
import { bandFor, scoreAnswers, unansweredQuestions } from '../../src/domain/questionnaire'

const questions = [
  { id: 'a', kind: 'single' as const, options: [{ score: 1 }, { score: 4 }] },
  { id: 'b', kind: 'multi' as const, options: [{ score: 2 }, { score: 3 }, { score: -1 }] },
  { id: 'c', kind: 'single' as const, optional: true, options: [{ score: 5 }, { score: 0 }] },
]

describe('questionnaire scoring', () => {
  it('sums chosen options; single counts its first answer, multi counts each once', () => {
    expect(scoreAnswers(questions, { a: [1], b: [0, 1, 1] })).toBe(4 + 2 + 3)
    expect(scoreAnswers(questions, { a: [0, 1], b: [2], c: [0] })).toBe(1 - 1 + 5)
  })

  it('ignores answers that are not options', () => {
    expect(scoreAnswers(questions, { a: [7], b: [-1, 1], zz: [0] })).toBe(3)
  })

  it('lists required questions without an answer', () => {
    expect(unansweredQuestions(questions, { b: [9] })).toEqual(['a', 'b'])
    expect(unansweredQuestions(questions, { a: [0], b: [1] })).toEqual([])
  })

  it('finds the inclusive band for a score', () => {
    const bands = [
      { min: 0, max: 8, title: '保守' },
      { min: 9, max: 14, title: '稳健' },
    ]
    expect(bandFor(bands, 8)?.title).toBe('保守')
    expect(bandFor(bands, 9)?.title).toBe('稳健')
    expect(bandFor(bands, 15)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { healthQuestions } from '../../server/db/seed/documents'
import { PRODUCTS } from '../../server/db/seed/products'
import { underwrite, walkFollowUp } from '../../src/domain/underwriting'
import type { HealthFollowUp, HealthQuestion } from '../../src/types/generated/api/catalog'

const followUp: HealthFollowUp = {
  exclusion: '结节',
  questions: [
    {
      id: 'kind',
      text: '哪一项？',
      options: [
        { value: 'nodule', label: '结节', next: 'size' },
        { value: 'other', label: '其他', outcome: 'decline' },
      ],
    },
    {
      id: 'size',
      text: '多大？',
      options: [
        { value: 'small', label: '小', outcome: 'exclusion' },
        { value: 'tiny', label: '很小', outcome: 'standard' },
      ],
    },
  ],
}
const questions: HealthQuestion[] = [
  { id: 'q1', text: '住院？' },
  { id: 'q2', text: '体检异常？', followUp },
]
type Answer = { answer: 'yes' | 'no'; followUp?: { questionId: string; value: string }[] }
const no: Answer = { answer: 'no' }

describe('walkFollowUp', () => {
  it('asks the first question, then where each answer leads, until an outcome', () => {
    expect(walkFollowUp(followUp, []).asked.map((q) => q.id)).toEqual(['kind'])
    expect(walkFollowUp(followUp, [{ questionId: 'kind', value: 'nodule' }])).toMatchObject({
      asked: [{ id: 'kind' }, { id: 'size' }],
      outcome: null,
    })
    expect(walkFollowUp(followUp, [{ questionId: 'kind', value: 'other' }]).outcome).toBe('decline')
  })
})

describe('underwrite', () => {
  it('takes the strictest outcome: 否 is standard, 是 without follow-ups declines', () => {
    expect(
      underwrite(
        questions,
        new Map<string, Answer>([
          ['q1', no],
          ['q2', no],
        ]),
      ),
    ).toEqual({
      outcome: 'standard',
      exclusions: [],
      declinedBy: [],
    })
    const answers = (size: string) =>
      new Map<string, Answer>([
        ['q1', no],
        [
          'q2',
          {
            answer: 'yes',
            followUp: [
              { questionId: 'kind', value: 'nodule' },
              { questionId: 'size', value: size },
            ],
          },
        ],
      ])
    expect(underwrite(questions, answers('small'))).toMatchObject({
      outcome: 'exclusion',
      exclusions: ['结节'],
    })
    expect(underwrite(questions, answers('tiny'))).toMatchObject({ outcome: 'standard', exclusions: [] })
    const yes = answers('small').set('q1', { answer: 'yes' })
    expect(underwrite(questions, yes)).toEqual({
      outcome: 'decline',
      exclusions: [],
      declinedBy: [questions[0]],
    })
  })

  it('has no outcome while a follow-up is unanswered', () => {
    expect(
      underwrite(
        questions,
        new Map<string, Answer>([
          ['q1', no],
          ['q2', { answer: 'yes' }],
        ]),
      ),
    ).toBeNull()
  })
})

describe('the seed products’ follow-ups', () => {
  it('every option leads to another question of its tree or to an outcome, and every question is reachable', () => {
    const trees = PRODUCTS.flatMap((p) => healthQuestions(p)).flatMap((q) => (q.followUp ? [q.followUp] : []))
    expect(trees.length).toBeGreaterThan(0)
    for (const tree of trees) {
      const ids = tree.questions.map((q) => q.id)
      const reached = new Set([ids[0]])
      for (const question of tree.questions)
        for (const option of question.options) {
          expect(Boolean(option.next) !== Boolean(option.outcome), `${question.id}/${option.value}`).toBe(
            true,
          )
          if (option.next) {
            expect(ids).toContain(option.next)
            expect(ids.indexOf(option.next)).toBeGreaterThan(ids.indexOf(question.id))
            reached.add(option.next)
          }
        }
      expect([...reached].sort()).toEqual([...ids].sort())
    }
  })
})

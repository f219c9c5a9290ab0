import { Radio } from '../check/Check'
import type { HealthFollowUp } from '../../types/generated/api/catalog'
import { walkFollowUp, type FollowUpAnswer } from '../../domain/underwriting'

export type HealthAnswer = 'yes' | 'no'

type Question = { id: string; text: string; followUp?: HealthFollowUp }

/**
 * The health questions, each answered 是 or 否 (nothing preselected). A 是 to a question with follow-ups
 * (智能核保) asks them below it, one after the other as the answers lead; the server decides the outcome.
 * Laid out as antd-mobile's List was (its chunk brought an arrow icon no question shows); each question is a
 * group named by its text.
 */
export function HealthQuestionList({
  questions,
  answers,
  onAnswer,
  followUps = {},
  onFollowUp,
}: {
  questions: readonly Question[]
  answers: Readonly<Record<string, HealthAnswer | undefined>>
  onAnswer: (questionId: string, answer: HealthAnswer) => void
  followUps?: Readonly<Record<string, readonly FollowUpAnswer[] | undefined>>
  onFollowUp?: (questionId: string, answers: FollowUpAnswer[]) => void
}) {
  return (
    <section className="health-questions" aria-labelledby="health-questions-title">
      <h3 id="health-questions-title" className="health-questions-title">
        健康告知
      </h3>
      <ol className="health-questions-list">
        {questions.map((question, index) => (
          <li key={question.id} className="health-question">
            <div role="group" aria-labelledby={`health-question-${question.id}`}>
              <p id={`health-question-${question.id}`} className="health-question-text">
                {index + 1}. {question.text}
              </p>
              <Radio.Group
                value={answers[question.id] ?? null}
                onChange={(value) => onAnswer(question.id, value as HealthAnswer)}
              >
                <Radio value="yes" style={{ marginRight: 24 }} aria-label={`第${index + 1}题 是`}>
                  是
                </Radio>
                <Radio value="no" aria-label={`第${index + 1}题 否`}>
                  否
                </Radio>
              </Radio.Group>
              {answers[question.id] === 'yes' && question.followUp && onFollowUp && (
                <FollowUpQuestions
                  parentId={question.id}
                  followUp={question.followUp}
                  given={followUps[question.id] ?? []}
                  onChange={(next) => onFollowUp(question.id, next)}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The follow-ups asked so far; answering one drops the answers after it (the path may change). */
function FollowUpQuestions({
  parentId,
  followUp,
  given,
  onChange,
}: {
  parentId: string
  followUp: HealthFollowUp
  given: readonly FollowUpAnswer[]
  onChange: (answers: FollowUpAnswer[]) => void
}) {
  const { asked } = walkFollowUp(followUp, given)
  return (
    <div className="health-follow-up" role="group" aria-label="智能核保追问">
      <p className="health-follow-up-intro">智能核保：请继续回答，以评估能否投保</p>
      {asked.map((question, index) => (
        <div key={question.id} className="health-follow-up-question">
          <p id={`follow-up-${parentId}-${question.id}`}>{question.text}</p>
          <Radio.Group
            value={given.find((a) => a.questionId === question.id)?.value ?? null}
            onChange={(value) =>
              onChange([
                ...given.filter((a) => asked.slice(0, index).some((q) => q.id === a.questionId)),
                { questionId: question.id, value: String(value) },
              ])
            }
          >
            <div
              className="health-follow-up-options"
              role="radiogroup"
              aria-labelledby={`follow-up-${parentId}-${question.id}`}
            >
              {question.options.map((option) => (
                <Radio key={option.value} value={option.value}>
                  {option.label}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </div>
      ))}
    </div>
  )
}

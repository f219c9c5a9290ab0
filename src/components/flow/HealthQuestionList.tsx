import { List, Radio } from 'antd-mobile'

export type HealthAnswer = 'yes' | 'no'

/** The health questions, each answered 是 or 否 (nothing preselected). */
export function HealthQuestionList({
  questions,
  answers,
  onAnswer,
}: {
  questions: readonly { id: string; text: string }[]
  answers: Readonly<Record<string, HealthAnswer | undefined>>
  onAnswer: (questionId: string, answer: HealthAnswer) => void
}) {
  return (
    <List header="健康告知">
      {questions.map((question, index) => (
        <List.Item
          key={question.id}
          description={
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
          }
        >
          {index + 1}. {question.text}
        </List.Item>
      ))}
    </List>
  )
}

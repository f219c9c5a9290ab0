import { List, Radio } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import type { FlowBinding } from './flowState'

/** The partner product's health questions, answers kept in the flow's draft. */
export function HealthQuestions({
  questions,
  binding,
}: {
  questions: { id: string; text: string }[]
  binding: FlowBinding
}) {
  const { healthAnswers } = useSnapshot(binding.extras)
  if (questions.length === 0) return <div className="purchase-card">本产品无需健康告知。</div>
  return (
    <List header="健康告知">
      {questions.map((question, index) => (
        <List.Item
          key={question.id}
          description={
            <Radio.Group
              value={question.id in healthAnswers ? (healthAnswers[question.id] ? 'yes' : 'no') : null}
              onChange={(value) => {
                binding.extras.healthAnswers[question.id] = value === 'yes'
              }}
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

/** Whether every question is answered, and whether any answer is 是 (the product then cannot be bought). */
export function healthState(questions: { id: string }[], answers: Record<string, boolean>) {
  return {
    complete: questions.every((q) => q.id in answers),
    declined: questions.some((q) => answers[q.id] === true),
  }
}

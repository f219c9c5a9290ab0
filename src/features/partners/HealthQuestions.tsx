import { HealthQuestionList } from '../../components/flow/HealthQuestionList'
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
    <HealthQuestionList
      questions={questions}
      answers={Object.fromEntries(
        Object.entries(healthAnswers).map(([id, yes]) => [id, yes ? 'yes' : 'no'] as const),
      )}
      onAnswer={(id, answer) => {
        binding.answer(id, answer === 'yes')
      }}
    />
  )
}

/** Whether every question is answered, and whether any answer is 是 (the product then cannot be bought). */
export function healthState(questions: { id: string }[], answers: Record<string, boolean>) {
  return {
    complete: questions.every((q) => q.id in answers),
    declined: questions.some((q) => answers[q.id] === true),
  }
}

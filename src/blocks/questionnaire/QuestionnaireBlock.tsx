import { useState } from 'react'
import { Button, ProgressBar, Space } from 'antd-mobile'
import { Checkbox, Radio } from '../../components/check/Check'
import type { QuestionnaireBlock as Props } from '../../types/generated/page'
import { toast } from '../../components/notice'
import { bandFor, scoreAnswers, unansweredQuestions, type Answers } from '../../domain/questionnaire'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BandResult } from '../questionnaire-result/BandResult'
import { saveResult } from './resultStore'

export default function QuestionnaireBlock({ block }: BlockProps<Props>) {
  const { text, navigate } = useBlockRuntime()
  const [answers, setAnswers] = useState<Answers>({})
  const [page, setPage] = useState(0)
  const [score, setScore] = useState<number | null>(null)
  const questions = block.paged ? [block.questions[page]] : block.questions
  const setAnswer = (id: string, value: number[]) => setAnswers((a) => ({ ...a, [id]: value }))

  const submit = () => {
    const missing = unansweredQuestions(block.questions, answers)
    if (missing.length) {
      const index = block.questions.findIndex((q) => q.id === missing[0])
      toast('warning', `请回答第 ${index + 1} 题`)
      if (block.paged) setPage(index)
      return
    }
    const total = scoreAnswers(block.questions, answers)
    saveResult(block.questionnaireId, total)
    if (block.resultPage)
      navigate(`${block.resultPage}${block.resultPage.includes('?') ? '&' : '?'}score=${total}`)
    else setScore(total)
  }

  if (score !== null && block.bands) {
    return (
      <BandResult
        band={bandFor(block.bands, score)}
        score={score}
        onRetake={() => (setScore(null), setAnswers({}), setPage(0))}
      />
    )
  }
  const current = block.questions[page]
  const answeredCurrent = (answers[current.id] ?? []).length > 0 || current.optional
  const last = page === block.questions.length - 1
  return (
    <form className="blk-quiz" onSubmit={(e) => (e.preventDefault(), submit())}>
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      {block.paged && (
        <div className="blk-quiz-progress">
          <ProgressBar percent={((page + 1) / block.questions.length) * 100} />
          <span>
            {page + 1}/{block.questions.length}
          </span>
        </div>
      )}
      {questions.map((q) => {
        const number = block.questions.indexOf(q) + 1
        return (
          <fieldset key={q.id} className="blk-quiz-question">
            <legend>
              {number}. {text(q.text)}
              {q.kind === 'multi' && <small>（多选）</small>}
            </legend>
            {q.kind === 'single' ? (
              <Radio.Group value={answers[q.id]?.[0] ?? null} onChange={(v) => setAnswer(q.id, [Number(v)])}>
                <Space direction="vertical">
                  {q.options.map((o, i) => (
                    <Radio key={i} value={i}>
                      {text(o.label)}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                value={[...(answers[q.id] ?? [])]}
                onChange={(v) => setAnswer(q.id, v.map(Number))}
              >
                <Space direction="vertical">
                  {q.options.map((o, i) => (
                    <Checkbox key={i} value={i}>
                      {text(o.label)}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            )}
          </fieldset>
        )
      })}
      {block.paged && !last ? (
        <div className="blk-quiz-nav">
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            上一题
          </Button>
          <Button color="primary" disabled={!answeredCurrent} onClick={() => setPage(page + 1)}>
            下一题
          </Button>
        </div>
      ) : (
        <Button block color="primary" size="large" type="submit">
          {text(block.submitText ?? '提交')}
        </Button>
      )}
    </form>
  )
}

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import riskCheck from '../../../page-configs/manualactivity/riskCheck.json'
import type { Block, QuestionnaireBlock } from '../../types/generated/page'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'

const quiz = riskCheck.blocks.find((b) => b.type === 'questionnaire') as unknown as QuestionnaireBlock

function ResultProbe() {
  const location = useLocation()
  return <p data-testid="result-url">{location.pathname + location.search}</p>
}

const renderQuiz = (block: Block) =>
  renderBlocks([block], {
    path: '/manualactivity/riskCheck',
    routes: { '/manualactivity/riskCheckRes': <ResultProbe /> },
  })

describe('questionnaire block', () => {
  it('registers tapped answers (radio and checkbox) and goes to the result page with the score', async () => {
    const user = userEvent.setup()
    renderQuiz(quiz)
    const questions = await screen.findAllByRole('group')
    expect(questions).toHaveLength(quiz.questions.length)
    // Tap the last option of every question, as a user taps the option text.
    for (const question of questions) {
      const labels = within(question).getAllByText(/.+/, {
        selector: '.adm-radio-content, .adm-checkbox-content',
      })
      await user.click(labels[labels.length - 1])
    }
    // The tapped options show as chosen.
    expect(document.querySelectorAll('.adm-radio-checked, .adm-checkbox-checked')).toHaveLength(
      quiz.questions.length,
    )
    await user.click(screen.getByRole('button', { name: '提交测评' }))
    // 60 岁以上 1 + 80 万元以上 4 + 股票 3 + 逢低加仓 4 + 5 年以上 4
    expect(await screen.findByTestId('result-url')).toHaveTextContent('/manualactivity/riskCheckRes?score=16')
    expect(JSON.parse(sessionStorage.getItem('questionnaire:riskCheck') ?? 'null')).toMatchObject({
      score: 16,
    })
  })

  it('does not submit with a question unanswered and names the question', async () => {
    const user = userEvent.setup()
    renderQuiz(quiz)
    const questions = await screen.findAllByRole('group')
    await user.click(within(questions[0]).getByText('30 岁以下'))
    await user.click(screen.getByRole('button', { name: '提交测评' }))
    expect(await screen.findByText('请回答第 2 题')).toBeInTheDocument()
    expect(screen.queryByTestId('result-url')).toBeNull()
  })
})

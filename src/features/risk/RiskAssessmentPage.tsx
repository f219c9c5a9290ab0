import { useMemo, useState } from 'react'
import { Button, ProgressBar, Tag } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { useHydrating } from '../../components/prerender'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor, safeRedirect } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { formatShanghaiDateTime } from '../../domain/dates'
import { describeError } from '../../lib/request'
import { useMe } from '../member/api'
import { userHref } from '../member/paths'
import type { ScreenLoader } from '../../types/route'
import {
  myRiskAssessmentKey,
  questionnaireKey,
  submitRiskAssessment,
  useMyRiskAssessment,
  useQuestionnaire,
  type Questionnaire,
  type RiskAnswers,
  type RiskAssessment,
} from './api'
import { clearDraft, readDraft, saveDraft, type RiskDraft } from './draft'
import './risk.css'

function ResultCard({ assessment, title }: { assessment: RiskAssessment; title: string }) {
  return (
    <section className="risk-card risk-result" data-testid="risk-result">
      <div className="risk-card-label">{title}</div>
      <div className="risk-level">
        <strong>{assessment.levelName}</strong>
        <span>（{assessment.level}）</span>
        {assessment.expired && (
          <Tag color="warning" className="risk-expired">
            已过期
          </Tag>
        )}
      </div>
      <p className="risk-description">{assessment.description}</p>
      <p className="risk-muted">
        测评时间 {formatShanghaiDateTime(assessment.assessedAt)}
        <br />
        {assessment.expired ? '已于' : '有效期至'} {formatShanghaiDateTime(assessment.expiresAt)}
        {assessment.expired ? ' 过期，请重新测评' : ''}
      </p>
    </section>
  )
}

function Intro({
  current,
  questionnaire,
  onStart,
}: {
  current: RiskAssessment | null
  questionnaire: Questionnaire
  onStart: () => void
}) {
  return (
    <>
      {current ? (
        <ResultCard assessment={current} title="我的风险承受能力" />
      ) : (
        <section className="risk-card">
          <h2 className="risk-title">投资者风险承受能力评估</h2>
          <p className="risk-description">
            购买投资连结保险等投资型产品前，需先完成风险测评。共 {questionnaire.questions.length}{' '}
            道题，约需2分钟，结果有效期一年。
          </p>
        </section>
      )}
      <section className="risk-card">
        <h3 className="risk-subtitle">风险等级与可购买的产品</h3>
        <ul className="risk-levels">
          {questionnaire.levels.map((l) => (
            <li key={l.level}>
              <strong>
                {l.level} {l.name}
              </strong>
              <span>可购买 {l.maxProductRiskLevel} 及以下风险等级的产品</span>
            </li>
          ))}
        </ul>
        <p className="risk-muted">请根据您的真实情况作答，测评结果仅用于判断产品是否适合您。</p>
      </section>
      <div className="risk-actions">
        <Button block color="primary" onClick={onStart}>
          {current ? '重新测评' : '开始测评'}
        </Button>
      </div>
    </>
  )
}

export const loader: ScreenLoader = ({ loggedIn }, load) =>
  Promise.all([load(questionnaireKey), loggedIn && load(myRiskAssessmentKey)])

/** /riskAssessment: the current result, the questionnaire one question per step, and the new result. */
export default function RiskAssessmentPage() {
  const me = useMe()
  const loggedIn = Boolean(me.data)
  const questionnaire = useQuestionnaire()
  const mine = useMyRiskAssessment(loggedIn)
  const { mutate } = useSWRConfig()
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  const userId = me.data?.id ?? null
  const hydrating = useHydrating()
  // Answers in progress survive a reload (this tab's storage): read once hydrated and the user is known, until
  // the user answers or leaves (then `changed` holds the draft, also written back).
  const stored = useMemo(() => (hydrating || !userId ? null : readDraft(userId)), [hydrating, userId])
  const [changed, setChanged] = useState<RiskDraft | null | undefined>(undefined)
  const draft = changed === undefined ? stored : changed
  const [result, setResult] = useState<RiskAssessment | null>(null)
  const [submitting, setSubmitting] = useState(false)

  function update(next: RiskDraft | null) {
    setChanged(next)
    if (!userId) return
    if (next) saveDraft(userId, next)
    else clearDraft(userId)
  }

  if (me.isLoading) return <LoadingView lines={6} />
  if (!me.data)
    return (
      <EmptyView title="登录后进行风险测评" description="测评结果保存在您的账户中，有效期一年">
        <Button color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
          去登录
        </Button>
      </EmptyView>
    )
  const failed = questionnaire.error ?? mine.error
  if (failed)
    return (
      <ErrorView
        error={failed}
        onRetry={() => {
          void questionnaire.mutate()
          void mine.mutate()
        }}
      />
    )
  if (!questionnaire.data || !mine.data) return <LoadingView lines={6} />
  const { questions } = questionnaire.data

  if (result)
    return (
      <div className="risk-page">
        <ResultCard assessment={result} title="测评结果" />
        <div className="risk-actions">
          {redirect ? (
            <Button block color="primary" onClick={() => navigate(safeRedirect(redirect), { replace: true })}>
              返回继续投保
            </Button>
          ) : (
            <Button block color="primary" onClick={() => navigate(userHref())}>
              完成
            </Button>
          )}
          <Button block fill="none" onClick={() => setResult(null)}>
            查看测评说明
          </Button>
        </div>
      </div>
    )

  if (!draft)
    return (
      <div className="risk-page">
        <Intro
          current={mine.data.current}
          questionnaire={questionnaire.data}
          onStart={() => update({ step: 0, answers: {} })}
        />
      </div>
    )

  const step = Math.min(draft.step, questions.length - 1)
  const question = questions[step]
  const chosen = draft.answers[question.id]
  const last = step === questions.length - 1
  const complete = questions.every((q) => draft.answers[q.id])

  function choose(optionId: string) {
    if (!draft) return
    const answers = { ...draft.answers, [question.id]: optionId }
    update({ answers, step: last ? step : step + 1 })
  }

  async function submit() {
    if (!draft) return
    setSubmitting(true)
    try {
      const done = await submitRiskAssessment({
        answers: questions.map((q) => ({
          questionId: q.id,
          optionId: draft.answers[q.id] ?? '',
        })) as RiskAnswers,
      })
      update(null)
      setResult(done)
      await mutate(myRiskAssessmentKey, { current: done }, { revalidate: false })
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="risk-page">
      <section className="risk-card" data-testid="risk-question">
        <div className="risk-progress-text">
          第 {step + 1}/{questions.length} 题
        </div>
        <ProgressBar percent={((step + 1) / questions.length) * 100} />
        <h2 className="risk-question">{question.title}</h2>
        <div className="risk-options" role="radiogroup" aria-label={question.title}>
          {question.options.map((option) => (
            <button
              key={option.id}
              type="button"
              role="radio"
              aria-checked={chosen === option.id}
              className={`risk-option${chosen === option.id ? ' risk-option-chosen' : ''}`}
              onClick={() => choose(option.id)}
            >
              <span className="risk-option-key">{option.id}</span>
              {option.text}
            </button>
          ))}
        </div>
      </section>
      <div className="risk-actions risk-step-actions">
        <Button
          disabled={step === 0 || submitting}
          onClick={() => update({ ...draft, step: Math.max(0, step - 1) })}
        >
          上一题
        </Button>
        {last ? (
          <Button
            color="primary"
            loading={submitting}
            disabled={!complete || submitting}
            onClick={() => void submit()}
          >
            提交
          </Button>
        ) : (
          <Button color="primary" disabled={!chosen} onClick={() => update({ ...draft, step: step + 1 })}>
            下一题
          </Button>
        )}
      </div>
      <Button block fill="none" disabled={submitting} onClick={() => update(null)}>
        退出测评
      </Button>
    </div>
  )
}

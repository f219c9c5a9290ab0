import { queryParam } from '../../lib/href'
import { useState } from 'react'
import { Button, List } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { MarkdownTree } from '../../components/MarkdownTree'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { AppLink } from '../../components/navigation/AppLink'
import { GoButton } from '../../components/navigation/GoButton'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import type { ScreenLoader } from '../../types/route'
import { faqQuestionKey, useFaqQuestion } from './api'
import { backToFaq, faqHref, faqQuestionHref, feedbackHref } from './paths'
import './help.css'

/** The question's id in the URL (?id=), or null. */
const questionIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')

export const loader: ScreenLoader = ({ search }, load) => {
  const id = questionIdOf(search)
  return id && load(faqQuestionKey(id))
}

/** /problems?id=: one question, its answer, whether it helped, others of its category. */
export default function FaqQuestionPage() {
  const [params] = useSearchParams()
  const id = questionIdOf(params)
  const question = useFaqQuestion(id)
  const navigate = useAppNavigate()
  // Whether it helped is kept for this visit only (nothing is sent).
  const [useful, setUseful] = useState<boolean | null>(null)

  if (!id)
    return (
      <EmptyView title="缺少问题编号" description="请从常见问题列表进入">
        <GoButton to={backToFaq.to}>{backToFaq.label}</GoButton>
      </EmptyView>
    )
  if (question.error)
    return <LoginAwareError back={backToFaq} error={question.error} onRetry={() => void question.mutate()} />
  if (!question.data) return <LoadingView lines={6} />
  const q = question.data

  return (
    <div className="help-page" data-testid="faq-question">
      <article className="help-question">
        <AppLink className="help-category" to={faqHref(q.category)}>
          {q.categoryName}
        </AppLink>
        <h1>{q.question}</h1>
        <div className="help-answer markdown">
          <MarkdownTree nodes={q.answer} />
        </div>
        <div className="help-useful" role="group" aria-label="这个回答有帮助吗">
          {useful === null ? (
            <>
              <span>这个回答有帮助吗？</span>
              <Button size="mini" onClick={() => setUseful(true)}>
                有帮助
              </Button>
              <Button size="mini" onClick={() => setUseful(false)}>
                没帮助
              </Button>
            </>
          ) : useful ? (
            <span>感谢您的评价！</span>
          ) : (
            <span>
              抱歉没能帮到您，欢迎通过<AppLink to={feedbackHref()}>意见反馈</AppLink>告诉我们
            </span>
          )}
        </div>
      </article>
      {q.related.length > 0 && (
        <List header="相关问题">
          {q.related.map((r) => (
            <List.Item key={r.id} onClick={() => navigate(faqQuestionHref(r.id))} arrowIcon>
              {r.question}
            </List.Item>
          ))}
        </List>
      )}
      <p className="help-feedback">
        问题仍未解决？<AppLink to={feedbackHref()}>意见反馈</AppLink>
      </p>
    </div>
  )
}

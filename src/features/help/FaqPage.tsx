import { useState } from 'react'
import { List, SearchBar } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { HighlightText } from '../../components/HighlightText'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import type { ScreenLoader } from '../../types/route'
import { faqListKey, useFaqList, type FaqCategory } from './api'
import { faqHref, faqQuestionHref, feedbackHref } from './paths'
import { useDebounced } from './useDebounced'
import './help.css'

const CATEGORIES: readonly FaqCategory[] = ['apply', 'payment', 'policy', 'claim', 'account']
const categoryOf = (value: string | null): FaqCategory | undefined =>
  value !== null && (CATEGORIES as readonly string[]).includes(value) ? (value as FaqCategory) : undefined

/** The longest search the API takes. */
const MAX_SEARCH = 30

// The search box starts empty: the first list is the category's, unsearched.
export const loader: ScreenLoader = ({ search }, load) =>
  load(faqListKey(categoryOf(search.get('category')), ''))

/** /comProblem: 常见问题 by category, with a search over questions and answers. */
export default function FaqPage() {
  const [params] = useSearchParams()
  const navigate = useAppNavigate()
  const category = categoryOf(params.get('category'))
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 300)
  const list = useFaqList(category, q)

  const tabs = list.data?.categories ?? []
  return (
    <div className="help-page" data-testid="faq-page">
      <div className="help-search">
        <SearchBar
          placeholder="搜索问题，如：犹豫期、积分"
          value={text}
          onChange={setText}
          maxLength={MAX_SEARCH}
          aria-label="搜索常见问题"
        />
      </div>
      {tabs.length > 0 && (
        <Tabs
          activeKey={category ?? 'all'}
          onChange={(key) => navigate(faqHref(key === 'all' ? undefined : key), { replace: true })}
        >
          <Tabs.Tab key="all" title="全部" />
          {tabs.map((c) => (
            <Tabs.Tab key={c.code} title={c.name} />
          ))}
        </Tabs>
      )}
      {list.error ? (
        <ErrorView error={list.error} onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <LoadingView lines={8} />
      ) : list.data.items.length === 0 ? (
        <EmptyView
          title="没有找到相关问题"
          description={q ? `换个关键词试试，或告诉我们您遇到的问题` : '该分类暂无问题'}
        >
          <AppLink to={feedbackHref()}>意见反馈</AppLink>
        </EmptyView>
      ) : (
        <List className="help-list" aria-label="问题列表">
          {list.data.items.map((item) => (
            <List.Item key={item.id} onClick={() => navigate(faqQuestionHref(item.id))} arrowIcon>
              <HighlightText text={item.question} keyword={q} />
            </List.Item>
          ))}
        </List>
      )}
      <p className="help-feedback">
        没有找到答案？<AppLink to={feedbackHref()}>意见反馈</AppLink>
      </p>
    </div>
  )
}

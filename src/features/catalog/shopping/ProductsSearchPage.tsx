import { useState } from 'react'
import { Button, SearchBar } from 'antd-mobile'
import { DeleteOutline } from 'antd-mobile-icons'
import { useSearchParams } from 'react-router-dom'
import { EmptyView } from '../../../components/StatusViews'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { ProductList } from './ProductList'
import { HOT_WORDS } from './hotWords'
import { clearRecentSearches, loadRecentSearches, rememberSearch } from './recentSearches'
import './shopping.css'
import { shoppingHref } from '../paths'

const MAX_KEYWORD = 40

/** /productsSearch?q=: search box, recent searches (on the device), hot words, highlighted results. */
export default function ProductsSearchPage() {
  const [params, setParams] = useSearchParams()
  const keyword = (params.get('q') ?? '').trim().slice(0, MAX_KEYWORD)
  const [recent, setRecent] = useState(loadRecentSearches)

  const search = (value: string) => {
    const text = value.trim().slice(0, MAX_KEYWORD)
    if (!text) return
    setRecent(rememberSearch(text))
    setParams({ q: text })
  }

  return (
    <div className="products-search" data-testid="products-search">
      <div className="shopping-search">
        <SearchBar
          key={keyword}
          autoFocus={!keyword}
          defaultValue={keyword}
          maxLength={MAX_KEYWORD}
          placeholder="搜索保险产品，如：意外险、百万医疗"
          onSearch={search}
          onClear={() => setParams({})}
          aria-label="搜索保险产品"
        />
      </div>
      {keyword ? (
        <ProductList
          query={{ keyword }}
          highlight={keyword}
          empty={<NoResults keyword={keyword} onPick={search} />}
        />
      ) : (
        <>
          <section className="section" aria-label="最近搜索">
            <div className="section-header">
              <h2 className="section-title">最近搜索</h2>
              {recent.length > 0 && (
                <Button
                  size="mini"
                  fill="none"
                  aria-label="清空最近搜索"
                  onClick={() => {
                    clearRecentSearches()
                    setRecent([])
                  }}
                >
                  <DeleteOutline /> 清空
                </Button>
              )}
            </div>
            {recent.length ? (
              <WordChips words={recent} onPick={search} />
            ) : (
              <p className="muted">暂无搜索记录</p>
            )}
          </section>
          <section className="section" aria-label="热门搜索">
            <h2 className="section-title">热门搜索</h2>
            <WordChips words={HOT_WORDS} onPick={search} hot />
          </section>
        </>
      )}
    </div>
  )
}

function WordChips({
  words,
  onPick,
  hot,
}: {
  words: readonly string[]
  onPick: (w: string) => void
  hot?: boolean
}) {
  return (
    <div className="word-chips">
      {words.map((word) => (
        <button
          key={word}
          type="button"
          className={`word-chip ${hot ? 'hot' : ''}`}
          onClick={() => onPick(word)}
        >
          {word}
        </button>
      ))}
    </div>
  )
}

function NoResults({ keyword, onPick }: { keyword: string; onPick: (w: string) => void }) {
  const navigate = useAppNavigate()
  return (
    <div className="search-suggestions">
      <EmptyView title={`没有找到与“${keyword}”相关的产品`} description="换个关键词试试，或看看大家都在搜">
        <Button size="small" onClick={() => navigate(shoppingHref())}>
          去商城逛逛
        </Button>
      </EmptyView>
      <section className="section" aria-label="搜索建议">
        <h2 className="section-title">试试这些</h2>
        <WordChips words={HOT_WORDS.filter((w) => w !== keyword)} onPick={onPick} hot />
      </section>
    </div>
  )
}

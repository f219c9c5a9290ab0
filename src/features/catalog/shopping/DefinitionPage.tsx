import { useDeferredValue, useState } from 'react'
import { SearchBar } from 'antd-mobile'
import { HighlightText } from '../../../components/HighlightText'
import { EmptyView } from '../../../components/StatusViews'
import { GLOSSARY_GROUPS, searchGlossary } from '../../../domain/glossary'
import './shopping.css'

/** /definition: the searchable glossary of insurance terms, grouped. */
export default function DefinitionPage() {
  const [keyword, setKeyword] = useState('')
  const deferred = useDeferredValue(keyword)
  const hits = searchGlossary(deferred)
  const needle = deferred.trim()

  return (
    <div className="definition" data-testid="definition">
      <div className="shopping-search">
        <SearchBar
          placeholder="搜索保险名词，如：等待期"
          value={keyword}
          onChange={setKeyword}
          maxLength={20}
        />
      </div>
      {hits.length === 0 ? (
        <EmptyView title={`没有找到“${needle}”`} description="换个说法试试，例如“犹豫期”“免赔额”" />
      ) : needle ? (
        <section className="section" aria-label="搜索结果">
          <TermList terms={hits} keyword={needle} />
        </section>
      ) : (
        GLOSSARY_GROUPS.map((group) => (
          <section key={group} className="section" aria-label={group}>
            <h2 className="section-title">{group}</h2>
            <TermList terms={hits.filter((t) => t.group === group)} />
          </section>
        ))
      )}
    </div>
  )
}

function TermList({ terms, keyword }: { terms: ReturnType<typeof searchGlossary>; keyword?: string }) {
  return (
    <dl className="glossary">
      {terms.map((t) => (
        <div key={t.term} className="glossary-entry">
          <dt>
            <HighlightText text={t.term} keyword={keyword} />
          </dt>
          <dd>
            <HighlightText text={t.definition} keyword={keyword} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

import { CapsuleTabs, Tabs } from '../../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { categoriesKey, productsKey, useCategories, useProducts, type ProductQuery } from '../api'
import type { ScreenLoader } from '../../../types/route'
import { PriceText } from '../../../components/PriceText'
import { EmptyView, ErrorView, LoadingView } from '../../../components/StatusViews'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { DEFAULT_NAVBAR_CATEGORY } from '../../../config/constants'
import './shopping.css'
import { productHref } from '../paths'

const BOARDS = [
  { key: 'sales', title: '热销榜' },
  { key: 'rating', title: '好评榜' },
] as const
type Board = (typeof BOARDS)[number]['key']
const RANKING_SIZE = 10

/** The tab (category, 全部 by default) and the board the URL picks. */
function rankingOf(search: URLSearchParams): { category: string; board: Board } {
  const category = search.get('category') || DEFAULT_NAVBAR_CATEGORY
  return { category, board: search.get('by') === 'rating' ? 'rating' : 'sales' }
}

/** A board's list: the top ten of the category (every category under 全部). */
const rankingQuery = (category: string, board: Board): ProductQuery => ({
  category: category === DEFAULT_NAVBAR_CATEGORY ? undefined : category,
  sort: board,
  limit: RANKING_SIZE,
})

export const loader: ScreenLoader = ({ search }, load) => {
  const { category, board } = rankingOf(search)
  return Promise.all([load(categoriesKey), load(productsKey(rankingQuery(category, board)))])
}

/** /ranking?category=&by=sales|rating: the top ten of a category by sales or by rating. */
export default function RankingPage() {
  const [params, setParams] = useSearchParams()
  const { category, board } = rankingOf(params)
  const categories = useCategories()
  const set = (key: 'category' | 'by', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set(key, value)
        return next
      },
      { replace: true },
    )

  return (
    <div className="ranking" data-testid="ranking">
      <Tabs activeKey={category} onChange={(key) => set('category', key)}>
        <Tabs.Tab key={DEFAULT_NAVBAR_CATEGORY} title="全部" />
        {(categories.data?.items ?? []).map((c) => (
          <Tabs.Tab key={c.code} title={c.name} />
        ))}
      </Tabs>
      <CapsuleTabs activeKey={board} onChange={(key) => set('by', key)}>
        {BOARDS.map((b) => (
          <CapsuleTabs.Tab key={b.key} title={b.title} />
        ))}
      </CapsuleTabs>
      <RankingList category={category} board={board} />
    </div>
  )
}

function RankingList({ category, board }: { category: string; board: Board }) {
  const { data, error, isLoading, mutate } = useProducts(rankingQuery(category, board))
  const navigate = useAppNavigate()
  if (isLoading) return <LoadingView lines={5} />
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (!data?.items.length) return <EmptyView title="暂无上榜产品" description="该分类的产品正在上架中" />
  return (
    <ol className="ranking-list" aria-label={board === 'sales' ? '热销榜' : '好评榜'}>
      {data.items.map((product, index) => (
        <li
          key={product.id}
          className="ranking-item"
          data-testid="ranking-item"
          onClick={() => navigate(productHref(product.id))}
        >
          <span className={`ranking-no ranking-no-${index + 1}`}>{index + 1}</span>
          <img src={product.image} alt="" className="ranking-image" loading="lazy" />
          <div className="ranking-body">
            <div className="ranking-name">{product.name}</div>
            <div className="ranking-meta">
              {board === 'sales'
                ? `已售 ${product.salesCount.toLocaleString('zh-CN')} 份`
                : `评分 ${product.rating.toFixed(1)}`}
              <span className="ranking-insurer">{product.insurerName}</span>
            </div>
          </div>
          <PriceText fen={product.minPremiumFen} suffix="起" />
        </li>
      ))}
    </ol>
  )
}

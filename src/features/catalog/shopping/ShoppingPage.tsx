import { Button, SearchBar } from 'antd-mobile'
import { Tabs } from '../../../components/tabs/Tabs'
import { useSnapshot } from 'valtio'
import { categoriesKey, insurersKey, productsKey, useCategories, type CategoryList } from '../api'
import type { ScreenLoader } from '../../../types/route'
import { CompareBar } from '../compare/CompareBar'
import { EmptyView } from '../../../components/StatusViews'
import { AppLink } from '../../../components/navigation/AppLink'
import { DEFAULT_NAVBAR_CATEGORY } from '../../../config/constants'
import { describeError } from '../../../lib/request'
import { navbarStore } from './navbarStore'
import { ProductList } from './ProductList'
import { ShoppingFilters } from './ShoppingFilters'
import { navbarToQuery, tagSourceQuery } from './navbarQuery'
import './shopping.css'
import { definitionHref, rankingHref, searchHref } from '../paths'

/** The tab shown: the store's category, or 全部 for one from an older visit that no longer exists. */
function activeCategoryOf(category: string, categories: CategoryList | undefined): string {
  const known = categories?.items.some((c) => c.code === category)
  return categories && !known ? DEFAULT_NAVBAR_CATEGORY : category
}

export const loader: ScreenLoader = async (_, load) => {
  const navbar = navbarStore.state
  const [categories] = await Promise.all([
    load<CategoryList>(categoriesKey).catch(() => undefined),
    load(insurersKey),
    load(productsKey(tagSourceQuery(navbar))),
  ])
  await load.pages(
    productsKey(navbarToQuery({ ...navbar, category: activeCategoryOf(navbar.category, categories) })),
  )
}

/** /shopping: every product, by category tab and filters kept in the navbar store. */
export default function ShoppingPage() {
  const navbar = useSnapshot(navbarStore.state)
  const categories = useCategories()
  const activeCategory = activeCategoryOf(navbar.category, categories.data)

  return (
    <div className="shopping" data-testid="shopping">
      <div className="shopping-search">
        <SearchBar
          // Remounts when the store's text changes elsewhere (e.g. 清除筛选条件).
          key={navbar.likeTitle}
          placeholder="在商城中搜索产品"
          defaultValue={navbar.likeTitle}
          onSearch={(value) => navbarStore.update({ likeTitle: value.trim() })}
          onClear={() => navbarStore.update({ likeTitle: '' })}
        />
        <nav className="shopping-links" aria-label="商城导航">
          <AppLink to={rankingHref()}>排行榜</AppLink>
          <AppLink to={definitionHref()}>保险名词</AppLink>
          <AppLink to={searchHref()}>搜索历史</AppLink>
        </nav>
      </div>
      <Tabs
        className="shopping-tabs"
        activeKey={activeCategory}
        onChange={(key) => navbarStore.update({ category: key })}
      >
        <Tabs.Tab key={DEFAULT_NAVBAR_CATEGORY} title="全部" />
        {(categories.data?.items ?? []).map((c) => (
          <Tabs.Tab key={c.code} title={c.name} />
        ))}
      </Tabs>
      {categories.error && (
        <div className="inline-error" role="alert">
          分类加载失败：{describeError(categories.error)}
          <button type="button" onClick={() => void categories.mutate()}>
            重试
          </button>
        </div>
      )}
      <ShoppingFilters />
      <ProductList
        query={navbarToQuery({ ...navbar, category: activeCategory })}
        highlight={navbar.likeTitle}
        empty={<ShoppingEmpty />}
      />
      <CompareBar />
    </div>
  )
}

function ShoppingEmpty() {
  return (
    <EmptyView title="没有符合条件的产品" description="换个分类，或清除筛选条件再看看">
      <Button size="small" onClick={() => navbarStore.update({ insurerCodes: [], likeTitle: '', more: [] })}>
        清除筛选条件
      </Button>
    </EmptyView>
  )
}

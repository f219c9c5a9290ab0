import { Grid } from 'antd-mobile'
import { useCategories } from '../catalog/api'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { productsHref } from '../catalog/paths'

export function CategoryGrid() {
  const { data, error, isLoading, mutate } = useCategories()
  return (
    <section className="section" aria-label="保险分类">
      {isLoading ? (
        <LoadingView lines={2} />
      ) : error ? (
        <ErrorView error={error} onRetry={() => void mutate()} />
      ) : !data?.items.length ? (
        <EmptyView title="暂无保险分类" description="商品分类正在整理中，请稍后再来" />
      ) : (
        <Grid columns={5} gap={8}>
          {data.items.map((category) => (
            <Grid.Item key={category.code}>
              <AppLink to={productsHref({ category: category.code })} className="category-item">
                <img src={category.icon} alt="" className="category-icon" />
                <span className="category-name">{category.name}</span>
              </AppLink>
            </Grid.Item>
          ))}
        </Grid>
      )}
    </section>
  )
}

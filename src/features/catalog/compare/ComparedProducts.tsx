import type { ReactNode } from 'react'
import { Button } from 'antd-mobile'
import type { ProductDetail } from '../api'
import { COMPARE_MAX, COMPARE_MIN } from './compareTray'
import { EmptyView, ErrorView, LoadingView } from '../../../components/StatusViews'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { useCompared } from './useCompared'
import { shoppingHref } from '../paths'

/** Loads the compared products and renders loading, empty (fewer than two) and error states around them. */
export function ComparedProducts({
  children,
}: {
  children: (products: ProductDetail[], ids: string[]) => ReactNode
}) {
  const { ids, data, error, isLoading, mutate } = useCompared()
  const navigate = useAppNavigate()
  if (ids.length < COMPARE_MIN)
    return (
      <EmptyView
        title={`请选择${COMPARE_MIN}至${COMPARE_MAX}款产品进行对比`}
        description="在产品详情页点击“加入对比”即可挑选"
      >
        <Button size="small" color="primary" onClick={() => navigate(shoppingHref())}>
          去商城挑选
        </Button>
      </EmptyView>
    )
  if (isLoading) return <LoadingView lines={8} />
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (!data?.length) return <EmptyView title="没有可对比的产品" />
  return <>{children(data, ids)}</>
}

import { useParams, useSearchParams } from 'react-router-dom'
import { fetchProductDetails, productDetailsKey, useProductDetails } from '../api'
import { parseCompareCode } from './compareTray'
import type { ScreenLoader } from '../../../types/route'

/** The compared ids from /compare/{sc} (path) or ?sc= (export). */
const comparedIds = (sc: string | undefined, search: URLSearchParams) =>
  parseCompareCode(sc ?? search.get('sc') ?? undefined)

/** The compared ids and their details. */
export function useCompared() {
  const { sc } = useParams()
  const [params] = useSearchParams()
  const ids = comparedIds(sc, params)
  return { ids, ...useProductDetails(ids) }
}

/** The compare screens' data: the compared products. */
export const compareLoader: ScreenLoader = ({ params, search }, load) => {
  const ids = comparedIds(params.sc, search)
  return ids.length > 0 && load(productDetailsKey(ids), () => fetchProductDetails(ids))
}

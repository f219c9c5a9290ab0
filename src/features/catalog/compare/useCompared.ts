import { useParams, useSearchParams } from 'react-router-dom'
import { useProductDetails } from '../api'
import { parseCompareCode } from './compareTray'

/** The compared ids from /compare/{sc} (path) or ?sc= (export), and their details. */
export function useCompared() {
  const { sc } = useParams()
  const [params] = useSearchParams()
  const ids = parseCompareCode(sc ?? params.get('sc') ?? undefined)
  return { ids, ...useProductDetails(ids) }
}

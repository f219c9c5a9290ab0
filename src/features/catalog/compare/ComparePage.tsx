import { Button } from 'antd-mobile'
import { removeFromCompare } from './compareTray'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { ComparedProducts } from './ComparedProducts'
import { CompareTable } from './CompareTable'
import './compare.css'
import { compareHref, productHref } from '../paths'

/** /compare/{sc}: 2-4 products side by side (sc = ids joined by commas). */
export default function ComparePage() {
  const navigate = useAppNavigate()
  return (
    <div className="compare-page" data-testid="compare-page">
      <ComparedProducts>
        {(products, ids) => (
          <>
            <CompareTable
              products={products}
              onRemove={(id) => {
                removeFromCompare(id)
                navigate(compareHref(ids.filter((i) => i !== id)), { replace: true })
              }}
            />
            <div className="compare-actions">
              {products.map((p) => (
                <Button
                  key={p.id}
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(productHref(p.id))}
                >
                  {p.name} 去投保
                </Button>
              ))}
            </div>
          </>
        )}
      </ComparedProducts>
    </div>
  )
}

export { compareLoader as loader } from './useCompared'

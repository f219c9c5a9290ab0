import { useState } from 'react'
import { Button } from 'antd-mobile'
import { ForwardIcon } from '../../components/controlIcons'
import { DocumentSheet } from '../../components/flow/DocumentSheet'
import type { PartnerProduct } from './api'
import { useTrailDocument } from '../trail/api'

type Clause = PartnerProduct['clauses'][number]

/**
 * The clauses by name, each opening its full text in a sheet: what the customer agrees to must be readable (and
 * its reading is recorded on the product's sales trail, under the clause's id as the partner order names it).
 */
export function ClauseList({ productId, clauses }: { productId: string; clauses: readonly Clause[] }) {
  const [reading, setReading] = useState<Clause | null>(null)
  const readToEnd = useTrailDocument(productId, reading && { id: reading.id })
  if (clauses.length === 0) return <p className="purchase-muted">暂无条款</p>
  const title = (c: Clause) => `《${c.title.replace(/^《|》$/g, '')}》`
  return (
    <>
      <ul className="partner-clauses">
        {clauses.map((c) => (
          <li key={c.id}>
            <button type="button" onClick={() => setReading(c)}>
              <span>{title(c)}</span>
              <ForwardIcon />
            </button>
          </li>
        ))}
      </ul>
      <DocumentSheet document={reading} onClose={() => setReading(null)} onReadToEnd={readToEnd}>
        <Button block color="primary" onClick={() => setReading(null)}>
          我知道了
        </Button>
      </DocumentSheet>
    </>
  )
}

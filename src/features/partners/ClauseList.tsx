import { useState } from 'react'
import { Button, List } from 'antd-mobile'
import { DocumentSheet } from '../../components/flow/DocumentSheet'
import type { PartnerProduct } from './api'

type Clause = PartnerProduct['clauses'][number]
type Node = Clause['body'][number]

const textOf = (node: Node): string =>
  typeof node === 'string' ? node : (node.children ?? []).map(textOf).join('')

/** The clause's own text opens with its title as a heading: the sheet then shows no second one. */
const opensWithTitle = (clause: Clause, title: string) => {
  const first = clause.body[0]
  return typeof first === 'object' && /^h[1-3]$/.test(first.tag) && `《${textOf(first)}》` === title
}

/** The clauses by name, each opening its full text in a sheet: what the customer agrees to must be readable. */
export function ClauseList({ clauses }: { clauses: readonly Clause[] }) {
  const [reading, setReading] = useState<Clause | null>(null)
  if (clauses.length === 0) return <p className="purchase-muted">暂无条款</p>
  const title = (c: Clause) => `《${c.title.replace(/^《|》$/g, '')}》`
  return (
    <>
      <List className="partner-clauses">
        {clauses.map((c) => (
          <List.Item key={c.id} arrow onClick={() => setReading(c)}>
            {title(c)}
          </List.Item>
        ))}
      </List>
      <DocumentSheet
        document={reading}
        titled={reading !== null && !opensWithTitle(reading, title(reading))}
        onClose={() => setReading(null)}
      >
        <Button block color="primary" onClick={() => setReading(null)}>
          我知道了
        </Button>
      </DocumentSheet>
    </>
  )
}

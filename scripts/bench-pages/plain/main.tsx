// The plain-React baseline of bench:pages: the same content as /preheatActivity (hero, countdown, markdown,
// product list, button) hand-written with React, no router, no UI library, the rules as plain elements (the
// config page draws them from the tree the build compiled; neither ships a markdown parser).
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Product {
  id: string
  name: string
  tagline: string
  image: string
  minPremiumFen: number
}

const START = Date.parse('2026-12-12T00:00:00+08:00')

function Countdown() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  const s = Math.max(0, Math.floor((START - now) / 1000))
  return (
    <div className="blk-countdown">
      距开抢还有 {Math.floor(s / 86400)}天 {Math.floor((s % 86400) / 3600)}:{Math.floor((s % 3600) / 60)}:
      {s % 60}
    </div>
  )
}

function App() {
  const [products, setProducts] = useState<Product[] | null>(null)
  useEffect(() => {
    void fetch('/api/products?tag=%E7%83%AD%E9%94%80&limit=6&sort=sales')
      .then((r) => r.json())
      .then((b: { items: Product[] }) => setProducts(b.items))
  }, [])
  return (
    <div>
      <div className="blk-hero">
        <img src="/preheatActivity/hero.svg" alt="双十二保障节" style={{ width: '100%' }} />
      </div>
      <Countdown />
      <button className="adm-button" type="button">
        邀好友一起抢
      </button>
      <ul>
        {products?.map((p) => (
          <li key={p.id} data-testid="product-card">
            <img src={p.image} alt="" width={88} />
            <h4>{p.name}</h4>
            <p>{p.tagline}</p>
            <span>¥{(p.minPremiumFen / 100).toFixed(2)}起</span>
          </li>
        ))}
      </ul>
      <div className="blk-markdown">
        <h2>活动说明</h2>
        <ol>
          <li>开抢时间：2026年12月12日 00:00-23:59。</li>
          <li>5 折名额限量 1000 份，先到先得。</li>
          <li>每位用户限购 1 份。</li>
        </ol>
      </div>
    </div>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)

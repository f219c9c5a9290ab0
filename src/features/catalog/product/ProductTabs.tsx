import type { ProductDetail } from '../api'
import { MarkdownTree } from '../../../components/MarkdownTree'
import { EmptyView } from '../../../components/StatusViews'
import { AppLink } from '../../../components/navigation/AppLink'
import { Folds } from '../../../components/Folds'
import { Tabs } from '../../../components/tabs/Tabs'
import { productInfoHref } from '../paths'

/** 产品详情 / 保障条款 / 常见问题. */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const markdown = (nodes: ProductDetail['description']) => (
    <div className="markdown">
      <MarkdownTree nodes={nodes} />
    </div>
  )
  return (
    <section className="section product-tabs">
      {/* Every panel in the server's HTML (forceRender): what the product covers is there before any script. */}
      <Tabs aria-label="产品说明">
        <Tabs.Tab key="detail" title="产品详情" forceRender>
          {product.description.length ? markdown(product.description) : <EmptyView title="暂无产品介绍" />}
        </Tabs.Tab>
        <Tabs.Tab key="clauses" title="保障条款" forceRender>
          {product.clauses.length ? (
            <Folds
              items={product.clauses.map((clause) => ({
                key: clause.id,
                title: clause.title,
                content: markdown(clause.body),
              }))}
            />
          ) : (
            <EmptyView title="暂无条款" />
          )}
          <p className="product-tabs-more">
            <AppLink to={productInfoHref(product.id)}>查看保险条款及投保须知全文</AppLink>
          </p>
        </Tabs.Tab>
        <Tabs.Tab key="faq" title="常见问题" forceRender>
          {product.faqs.length ? (
            <Folds
              items={product.faqs.map((faq, index) => ({
                key: String(index),
                title: faq.q,
                content: markdown(faq.a),
              }))}
            />
          ) : (
            <EmptyView title="暂无常见问题" />
          )}
        </Tabs.Tab>
      </Tabs>
    </section>
  )
}

import { Collapse, Tabs } from 'antd-mobile'
import type { ProductDetail } from '../api'
import { MarkdownTree } from '../../../components/MarkdownTree'
import { EmptyView } from '../../../components/StatusViews'
import { AppLink } from '../../../components/navigation/AppLink'
import { productInfoHref } from '../paths'

/** 产品详情 / 保障条款 / 常见问题. */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const infoPath = productInfoHref(product.id)
  return (
    <section className="section product-tabs">
      <Tabs defaultActiveKey="detail">
        <Tabs.Tab key="detail" title="产品详情">
          {product.description.length ? (
            <div className="markdown">
              <MarkdownTree nodes={product.description} />
            </div>
          ) : (
            <EmptyView title="暂无产品介绍" />
          )}
        </Tabs.Tab>
        <Tabs.Tab key="clauses" title="保障条款">
          {product.clauses.length ? (
            <Collapse>
              {product.clauses.map((clause) => (
                <Collapse.Panel key={clause.id} title={clause.title}>
                  <div className="markdown">
                    <MarkdownTree nodes={clause.body} />
                  </div>
                </Collapse.Panel>
              ))}
            </Collapse>
          ) : (
            <EmptyView title="暂无条款" />
          )}
          <p className="product-tabs-more">
            <AppLink to={infoPath}>查看保险条款及投保须知全文</AppLink>
          </p>
        </Tabs.Tab>
        <Tabs.Tab key="faq" title="常见问题">
          {product.faqs.length ? (
            <Collapse>
              {product.faqs.map((faq, index) => (
                <Collapse.Panel key={String(index)} title={faq.q}>
                  <div className="markdown">
                    <MarkdownTree nodes={faq.a} />
                  </div>
                </Collapse.Panel>
              ))}
            </Collapse>
          ) : (
            <EmptyView title="暂无常见问题" />
          )}
        </Tabs.Tab>
      </Tabs>
    </section>
  )
}

import type { ProductDetail } from '../api'
import { MarkdownTree } from '../../../components/MarkdownTree'
import { EmptyView } from '../../../components/StatusViews'
import { AppLink } from '../../../components/navigation/AppLink'
import { Folds } from '../../../components/Folds'
import { TabStrip } from '../../../components/tabs/TabStrip'
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
      <TabStrip
        label="产品说明"
        tabs={[
          {
            key: 'detail',
            title: '产品详情',
            content: product.description.length ? (
              markdown(product.description)
            ) : (
              <EmptyView title="暂无产品介绍" />
            ),
          },
          {
            key: 'clauses',
            title: '保障条款',
            content: (
              <>
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
              </>
            ),
          },
          {
            key: 'faq',
            title: '常见问题',
            content: product.faqs.length ? (
              <Folds
                items={product.faqs.map((faq, index) => ({
                  key: String(index),
                  title: faq.q,
                  content: markdown(faq.a),
                }))}
              />
            ) : (
              <EmptyView title="暂无常见问题" />
            ),
          },
        ]}
      />
    </section>
  )
}

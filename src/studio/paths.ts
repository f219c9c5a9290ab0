// The studio's routes (under /studio/, the router's basename) and their href builders.
export const studioPaths = {
  login: '/login',
  pages: '/',
  page: '/pages/:id',
  experiments: '/pages/:id/experiments',
  folder: '/folders',
  staff: '/staff',
  audit: '/audit',
  partnerHealth: '/partner-health',
  compliance: '/compliance',
  sale: '/compliance/sales/:id',
  productVersionsHome: '/product-versions',
  productVersions: '/product-versions/:id',
  productData: '/product-data',
  cases: '/cases',
  desk: '/desk',
  operations: '/campaign-ops',
  analytics: '/analytics',
  analyticsPage: '/analytics/:id',
}

export const pageHref = (id: string) => `/pages/${encodeURIComponent(id)}`
/** A page's A/B tests; `testId` shows that test's results. */
export const experimentsHref = (pageId: string, testId?: string) =>
  `/pages/${encodeURIComponent(pageId)}/experiments${testId ? `?test=${encodeURIComponent(testId)}` : ''}`
export const folderHref = (file: string) => `/folders?file=${encodeURIComponent(file)}`
export const auditHref = (pageId?: string) =>
  pageId ? `/audit?page=${encodeURIComponent(pageId)}` : '/audit'
/** 销售过程回溯, with a search (its query string) to show again. */
export const complianceHref = (search = '') => (search ? `/compliance?${search}` : '/compliance')
export const saleHref = (id: string) => `/compliance/sales/${encodeURIComponent(id)}`
/** A product's sales page versions; `versionId` opens that version's content. */
export const productVersionsHref = (productId: string, versionId?: number) =>
  `/product-versions/${encodeURIComponent(productId)}${versionId === undefined ? '' : `?version=${versionId}`}`
export const productDataHref = (productId?: string) =>
  productId ? `/product-data?product=${encodeURIComponent(productId)}` : '/product-data'
/** 活动运营, on one campaign. */
export const operationsHref = (campaignId?: string) =>
  campaignId ? `/campaign-ops?campaign=${encodeURIComponent(campaignId)}` : '/campaign-ops'
/** 数据分析: the pages list, or one page's dashboard; `search` keeps a range (?from=&to=&step=). */
export const analyticsHref = (pageId?: string, search = '') =>
  `/analytics${pageId ? `/${encodeURIComponent(pageId)}` : ''}${search ? `?${search}` : ''}`
/** 服务工单 (客服), on one of its desks. */
export const casesHref = (tab?: 'feedback' | 'claims' | 'appointments') =>
  tab && tab !== 'feedback' ? `/cases?tab=${tab}` : '/cases'
export const loginHref = (from?: string) =>
  from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login'

/** The router's basename: the studio lives at {base}studio/. */
export const studioBasename = () => `${import.meta.env.BASE_URL.replace(/\/$/, '')}/studio`

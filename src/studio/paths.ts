// The studio's routes (under /studio/, the router's basename) and their href builders.
export const studioPaths = {
  login: '/login',
  pages: '/',
  page: '/pages/:id',
  folder: '/folders',
  staff: '/staff',
  audit: '/audit',
  partnerHealth: '/partner-health',
}

export const pageHref = (id: string) => `/pages/${encodeURIComponent(id)}`
export const folderHref = (file: string) => `/folders?file=${encodeURIComponent(file)}`
export const auditHref = (pageId?: string) =>
  pageId ? `/audit?page=${encodeURIComponent(pageId)}` : '/audit'
export const loginHref = (from?: string) =>
  from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login'

/** The router's basename: the studio lives at {base}studio/. */
export const studioBasename = () => `${import.meta.env.BASE_URL.replace(/\/$/, '')}/studio`

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { ProductDetail } from '../../../src/types/generated/api/catalog'
import type {
  ProductVersions,
  SalesPageVersion,
  SalesPageVersionSummary,
} from '../../../src/types/generated/api/trail'
import { PURCHASE_TEXTS } from '../../../src/domain/purchaseTexts'
import type { DB } from '../../db/schema'
import { notFound } from '../../platform/errors'
import { markdownTrees } from '../../platform/markdown'
import { toIso } from '../../platform/time'
import type { CatalogService } from '../catalog/service'
import { canonicalJson, sha256 } from './chain'
import type { SalesPageKind } from './tables'

// Sales pages as versions (可回溯): the product page's data, each document's text, the purchase screens' words.
// A version is taken whenever content is used or changed and differs from the live one (compared by hash): a
// staff edit takes it at once, a sale's every step takes it before naming it, and the sweep takes every product
// after any catalog change (content_version), so an edit made straight in SQL is on record within a sweep.

export interface VersionRef {
  id: number
  version: number
  hash: string
}

export const PURCHASE_TEXTS_KEY = 'mall'
export const documentKey = (productId: string, documentId: string) => `${productId}:${documentId}`

/** What of the product page is content: its counters (sales, rating) move with every sale and are not. */
function productSnapshot(detail: ProductDetail): Record<string, unknown> {
  const { salesCount: _sales, rating: _rating, pageVersion: _version, ...content } = detail
  return content
}

interface DocumentText {
  documentId: string
  title: string
  markdown: string
}

export class SalesPageVersions {
  /** Per process: the version a content hash was last found or made as (saves a query per product view). */
  private readonly known = new Map<string, VersionRef>()
  private seenContentVersion: string | null = null

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: CatalogService,
  ) {}

  /** The live version of this content: the current one when its hash and title match, else the next one. */
  async capture(
    kind: SalesPageKind,
    key: string,
    title: string,
    content: Record<string, unknown>,
    hash: string,
  ): Promise<VersionRef> {
    const memoKey = `${kind}\n${key}`
    const memo = this.known.get(memoKey)
    if (memo && memo.hash === hash) return memo
    for (let attempt = 0; attempt < 5; attempt++) {
      const live = await this.db
        .selectFrom('sales_page_versions')
        .select(['id', 'version', 'hash', 'title'])
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('offline_at', 'is', null)
        .executeTakeFirst()
      if (live && live.hash === hash && live.title === title) {
        const ref = { id: live.id, version: live.version, hash }
        this.known.set(memoKey, ref)
        return ref
      }
      const now = this.now()
      // Close the live one and add the next in one transaction; a process that lost the race tries again.
      const made = await this.db.transaction().execute(async (trx) => {
        if (live) {
          const closed = await trx
            .updateTable('sales_page_versions')
            .set({ offline_at: now })
            .where('id', '=', live.id)
            .where('offline_at', 'is', null)
            .executeTakeFirst()
          if (Number(closed.numUpdatedRows) !== 1) return null
        }
        return trx
          .insertInto('sales_page_versions')
          .values({
            kind,
            key,
            version: (live?.version ?? 0) + 1,
            hash,
            title,
            content: JSON.stringify(content),
            online_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'version', 'hash'])
          .executeTakeFirst()
      })
      if (made) {
        this.known.set(memoKey, made)
        return made
      }
    }
    throw new Error(`sales page version of ${kind} ${key}: too many concurrent changes`)
  }

  /** The product page's live version for the data as served. */
  product(detail: ProductDetail): Promise<VersionRef> {
    const content = productSnapshot(detail)
    return this.capture('product', detail.id, detail.name, content, sha256(canonicalJson(content)))
  }

  /** The product's documents (投保须知 'notice', clauses 'clause:<id>') as their live versions. */
  async documents(productId: string): Promise<Map<string, VersionRef & { title: string }>> {
    const [texts, compile] = await Promise.all([this.documentTexts(productId), markdownTrees()])
    const refs = new Map<string, VersionRef & { title: string }>()
    for (const doc of texts) {
      const body = compile(doc.markdown)
      const ref = await this.capture(
        'document',
        documentKey(productId, doc.documentId),
        doc.title,
        { title: doc.title, markdown: doc.markdown, body },
        sha256(doc.markdown),
      )
      refs.set(doc.documentId, { ...ref, title: doc.title })
    }
    return refs
  }

  private async documentTexts(productId: string): Promise<DocumentText[]> {
    const [product, clauses] = await Promise.all([
      this.db.selectFrom('products').select('notice').where('id', '=', productId).executeTakeFirst(),
      this.db
        .selectFrom('product_clauses')
        .select(['id', 'title', 'markdown'])
        .where('product_id', '=', productId)
        .orderBy('sort')
        .execute(),
    ])
    if (!product) return []
    return [
      { documentId: 'notice', title: '投保须知', markdown: product.notice },
      ...clauses.map((c) => ({ documentId: `clause:${c.id}`, title: c.title, markdown: c.markdown })),
    ]
  }

  /** The purchase screens' words this build shows (src/domain/purchaseTexts.ts). */
  texts(): Promise<VersionRef> {
    const content = { ...PURCHASE_TEXTS }
    return this.capture(
      'purchase_texts',
      PURCHASE_TEXTS_KEY,
      '投保页面文字',
      content,
      sha256(canonicalJson(content)),
    )
  }

  /**
   * Everything a sale of this product shows, as live versions (taken before a sale's step names them); `served`:
   * the product page's data when the caller has it already.
   */
  async captureProduct(productId: string, served?: ProductDetail) {
    const detail = served ?? (await this.catalog.product(productId))
    const [product, documents, texts] = [
      await this.product(detail),
      await this.documents(productId),
      await this.texts(),
    ]
    return { detail, product, documents, texts }
  }

  /** The sweep's part: after any catalog change, every product and its documents (an edit made in SQL). */
  async captureChanged(): Promise<void> {
    const { rows } = await sql<{
      value: string
    }>`SELECT last_value::text AS value FROM content_version`.execute(this.db)
    const value = rows[0]?.value ?? null
    if (value === this.seenContentVersion) return
    const products = await this.db.selectFrom('products').select('id').execute()
    for (const { id } of products) await this.captureProduct(id)
    this.seenContentVersion = value
  }

  async productVersions(productId: string): Promise<ProductVersions> {
    const detail = await this.catalog.product(productId)
    await this.captureProduct(productId)
    const rows = await this.db
      .selectFrom('sales_page_versions')
      .select(['id', 'kind', 'key', 'version', 'hash', 'title', 'online_at', 'offline_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'product'), eb('key', '=', productId)]),
          eb.and([eb('kind', '=', 'document'), eb('key', 'like', `${productId}:%`)]),
        ]),
      )
      .orderBy('key')
      .orderBy('version', 'desc')
      .execute()
    const summaries = rows.map(summary)
    const documents = new Map<string, { key: string; title: string; versions: SalesPageVersionSummary[] }>()
    for (const s of summaries.filter((v) => v.kind === 'document')) {
      const entry = documents.get(s.key) ?? { key: s.key, title: s.title, versions: [] }
      entry.versions.push(s)
      documents.set(s.key, entry)
    }
    return {
      productId,
      productName: detail.name,
      product: summaries.filter((v) => v.kind === 'product'),
      documents: [...documents.values()],
    }
  }

  async get(id: number): Promise<SalesPageVersion> {
    const row = await this.db
      .selectFrom('sales_page_versions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('页面版本')
    return { ...summary(row), content: row.content }
  }

  /** The versions these (kind, key, version) name, with their content (a trail's replay). */
  async byRefs(
    refs: readonly { kind: SalesPageKind; key: string; version: number }[],
  ): Promise<SalesPageVersion[]> {
    if (refs.length === 0) return []
    const rows = await this.db
      .selectFrom('sales_page_versions')
      .selectAll()
      .where((eb) =>
        eb.or(
          refs.map((r) =>
            eb.and([eb('kind', '=', r.kind), eb('key', '=', r.key), eb('version', '=', r.version)]),
          ),
        ),
      )
      .orderBy('kind')
      .orderBy('key')
      .orderBy('version')
      .execute()
    return rows.map((row) => ({ ...summary(row), content: row.content }))
  }

  /** Whether this product has a version with this number (a browser's claim of what it showed). */
  async productHas(productId: string, version: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sales_page_versions')
      .select('id')
      .where('kind', '=', 'product')
      .where('key', '=', productId)
      .where('version', '=', version)
      .executeTakeFirst()
    return Boolean(row)
  }
}

function summary(row: {
  id: number
  kind: SalesPageKind
  key: string
  version: number
  hash: string
  title: string
  online_at: Date
  offline_at: Date | null
}): SalesPageVersionSummary {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    version: row.version,
    hash: row.hash,
    title: row.title,
    onlineAt: toIso(row.online_at),
    offlineAt: row.offline_at ? toIso(row.offline_at) : null,
  }
}

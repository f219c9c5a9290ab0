import type { Kysely } from 'kysely'
import { pinyin } from 'pinyin-pro'
import type { DB } from '../../db/schema'

// Product search as people type it: 孩子 finds 少儿 products, 旅游险 finds 旅行 ones, 重大疾病 finds 重疾, "bwyl"
// finds 百万医疗. Each product keeps its search terms (products.search_terms, 212_product_search.sql): its name,
// category, tags, who it is for and its name in pinyin, written once when it is stored. A query is cut into parts
// (its words, and in a word the synonyms it holds); a product matches when, for every part, the part or one of its
// synonyms is in its terms, tagline or insurer's name.

/** Words that mean the same thing to a buyer: a query with one of them also looks for the others. */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['少儿', '儿童', '孩子', '宝宝', '小孩', '子女', '婴儿'],
  ['老年', '老人', '父母', '长辈', '银龄', '爸妈', '中老年', '孝心'],
  ['旅行', '旅游', '境外', '出境', '出国', '出游'],
  ['重疾', '重大疾病'],
  ['意外', '意外伤害'],
  ['医疗', '看病', '住院'],
  ['年金', '养老金'],
  ['教育金', '教育'],
  ['财产', '家财', '家庭财产'],
  ['投连', '投资连结'],
  ['女性', '女士'],
]

/** Who a product is for, by its insured ages: what a buyer says instead of an age range. */
function audience(ageMin: number, ageMax: number): string[] {
  return [...(ageMax <= 17 ? ['少儿'] : []), ...(ageMin >= 50 ? ['老年'] : [])]
}

/** What "险" or "保险" ends a query with adds nothing: 意外保险, 旅游险 and 医疗险 search 意外, 旅游, 医疗. */
const SUFFIX = /(保险|险)$/

export interface SearchableProduct {
  name: string
  categoryName: string
  tags: readonly string[]
  ageMin: number
  ageMax: number
}

/** A product's search terms: lower case, its words and its name in pinyin (initials and full). */
export function productSearchTerms(p: SearchableProduct): string {
  const syllables = pinyin(p.name, { toneType: 'none', type: 'array', nonZh: 'removed' })
  return [
    p.name,
    p.categoryName,
    ...p.tags,
    ...audience(p.ageMin, p.ageMax),
    syllables.map((s) => s[0] ?? '').join(''),
    syllables.join(''),
  ]
    .join(' ')
    .toLowerCase()
}

/** Every synonym, longest first: a query is cut at them (儿童重疾 searches 儿童 and 重疾). */
const TERMS = SYNONYMS.flat().sort((a, b) => b.length - a.length)
const MAX_TOKENS = 6

/** One word of a query without 险/保险, cut into the synonyms it holds and what lies between them. */
function tokens(word: string): string[] {
  const bare = word.replace(SUFFIX, '')
  // 寿险 stays whole: 寿 alone is in every 人寿 company's name.
  const stem = TERMS.includes(word) || bare.length < 2 ? word : bare
  const found: string[] = []
  let rest = stem
  for (const term of TERMS) {
    if (!rest.includes(term)) continue
    found.push(term)
    rest = rest.split(term).join(' ')
  }
  if (found.length === 0) return [stem]
  // Between two synonyms a lone character (的, 和) says nothing about a product.
  return [...found, ...rest.split(' ').filter((piece) => piece.length > 1)]
}

/** A query's parts (words, cut at synonyms), each with the alternatives any of which a product must match. */
export function searchAlternatives(keyword: string): string[][] {
  const parts = keyword.toLowerCase().split(/\s+/).filter(Boolean).flatMap(tokens).slice(0, MAX_TOKENS)
  return parts.map((part) => [
    part,
    ...(SYNONYMS.find((group) => group.includes(part)) ?? []).filter((t) => t !== part),
  ])
}

/**
 * Writes the search terms of products that have none yet (stored since the last start, or before 210): one read
 * that finds nothing on most starts.
 */
export async function indexProductSearch(db: Kysely<DB>): Promise<number> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.code', 'p.category_code')
    .select(['p.id', 'p.name', 'p.tags', 'p.age_min_years', 'p.age_max_years', 'c.name as category_name'])
    .where('p.search_terms', '=', '')
    .execute()
  for (const row of rows) {
    const terms = productSearchTerms({
      name: row.name,
      categoryName: row.category_name,
      tags: row.tags,
      ageMin: row.age_min_years,
      ageMax: row.age_max_years,
    })
    await db.updateTable('products').set({ search_terms: terms }).where('id', '=', row.id).execute()
  }
  return rows.length
}

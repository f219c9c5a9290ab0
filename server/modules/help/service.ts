import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import type {
  FaqCategory,
  FaqContent,
  FaqList,
  FaqQuery,
  FaqQuestion,
  FaqSummary,
} from '../../../src/types/generated/api/help'
import { notFound } from '../../platform/errors'
import { apiSchema } from '../../platform/schemas'
import { markdownTrees } from '../../platform/markdown'
import { REPO_ROOT } from '../../platform/repoRoot'

// The FAQ is a versioned file beside this module (faq.json), reviewed with the code it describes (the sign-in
// ladder, the payment window, the cooling-off period…), checked against schemas/api/help.schema.json when the
// server starts: a broken file stops start-up with the reason instead of answering 500s later.

export const FAQ_FILE = join(REPO_ROOT, 'server/modules/help/faq.json')

/** Reads and checks a FAQ file: schema, unique ids, every category listed once and used. */
export function loadFaq(file = FAQ_FILE): FaqContent {
  const content: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const validate = new Ajv({ allErrors: true, strict: false }).compile<FaqContent>(
    apiSchema('help', 'FaqContent'),
  )
  if (!validate(content)) {
    const first = validate.errors?.[0]
    throw new Error(`${file}: ${first?.instancePath || '/'} ${first?.message ?? 'is not valid'}`)
  }
  const ids = new Set<string>()
  for (const item of content.items) {
    if (ids.has(item.id)) throw new Error(`${file}: question id "${item.id}" appears twice`)
    ids.add(item.id)
    if (!content.categories.some((c) => c.code === item.category))
      throw new Error(`${file}: question "${item.id}" has a category not in categories: ${item.category}`)
  }
  const codes = content.categories.map((c) => c.code)
  if (new Set(codes).size !== codes.length) throw new Error(`${file}: a category is listed twice`)
  return content
}

/** Text a search looks in: the answer without markdown marks, lower-cased (for Latin letters). */
const searchable = (text: string) => text.replace(/[*_`#>[\]()]/g, '').toLowerCase()

/** Each two neighbouring letters of `text` (punctuation and spaces dropped). */
function characterPairs(text: string): Set<string> {
  const letters = [...text.replace(/[\s\p{P}\p{S}]/gu, '')]
  const pairs = new Set<string>()
  for (let i = 0; i + 1 < letters.length; i++) pairs.add(letters[i] + letters[i + 1])
  return pairs
}

export class HelpService {
  private readonly content: FaqContent
  private readonly index: { summary: FaqSummary; question: string; answer: string }[]

  constructor(file?: string) {
    this.content = loadFaq(file)
    this.index = this.content.items.map((item) => ({
      summary: { id: item.id, category: item.category, question: item.question },
      question: searchable(item.question),
      answer: searchable(item.answer),
    }))
  }

  private categoryName(code: FaqCategory): string {
    return this.content.categories.find((c) => c.code === code)?.name ?? code
  }

  /** Questions of a category (or all), matching `q` in the question or the answer: question matches first. */
  list(query: FaqQuery): FaqList {
    const q = (query.q ?? '').trim().toLowerCase()
    const inCategory = this.index.filter((e) => !query.category || e.summary.category === query.category)
    const items = q
      ? [
          ...inCategory.filter((e) => e.question.includes(q)),
          ...inCategory.filter((e) => !e.question.includes(q) && e.answer.includes(q)),
        ]
      : inCategory
    return {
      version: this.content.version,
      categories: this.content.categories.map((c) => ({
        code: c.code,
        name: c.name,
        count: this.index.filter((e) => e.summary.category === c.code).length,
      })),
      items: items.map((e) => e.summary),
    }
  }

  /**
   * The questions that best answer a sentence a person typed (在线客服's assistant): scored by the pairs of
   * characters they share with it (Chinese has no spaces to split words at), the question counting double.
   */
  answersFor(text: string, limit: number): FaqSummary[] {
    const pairs = characterPairs(searchable(text))
    if (pairs.size === 0) return []
    return this.index
      .map((e) => {
        let score = 0
        for (const pair of pairs)
          score += (e.question.includes(pair) ? 2 : 0) + (e.answer.includes(pair) ? 1 : 0)
        return { summary: e.summary, score }
      })
      .filter((e) => e.score >= Math.min(4, pairs.size * 2))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((e) => e.summary)
  }

  async question(id: string): Promise<FaqQuestion> {
    const item = this.content.items.find((i) => i.id === id)
    if (!item) throw notFound('问题')
    const compile = await markdownTrees()
    return {
      id: item.id,
      category: item.category,
      categoryName: this.categoryName(item.category),
      question: item.question,
      answer: compile(item.answer),
      related: this.index
        .filter((e) => e.summary.category === item.category && e.summary.id !== item.id)
        .slice(0, 5)
        .map((e) => e.summary),
    }
  }
}

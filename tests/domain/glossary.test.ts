import { describe, expect, it } from 'vitest'
import { GLOSSARY, GLOSSARY_GROUPS, searchGlossary } from '../../src/domain/glossary'

describe('glossary', () => {
  it('has unique terms, each in a known group', () => {
    const names = GLOSSARY.map((t) => t.term)
    expect(new Set(names).size).toBe(names.length)
    for (const t of GLOSSARY) expect(GLOSSARY_GROUPS).toContain(t.group)
  })

  it('finds terms by name first, then by explanation', () => {
    const hits = searchGlossary('犹豫期').map((t) => t.term)
    expect(hits[0]).toBe('犹豫期')
    expect(hits.length).toBeGreaterThan(0)
    expect(
      searchGlossary('保证')
        .map((t) => t.term)
        .slice(0, 2),
    ).toEqual(['保证续保', '保证利益与演示利益'])
    const premium = searchGlossary('保费').map((t) => t.term)
    expect(premium).toContain('保险费')
    expect(premium).toContain('犹豫期') // mentions 保费 in its explanation
  })

  it('returns everything for a blank keyword and nothing for an unknown one', () => {
    expect(searchGlossary('  ')).toHaveLength(GLOSSARY.length)
    expect(searchGlossary('量子纠缠')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import {
  findOccupation,
  OCCUPATIONS,
  OCCUPATION_CATEGORIES,
  occupationRefused,
  searchOccupations,
} from '../../../src/domain/occupation'

// The occupation classification the picker shows and the server checks (src/domain/occupation.ts).

describe('occupations', () => {
  it('lists at least 60 occupations in classes 1-6 with unique codes, searchable by name or category', () => {
    expect(OCCUPATIONS.length).toBeGreaterThanOrEqual(60)
    expect(new Set(OCCUPATIONS.map((o) => o.code)).size).toBe(OCCUPATIONS.length)
    expect(new Set(OCCUPATIONS.map((o) => o.class))).toEqual(new Set([1, 2, 3, 4, 5, 6]))
    for (const name of [
      '办公室人员',
      '教师',
      '医生',
      '厨师',
      '快递员',
      '出租车司机',
      '建筑工人',
      '电工',
      '矿工',
      '渔船船员',
      '消防员',
      '特技演员',
    ])
      expect(searchOccupations(name).map((o) => o.name)).toContain(name)
    expect(searchOccupations('交通运输').length).toBeGreaterThan(3)
    expect(searchOccupations('  ')).toHaveLength(OCCUPATIONS.length)
    expect(OCCUPATION_CATEGORIES).toContain('交通运输')
    expect(searchOccupations('不存在的职业')).toEqual([])
  })

  it('refuses by class, and refuses an unknown code', () => {
    const miner = OCCUPATIONS.find((o) => o.name === '矿工')!
    expect(findOccupation(miner.code)).toEqual(miner)
    expect(miner.class).toBe(6)
    expect(occupationRefused(miner.code, [6])).toBe(true)
    expect(occupationRefused(miner.code, [5])).toBe(false)
    expect(occupationRefused('9999999', [])).toBe(true)
  })
})

import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { InsuredInput } from '../../../../src/domain/applicant'
import { InsuredChooser } from '../../../../src/features/purchase/InsuredChooser'
import { product } from './fixtures'

// 为谁投保 offers only relations someone of the product's insurable ages can have: a children's product asks for
// a child, never for the buyer, a spouse or a parent.

const insured = (relationType: string): InsuredInput => ({
  name: '',
  certType: 'ID_CARD',
  certNo: '',
  certTime: 0,
  certStartDate: '',
  certEndDate: '',
  gender: '',
  birthday: '',
  relationType,
  hasSocialInsurance: 'Y',
  phone: '',
  email: '',
})

function offered(
  ages: { ageMin: { years: number; days?: number }; ageMax: number },
  relationType: string,
  selfBirthday: string,
) {
  render(
    <MemoryRouter>
      <InsuredChooser
        product={{ ...product, ...ages }}
        insured={insured(relationType)}
        members={[]}
        membersFailed={false}
        onRetryMembers={() => {}}
        selfBirthday={selfBirthday}
        effectiveDate="2026-11-26"
      />
    </MemoryRouter>,
  )
  const chooser = screen.getByRole('region', { name: '为谁投保' })
  return within(chooser)
    .getAllByRole('option')
    .map((option) => option.firstChild?.textContent)
}

describe('InsuredChooser', () => {
  it('offers only 子女 on a children-only product, whether or not the buyer’s age is known', () => {
    expect(offered({ ageMin: { years: 0, days: 28 }, ageMax: 17 }, '3', '1990-03-07')).toEqual(['新增子女'])
  })

  it('offers no adult on a children-only product before the buyer’s birth date is known', () => {
    expect(offered({ ageMin: { years: 0, days: 28 }, ageMax: 17 }, '3', '')).toEqual(['新增子女'])
  })

  it('offers every relation on a product for all ages', () => {
    expect(offered({ ageMin: { years: 0, days: 28 }, ageMax: 65 }, '1', '1990-03-07')).toEqual([
      '本人',
      '新增配偶',
      '新增子女',
      '新增父母',
    ])
  })

  it('offers no parent when the product’s oldest age is below the buyer’s', () => {
    expect(offered({ ageMin: { years: 18 }, ageMax: 30 }, '1', '1990-03-07')).toEqual([
      '本人',
      '新增配偶',
      '新增子女',
    ])
  })
})

import { render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { PersonFields } from '../../../../src/components/flow/PersonFields'
import type { PersonInput } from '../../../../src/domain/applicant'
import { pickOption } from '../../pickOption'

// The purchase form's person: the certificate type is chosen on antd-mobile's wheel like its dates, never on the
// browser's <select>; a child's documents (户口簿, 出生证明) carry no validity dates to ask.

const blank: PersonInput = {
  name: '',
  certType: 'ID_CARD',
  certNo: '',
  certTime: 0,
  certStartDate: '',
  certEndDate: '',
  gender: '',
  birthday: '',
}

function Host({ childCertificates = false }: { childCertificates?: boolean }) {
  const [person, setPerson] = useState(blank)
  return (
    <>
      <PersonFields
        prefix="insured"
        person={person}
        errors={{}}
        today="2026-11-26"
        childCertificates={childCertificates}
        onChange={(patch) => setPerson((p) => ({ ...p, ...patch }))}
      />
      <output data-testid="cert-type">{person.certType}</output>
    </>
  )
}

describe('PersonFields', () => {
  it('chooses the certificate type on a wheel, and a birth certificate asks no validity', async () => {
    render(<Host childCertificates />)
    expect(document.querySelector('select')).toBeNull()
    const type = screen.getByLabelText('证件类型')
    expect(type).toHaveTextContent('居民身份证')
    expect(screen.getByLabelText('有效期起始日期')).toBeInTheDocument()
    await pickOption(type, '出生证明')
    expect(screen.getByTestId('cert-type')).toHaveTextContent('BIRTH_CERTIFICATE')
    expect(screen.queryByLabelText('有效期起始日期')).toBeNull()
  })

  it('offers an adult no child’s document', async () => {
    render(<Host />)
    const type = screen.getByLabelText('证件类型')
    await pickOption(type, '护照')
    expect(screen.getByTestId('cert-type')).toHaveTextContent('PASSPORT')
    const picker = document.querySelector<HTMLElement>('.adm-picker[data-field="insured-certType"]')!
    expect(within(picker).queryByText('出生证明')).toBeNull()
    expect(within(picker).queryByText('户口簿')).toBeNull()
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ServiceDisclosure } from '../../../src/components/disclosure/ServiceDisclosure'
import type { Disclosure } from '../../../src/types/generated/api/disclosure'
import { renderScreen, stubApi, tappable } from '../harness'

const disclosure: Disclosure = {
  platform: {
    platformName: '国恒保险商城',
    name: '国恒保险经纪有限公司（演示）',
    licenceNo: '260731000000800',
    creditCode: '91310115MA1GH2607L',
    registeredAddress: '上海市',
    hotline: '4000-000-800',
    serviceHours: '每天 9:00–21:00',
    complaintPhone: '4000-000-801',
    complaintEmail: 'complaint@guoheng.example',
    complaintNote: '投诉受理后 15 个工作日内答复。',
    regulatorHotline: '12378',
    onlineServicePath: '/service',
  },
  insurer: {
    code: 'YH',
    name: '云禾健康保险股份有限公司（虚构）',
    shortName: '云禾健康',
    logo: '/images/insurers/yh.svg',
    licenceNo: '000903',
    creditCode: '91330100MA2YH0903C',
    registeredAddress: '浙江省杭州市西湖区云禾街 16 号（虚构）',
    hotline: '4000-000-903',
    complaintPhone: '4000-000-913',
    website: 'yunhe-health.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 187, coreRatioPct: 131, riskRating: 'A' },
    serviceRating: { year: 2025, grade: 'AA' },
  },
}

const Screen = () => <ServiceDisclosure productId="p-med" />

describe('ServiceDisclosure', () => {
  it("asks for the product's insurer and shows help, licences, the complaint channel and the profile", async () => {
    const calls = stubApi({ 'GET /api/disclosure': disclosure })
    renderScreen(Screen, '/product?id=p-med')
    const section = await screen.findByTestId('service-disclosure')
    expect(await within(section).findByRole('link', { name: '在线客服' })).toHaveAttribute(
      'href',
      '/service?productId=p-med',
    )
    expect(within(section).getByRole('link', { name: '客服热线 4000-000-800' })).toHaveAttribute(
      'href',
      'tel:4000000800',
    )
    expect(calls.requested).toContain('/api/disclosure?productId=p-med')
    expect(section).toHaveTextContent('云禾健康承保 · 国恒保险商城销售')
    expect(section).toHaveTextContent('经营保险经纪业务许可证260731000000800')
    expect(section).toHaveTextContent('保险许可证000903')
    expect(within(section).getByRole('link', { name: '拨打投诉电话 4000-000-801' })).toHaveAttribute(
      'href',
      'tel:4000000801',
    )
    expect(within(section).getByRole('link', { name: '拨打金融消费者投诉热线 12378' })).toBeInTheDocument()

    await userEvent.click(within(section).getByRole('button', { name: '查看保险公司简介' }))
    const sheet = await screen.findByText('保险公司简介')
    const body = sheet.parentElement as HTMLElement
    await tappable(body)
    expect(body).toHaveTextContent('综合偿付能力充足率 187%')
    expect(body).toHaveTextContent('2025年度 AA 类')
    expect(body).toHaveTextContent('浙江省杭州市西湖区云禾街 16 号（虚构）')
  })

  it('opens 在线客服 about the policy or claim it is given', async () => {
    stubApi({ 'GET /api/disclosure': disclosure })
    renderScreen(
      () => <ServiceDisclosure productId="p-med" serviceContext={{ policyId: 'pol-1' }} />,
      '/policy/policyDetail?id=pol-1',
    )
    const section = await screen.findByTestId('service-disclosure')
    expect(await within(section).findByRole('link', { name: '在线客服' })).toHaveAttribute(
      'href',
      '/service?policyId=pol-1',
    )
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AirAccidentPage from '../../../../src/features/partners/AirAccidentPage'
import InfoFillPage from '../../../../src/features/partners/InfoFillPage'
import { addDays, addYears, shanghaiDate } from '../../../../src/domain/age'
import { checksumChar } from '../../../../src/domain/certificate'
import { flowBindings } from '../../../../src/features/partners/flowState'
import { renderScreen, stubApi } from '../../harness'
import { accident, air, travel } from './fixtures'

// The partner forms ask what the cover is for and check it as the server does: the flight (a real airline's
// number), the travel trip (destination and dates), ages on the cover's first day, relations.

const today = () => shanghaiDate(Date.now())

function residentId(birthday: string, sequence = '851') {
  const first17 = `110101${birthday.replaceAll('-', '')}${sequence}`
  return first17 + checksumChar(first17)
}

/** A holder insuring himself, born on `birthday`, with an ID card valid long-term (issued at 46 or older). */
function holderBorn(birthday: string) {
  return {
    name: '张三',
    certType: 'ID_CARD',
    certNo: residentId(birthday),
    certTime: 1,
    certStartDate: addYears(birthday, 50),
    certEndDate: '',
    gender: 'M',
    birthday,
  }
}

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
})

describe('the air product’s flight', () => {
  beforeEach(() => stubApi({ 'GET /api/partner/products/ht-air': air }))

  it.each([
    ['ZZ9999', '航班号中的航空公司代码ZZ不存在或暂不支持投保，请核对航班号'],
    ['000', '航班号格式不正确，应为2位航空公司代码加1至4位数字，如 MU5101'],
  ])('refuses flight %s with a message at the field', async (flightNo, message) => {
    const user = userEvent.setup()
    flowBindings.airAccident.setExtras({ flight: { flightNo: '', date: addDays(today(), 3) } })
    const router = renderScreen(AirAccidentPage, '/activity/airAccident')
    await user.type(await screen.findByLabelText('航班号'), flightNo)
    await user.click(screen.getByRole('button', { name: '立即投保' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/activity/airAccident')
  })

  it('goes on with a real flight (3U8881)', async () => {
    const user = userEvent.setup()
    flowBindings.airAccident.setExtras({ flight: { flightNo: '', date: addDays(today(), 3) } })
    const router = renderScreen(AirAccidentPage, '/activity/airAccident')
    await user.type(await screen.findByLabelText('航班号'), '3u8881')
    await user.click(screen.getByRole('button', { name: '立即投保' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/airAccident/infoFill'))
    expect(flowBindings.airAccident.extras.flight.flightNo).toBe('3U8881')
  })
})

describe('the travel product’s trip', () => {
  it('asks destination, 出发日期 and 返回日期, and sends the trip with the quote', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      'GET /api/partner/products/ht-travel': travel,
      'POST /api/partner/quotes': { quoteId: 'q-1', premiumFen: 100, expiresAt: '2026-12-31T00:00:00+08:00' },
    })
    const binding = flowBindings.huataitravel
    binding.write('holder', {
      ...holderBorn('1970-03-07'),
      occupationinfo: '0000001',
      occupationinfoText: '办公室人员',
    })
    binding.write('insured', { relationType: '1', phone: '13800138000', hasSocialInsurance: 'Y' })
    renderScreen(InfoFillPage, '/huaTaiApiTravel/infoFill?productId=ht-travel')
    expect(await screen.findByRole('heading', { name: '行程信息' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('请选择旅行目的地')).toBeInTheDocument()
    expect(screen.getByText('请选择出发日期')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/partner/quotes')).toHaveLength(0)

    const start = addDays(today(), 5)
    binding.setExtras({ trip: { destination: '云南', startDate: start, endDate: addDays(start, 9) } })
    expect(await screen.findByText('本产品保障的行程最长7天，请调整返回日期')).toBeInTheDocument()
    binding.setExtras({ trip: { destination: '云南', startDate: start, endDate: addDays(start, 4) } })
    await waitFor(() => expect(screen.queryByText(/行程最长7天，请调整/)).toBeNull())
    expect(screen.getByText(/行程共5天/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/partner/quotes')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/partner/quotes')[0].body).toMatchObject({
      trip: { destination: '云南', startDate: start, endDate: addDays(start, 4) },
    })
  })
})

describe('ages on the cover’s first day', () => {
  it('refuses an insured who turns 66 tomorrow, when the 18-65 cover starts', async () => {
    const user = userEvent.setup()
    const api = stubApi({ 'GET /api/partner/products/ht-accident': accident })
    const tomorrow = addDays(today(), 1)
    flowBindings.huatai.write('holder', holderBorn(addYears(tomorrow, -66)))
    flowBindings.huatai.write('insured', { relationType: '1', phone: '13800138000', hasSocialInsurance: 'Y' })
    renderScreen(InfoFillPage, '/huaTaiApi/infoFill?productId=ht-accident')
    await user.click(await screen.findByRole('button', { name: '下一步' }))
    expect(
      await screen.findByText(`被保险人在保障起始日（${tomorrow}）的年龄须在18至65周岁之间`),
    ).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/partner/quotes')).toHaveLength(0)
  })

  it('refuses a parent younger than the policyholder', async () => {
    const user = userEvent.setup()
    stubApi({ 'GET /api/partner/products/ht-accident': accident })
    flowBindings.huatai.write('holder', holderBorn('1970-03-07'))
    flowBindings.huatai.write('insured', {
      ...holderBorn('1975-01-01'),
      name: '李四',
      certNo: residentId('1975-01-01', '235'),
      relationType: '4',
      phone: '13800138000',
      hasSocialInsurance: 'Y',
    })
    renderScreen(InfoFillPage, '/huaTaiApi/infoFill?productId=ht-accident')
    await user.click(await screen.findByRole('button', { name: '下一步' }))
    expect(
      await screen.findByText('父母应比投保人至少大16岁，请核对出生日期或与投保人关系'),
    ).toBeInTheDocument()
  })
})

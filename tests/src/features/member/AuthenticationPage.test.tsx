import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import AuthenticationPage from '../../../../src/features/member/AuthenticationPage'
import { userStore } from '../../../../src/state/user'
import { reply, renderScreen, stubApi } from '../../harness'
import { me } from './fixtures'

// 实名认证: the two fields say what is wrong in Chinese under themselves, nothing is sent until both are right
// and the authorisation is ticked, and the server's word on a field lands under that field.

const verified = me({
  realName: { name: '*三', idNumber: '1101**********8515', verifiedAt: '2026-11-30T12:00:00.000+08:00' },
})

beforeEach(() => userStore.reset())
afterEach(() => userStore.reset())

describe('/authentication', () => {
  it('checks name and ID number before sending, then shows the verified state', async () => {
    const user = userEvent.setup()
    const api = stubApi({ 'GET /api/me': me(), 'POST /api/me/real-name': verified })
    renderScreen(AuthenticationPage, '/authentication')
    const name = await screen.findByRole('textbox', { name: '姓名' })
    const idNumber = screen.getByRole('textbox', { name: '身份证号' })
    const submit = screen.getByRole('button', { name: '提交认证' })
    expect(submit).toBeDisabled()
    await user.click(screen.getByRole('checkbox'))
    await user.type(idNumber, '110101199003078516')
    await user.click(submit)
    expect(await screen.findByText(/姓名/, { selector: '[role=alert]' })).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(2)
    expect(api.callsTo('POST', '/api/me/real-name')).toHaveLength(0)

    await user.type(name, '张三')
    await user.clear(idNumber)
    await user.type(idNumber, '110101199003078515')
    await user.click(submit)
    await waitFor(() => expect(api.callsTo('POST', '/api/me/real-name')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/me/real-name')[0].body).toEqual({
      name: '张三',
      idNumber: '110101199003078515',
    })
    expect(await screen.findByText('已完成实名认证')).toBeInTheDocument()
  })

  it('shows the server’s reason under the field it names', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/me': me(),
      'POST /api/me/real-name': reply(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: '身份证号与姓名不匹配',
          details: [{ field: 'idNumber', message: '身份证号与姓名不匹配' }],
        },
      }),
    })
    renderScreen(AuthenticationPage, '/authentication')
    await user.type(await screen.findByRole('textbox', { name: '姓名' }), '张三')
    await user.type(screen.getByRole('textbox', { name: '身份证号' }), '110101199003078515')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: '提交认证' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('身份证号与姓名不匹配')
  })
})

import { Form, Input } from 'antd-mobile'
import { isValidPhone } from '../domain/phone'

/**
 * The recipient of a parcel (收件人 and 手机号, as fields `name` and `phone`) inside an antd-mobile Form: the gift
 * mall's exchanges and campaigns' physical prizes ask for them alike.
 */
export function RecipientFields() {
  return (
    <>
      <Form.Item
        name="name"
        label="收件人"
        rules={[{ required: true, whitespace: true, message: '请填写收件人' }]}
      >
        <Input placeholder="收件人真实姓名" maxLength={30} aria-label="收件人" />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号"
        rules={[
          { required: true, message: '请填写手机号' },
          {
            validator: async (_, v: string | undefined) => {
              if (v && !isValidPhone(v.trim())) throw new Error('请输入正确的收件人手机号')
            },
          },
        ]}
      >
        <Input placeholder="11位手机号" maxLength={11} inputMode="numeric" aria-label="手机号" />
      </Form.Item>
    </>
  )
}

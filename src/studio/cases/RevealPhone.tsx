// A masked phone with 查看完整号码: the full number is fetched only when asked (each reveal is audited).
import { App, Button, Space, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../api/client'

export function RevealPhone({
  masked,
  load,
}: {
  masked: string | null
  load(): Promise<{ phone: string | null }>
}) {
  const [full, setFull] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { message } = App.useApp()
  if (!masked) return <>—</>
  const reveal = async () => {
    setBusy(true)
    try {
      setFull((await load()).phone)
    } catch (failure) {
      message.error(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space>
      <Typography.Text copyable={full ? { text: full } : false}>{full ?? masked}</Typography.Text>
      {!full && (
        <Button size="small" type="link" loading={busy} onClick={() => void reveal()}>
          查看完整号码
        </Button>
      )}
    </Space>
  )
}

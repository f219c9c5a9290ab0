import { useEffect, useState } from 'react'
import { Button, Checkbox, Form, Input, Result } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { submitRealName, useMe } from './api'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { loginPathFor, safeRedirect } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { validateCertificate, validatePersonName } from '../../domain/certificate'
import { apiErrorOf, describeError } from '../../lib/request'
import { applyLoggedIn, sessionExpired, withExpiredReason } from './session'
import './user.css'
import { protocolHref } from '../protocol/paths'
import { memberPaths } from './paths'

interface Fields {
  name: string
  idNumber: string
}

/** /authentication: real-name verification with a resident ID; shows the verified state masked. */
export default function AuthenticationPage() {
  const { data: me, error, isLoading, mutate } = useMe()
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const [form] = Form.useForm<Fields>()
  const [consent, setConsent] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    if (me === null) {
      const loginPath = loginPathFor(`${pathname}${search}`, memberPaths.loginAndVerify)
      navigate(sessionExpired() ? withExpiredReason(loginPath) : loginPath, { replace: true })
    }
  }, [me, navigate, pathname, search])

  if (isLoading || me === null) return <LoadingView />
  if (error || !me) return <ErrorView error={error} onRetry={() => void mutate()} />

  if (me.realName) {
    return (
      <div className="auth-verified" data-testid="real-name-verified">
        <Result
          status="success"
          title="已完成实名认证"
          description={`${me.realName.name}  ${me.realName.idNumber}`}
        />
        {params.get('redirect') && (
          <Button
            block
            color="primary"
            onClick={() => navigate(safeRedirect(params.get('redirect')), { replace: true })}
          >
            继续
          </Button>
        )}
      </div>
    )
  }

  const submit = async (values: Fields) => {
    setSubmitting(true)
    try {
      const updated = await submitRealName({
        name: values.name.trim(),
        idNumber: values.idNumber.trim().toUpperCase(),
      })
      applyLoggedIn(updated)
      await mutate(updated, { revalidate: false })
      toast('success', '实名认证成功')
      const redirect = params.get('redirect')
      if (redirect) navigate(safeRedirect(redirect), { replace: true })
    } catch (e) {
      const field = (apiErrorOf(e)?.details as { field?: string; message?: string }[] | undefined)?.[0]
      if (field?.field === 'name' || field?.field === 'idNumber') {
        form.setFields([{ name: field.field, errors: [field.message ?? describeError(e)] }])
      }
      toast('error', describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="auth-page" data-testid="authentication-page">
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: Fields) => void submit(values)}
        footer={
          <>
            <Checkbox checked={consent} onChange={setConsent} style={{ margin: '8px 0 16px', fontSize: 13 }}>
              我已阅读并同意<AppLink to={protocolHref('auth')}>《实名认证授权书》</AppLink>
            </Checkbox>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              disabled={!consent || submitting}
              loading={submitting}
            >
              提交认证
            </Button>
          </>
        }
      >
        <Form.Header>请填写本人真实信息，认证后不可自行修改</Form.Header>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const result = validatePersonName(value ?? '')
                if (!result.ok) throw new Error(result.reason)
              },
            },
          ]}
        >
          <Input placeholder="请输入真实姓名" maxLength={30} aria-label="姓名" />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label="身份证号"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const result = validateCertificate('ID_CARD', value ?? '')
                if (!result.ok) throw new Error(result.reason)
              },
            },
          ]}
        >
          <Input placeholder="请输入18位居民身份证号" maxLength={18} aria-label="身份证号" />
        </Form.Item>
      </Form>
    </div>
  )
}

import { useEffect, useState, type FormEvent } from 'react'
import { Button, Input } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { Field, type FieldErrors } from '../../components/flow/PersonFields'
import { Result } from '../../components/Result'
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

const FIELDS = [
  { field: 'name', label: '姓名', placeholder: '请输入真实姓名', maxLength: 30 },
  { field: 'idNumber', label: '身份证号', placeholder: '请输入18位居民身份证号', maxLength: 18 },
] as const

/** A field's problem as the server would say it (certificate.ts), or undefined. */
function problemOf(field: keyof Fields, value: string): string | undefined {
  const result =
    field === 'name' ? validatePersonName(value.trim()) : validateCertificate('ID_CARD', value.trim())
  return result.ok ? undefined : result.reason
}

/** /authentication: real-name verification with a resident ID; shows the verified state masked. */
export default function AuthenticationPage() {
  const { data: me, error, isLoading, mutate } = useMe()
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const [values, setValues] = useState<Fields>({ name: '', idNumber: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
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

  // Checked as typed (as antd-mobile's Form did): an error shown when leaving the field would push the consent
  // box down under the finger reaching for it.
  const change = (field: keyof Fields, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    const problem = problemOf(field, value)
    setErrors(({ [field]: _, ...rest }) => (problem ? { ...rest, [field]: problem } : rest))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    const found: FieldErrors = {}
    for (const { field } of FIELDS) {
      const problem = problemOf(field, values[field])
      if (problem) found[field] = problem
    }
    setErrors(found)
    if (Object.keys(found).length) return
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
        const at = field.field
        setErrors((current) => ({ ...current, [at]: field.message ?? describeError(e) }))
      }
      toast('error', describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="auth-page" data-testid="authentication-page">
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="auth-form-header">请填写本人真实信息，认证后不可自行修改</p>
        {FIELDS.map(({ field, label, placeholder, maxLength }) => (
          <Field key={field} label={label} htmlFor={`auth-${field}`} error={errors[field]}>
            <Input
              id={`auth-${field}`}
              placeholder={placeholder}
              maxLength={maxLength}
              value={values[field]}
              onChange={(v) => change(field, v)}
            />
          </Field>
        ))}
        <Checkbox checked={consent} onChange={setConsent} style={{ margin: '16px 0', fontSize: 13 }}>
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
      </form>
    </div>
  )
}

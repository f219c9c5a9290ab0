import { useEffect } from 'react'
import { DotLoading } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { safeRedirect } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'

/**
 * Transit page used by partner entries and payment returns: shows a loading state, then continues to
 * `?redirect=` (same-origin relative paths only) or home.
 */
export default function LoadingPage() {
  const [params] = useSearchParams()
  const navigate = useAppNavigate()
  const target = safeRedirect(params.get('redirect'))
  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), 300)
    return () => clearTimeout(timer)
  }, [navigate, target])
  return (
    <div className="loading-screen" role="status" data-testid="loading-page">
      <DotLoading color="primary" />
      <span>正在为您跳转，请稍候</span>
    </div>
  )
}

import { useState, type ReactNode } from 'react'
import { Sheet } from '../sheets/LazySheets'
import { AppLink } from '../navigation/AppLink'
import { withQuery } from '../../lib/href'
import { useDisclosure, type InsurerDisclosure, type PlatformOperator } from './api'
import './disclosure.css'

// 服务与披露 (互联网保险业务监管办法 art. 13–14) on the product, pay, policy and claim screens: who underwrites and
// who sells, with licence numbers, 在线客服 and hotlines, the complaint channel, and the insurer's profile. Compact on
// a phone: the ways to get help stay in sight, the licences and complaint details open on a tap.

const tel = (phone: string) => `tel:${phone.replace(/-/g, '')}`

function Phone({ phone, label }: { phone: string; label?: string }) {
  return (
    <a className="disclosure-tel" href={tel(phone)} aria-label={`${label ?? '拨打'} ${phone}`}>
      {phone}
    </a>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="disclosure-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** The insurer's profile: full name, address, solvency, service rating and where to call. */
function InsurerProfile({ insurer }: { insurer: InsurerDisclosure }) {
  const { solvency, serviceRating } = insurer
  return (
    <dl className="disclosure-list">
      <Row label="公司全称">{insurer.name}</Row>
      <Row label="注册地址">{insurer.registeredAddress}</Row>
      <Row label="保险许可证">{insurer.licenceNo}</Row>
      <Row label="统一社会信用代码">{insurer.creditCode}</Row>
      <Row label="偿付能力">
        {solvency.quarter}：综合偿付能力充足率 {solvency.comprehensiveRatioPct}%，核心偿付能力充足率{' '}
        {solvency.coreRatioPct}%，风险综合评级 {solvency.riskRating}
      </Row>
      <Row label="服务评价">
        {serviceRating.year}年度 {serviceRating.grade} 类
      </Row>
      <Row label="客服电话">
        <Phone phone={insurer.hotline} label="拨打保险公司客服电话" />
      </Row>
      <Row label="投诉电话">
        <Phone phone={insurer.complaintPhone} label="拨打保险公司投诉电话" />
      </Row>
      <Row label="官方网站">{insurer.website}</Row>
    </dl>
  )
}

function Details({
  platform,
  insurer,
  onProfile,
}: {
  platform: PlatformOperator
  insurer: InsurerDisclosure | null
  onProfile: () => void
}) {
  return (
    <dl className="disclosure-list">
      {insurer && (
        <>
          <Row label="保险公司">
            <button type="button" className="disclosure-link" onClick={onProfile}>
              {insurer.name}
            </button>
          </Row>
          <Row label="保险许可证">{insurer.licenceNo}</Row>
          <Row label="统一社会信用代码">{insurer.creditCode}</Row>
          <Row label="保险公司客服">
            <Phone phone={insurer.hotline} label="拨打保险公司客服电话" />
          </Row>
        </>
      )}
      <Row label="保险中介">{platform.name}</Row>
      <Row label="经营保险经纪业务许可证">{platform.licenceNo}</Row>
      <Row label="统一社会信用代码">{platform.creditCode}</Row>
      <Row label="平台客服">
        <Phone phone={platform.hotline} label="拨打平台客服热线" />（{platform.serviceHours}）
      </Row>
      <Row label="投诉渠道">
        电话 <Phone phone={platform.complaintPhone} label="拨打投诉电话" />
        ，邮箱 {platform.complaintEmail}，或在
        <AppLink to={platform.onlineServicePath} aria-label="通过在线客服投诉">
          在线客服
        </AppLink>
        中提交。{platform.complaintNote}
      </Row>
      <Row label="金融消费者投诉热线">
        <Phone phone={platform.regulatorHotline} label="拨打金融消费者投诉热线" />
      </Row>
    </dl>
  )
}

/**
 * The service and disclosure section of a screen about `productId` (the platform alone without one). Put it in
 * the page's flow: it never covers the buy bar. Its 在线客服 opens with the product, or `serviceContext`, as the
 * conversation's context.
 */
export function ServiceDisclosure({
  productId,
  serviceContext,
}: {
  productId: string | null
  /** What 在线客服 is asked about (a policy, a claim); the product by default. */
  serviceContext?: { policyId?: string; claimId?: string; orderId?: string }
}) {
  const { data } = useDisclosure(productId)
  const [profileOpen, setProfileOpen] = useState(false)
  const platform = data?.platform
  const insurer = data?.insurer ?? null
  return (
    <section className="disclosure" aria-label="服务与披露" data-testid="service-disclosure">
      {platform && (
        <div className="disclosure-actions">
          <AppLink
            className="disclosure-action"
            to={withQuery(platform.onlineServicePath, serviceContext ?? { productId })}
          >
            在线客服
          </AppLink>
          <a
            className="disclosure-action"
            href={tel(platform.hotline)}
            aria-label={`客服热线 ${platform.hotline}`}
          >
            客服热线
          </a>
        </div>
      )}
      {platform && (
        <details className="disclosure-details">
          <summary>
            <span className="disclosure-summary-title">服务与披露</span>
            <span className="disclosure-summary-line">
              {insurer ? `${insurer.shortName}承保 · ` : ''}
              {platform.platformName}销售 · 许可证与投诉渠道
            </span>
          </summary>
          <Details platform={platform} insurer={insurer} onProfile={() => setProfileOpen(true)} />
          {insurer && (
            <button type="button" className="disclosure-profile-button" onClick={() => setProfileOpen(true)}>
              查看保险公司简介
            </button>
          )}
        </details>
      )}
      {insurer && (
        <Sheet
          visible={profileOpen}
          onMaskClick={() => setProfileOpen(false)}
          onClose={() => setProfileOpen(false)}
          showCloseButton
          bodyClassName="disclosure-sheet"
          aria-label="保险公司简介"
        >
          <h2 className="disclosure-sheet-title">保险公司简介</h2>
          <InsurerProfile insurer={insurer} />
        </Sheet>
      )}
    </section>
  )
}

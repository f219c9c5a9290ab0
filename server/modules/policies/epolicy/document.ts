import { relationName } from '../../../../src/domain/applicant'
import { CERTIFICATE_TYPES } from '../../../../src/domain/certificate'
import { formatShanghaiDateTime } from '../../../../src/domain/dates'
import { journeyRows } from '../../../../src/domain/journey'
import { formatCoverageAmount, formatFen } from '../../../../src/domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../../../src/domain/periods'
import { EXCLUSIONS_PREAMBLE } from '../../../../src/domain/policy'
import type { MarkdownNode, MarkdownTree } from '../../../../src/types/generated/api/catalog'
import type { InsurerDisclosure, PlatformOperator } from '../../../../src/types/generated/api/disclosure'
import type { Policy, PolicyPerson } from '../../../../src/types/generated/api/policy'
import { openPdf } from '../../../platform/pdf'
import { drawSeal } from './seal'

// The e-policy as a PDF a person keeps: the policy number, the parties with masked certificate numbers, the
// cover, the insurer's seal, who to call, and the clauses in full (each title in the list links to its text).

export interface EpolicyInput {
  policy: Policy
  /** The clauses' text, by the policy's clause ids (a clause no longer in the catalog is listed by title only). */
  clauseBodies: ReadonlyMap<string, MarkdownTree>
  platform: PlatformOperator
  insurer: InsurerDisclosure | null
}

const MARGIN = 48
const INK = '#1f2329'
const MUTED = '#5c6470'
const LINK = '#1559c9'
const RULE = '#d9dce1'

const certName = (type: string) => CERTIFICATE_TYPES.find((t) => t.type === type)?.name ?? '证件'
const genderName = (g: string) => (g === 'M' ? '男' : g === 'F' ? '女' : '')
const clauseDestination = (id: string) => `clause-${id}`

/** The text of a markdown element, its children's strings joined. */
function plainText(node: MarkdownNode): string {
  return typeof node === 'string' ? node : (node.children ?? []).map(plainText).join('')
}

/** A clause's blocks as lines to print: headings apart, list items numbered as written. */
export function clauseBlocks(tree: MarkdownTree): { heading: boolean; text: string }[] {
  const blocks: { heading: boolean; text: string }[] = []
  for (const node of tree) {
    if (typeof node === 'string') {
      if (node.trim()) blocks.push({ heading: false, text: node.trim() })
    } else if (/^h[1-6]$/.test(node.tag)) blocks.push({ heading: true, text: plainText(node) })
    else if (node.tag === 'ol' || node.tag === 'ul') {
      const first = node.props?.start ?? 1
      ;(node.children ?? [])
        .filter((child) => typeof child !== 'string' && child.tag === 'li')
        .forEach((item, i) =>
          blocks.push({
            heading: false,
            text: `${node.tag === 'ol' ? `${first + i}.` : '•'} ${plainText(item)}`,
          }),
        )
    } else blocks.push({ heading: false, text: plainText(node) })
  }
  return blocks
}

/** Renders the e-policy; resolves with the PDF's bytes. */
export async function renderEpolicy({
  policy,
  clauseBodies,
  platform,
  insurer,
}: EpolicyInput): Promise<Buffer> {
  const insurerName = insurer?.name ?? policy.insurerName
  const { doc, finished } = await openPdf({
    margin: MARGIN,
    info: {
      Title: `${policy.productName} 电子保单 ${policy.policyNo}`,
      Author: insurerName,
      Subject: `保单号 ${policy.policyNo}`,
      Creator: platform.platformName,
    },
    // Page numbers are written once every page exists.
    bufferPages: true,
  })

  const width = doc.page.width - MARGIN * 2
  const column = (width - 16) / 2
  const labelWidth = 84

  const rule = () => {
    const y = doc.y + 3
    doc
      .save()
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
      .restore()
    doc.y = y + 6
  }
  const section = (title: string) => {
    doc.moveDown(0.5).font('bold').fontSize(11).fillColor(INK).text(title, MARGIN)
    rule()
  }
  /** One label and value at (x, y) in a column; returns the bottom. */
  const cell = (x: number, y: number, w: number, label: string, value: string) => {
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, x, y, { width: labelWidth })
    const labelBottom = doc.y
    doc.fillColor(INK).text(value, x + labelWidth, y, { width: w - labelWidth })
    return Math.max(doc.y, labelBottom)
  }
  /** Label–value pairs two to a line (a pair may take the whole line). */
  const rows = (items: ([string, string] | [string, string, 'wide'])[]) => {
    let i = 0
    while (i < items.length) {
      const y = doc.y
      const [label, value, wide] = items[i]
      if (wide) {
        doc.y = cell(MARGIN, y, width, label, value) + 2
        i += 1
        continue
      }
      let bottom = cell(MARGIN, y, column, label, value)
      const next = items[i + 1]
      if (next && !next[2]) {
        bottom = Math.max(bottom, cell(MARGIN + column + 16, y, column, next[0], next[1]))
        i += 2
      } else i += 1
      doc.y = bottom + 2
    }
  }
  const relation = (p: PolicyPerson) => (p.relationType ? `（${relationName(p.relationType)}）` : '')

  // Heading: who issues, what, and the number.
  doc.font('regular').fontSize(9).fillColor(MUTED)
  doc.text(`${platform.platformName} · 电子保单`, MARGIN, MARGIN, { width })
  doc.moveDown(0.5).font('bold').fontSize(18).fillColor(INK)
  doc.text(policy.productName, { width, align: 'center' })
  doc.font('regular').fontSize(12).text('电子保险单', { width, align: 'center' })
  doc.moveDown(0.2).fontSize(10).fillColor(MUTED).text(insurerName, { width, align: 'center' })
  doc.moveDown(0.6)
  const noY = doc.y
  doc.save().rect(MARGIN, noY, width, 28).fill('#f4f6f9').restore()
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text('保单号', MARGIN + 12, noY + 8, { lineBreak: false })
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(policy.policyNo, MARGIN + 64, noY + 6.5, { lineBreak: false })
  doc.y = noY + 30

  section('保单信息')
  rows([
    ['保障计划', policy.planName],
    ['保险费', `¥${formatFen(policy.premiumFen)}`],
    ['保险期间', coveragePeriodLabel(policy.coveragePeriod)],
    ['交费方式', paymentPeriodLabel(policy.paymentPeriod)],
    ['生效时间', formatShanghaiDateTime(policy.effectiveAt)],
    ['满期时间', policy.expiresAt ? formatShanghaiDateTime(policy.expiresAt) : '终身'],
    ['犹豫期截止', formatShanghaiDateTime(policy.coolingOffEndsAt)],
    ...journeyRows(policy),
  ])

  section('投保人与被保险人')
  const { holder, insured } = policy
  rows([
    ['投保人', holder.name],
    ['被保险人', `${insured.name}${relation(insured)}`],
    [certName(holder.certType), holder.certNoMasked],
    [certName(insured.certType), insured.certNoMasked],
    ['性别 / 出生日期', `${genderName(holder.gender)} / ${holder.birthday}`],
    ['性别 / 出生日期', `${genderName(insured.gender)} / ${insured.birthday}`],
  ])

  section('保障内容')
  rows(policy.coverages.map((c): [string, string] => [c.name, formatCoverageAmount(c.amountFen)]))

  if (policy.exclusions.length > 0) {
    section('特别约定')
    doc.font('regular').fontSize(9.5).fillColor(INK).text(EXCLUSIONS_PREAMBLE, MARGIN, doc.y, { width })
    policy.exclusions.forEach((exclusion, i) =>
      doc.text(`${i + 1}. ${exclusion}`, MARGIN + 8, doc.y, { width: width - 8 }),
    )
  }

  section('适用条款（点按条款名称查看全文）')
  for (const clause of policy.clauses) {
    const linked = clauseBodies.has(clause.id)
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(linked ? LINK : INK)
    doc.text(`《${clause.title}》`, MARGIN, doc.y, {
      width,
      ...(linked ? { goTo: clauseDestination(clause.id), underline: true } : {}),
    })
    doc.moveDown(0.15)
  }

  section('服务与投诉')
  rows([
    ...(insurer
      ? ([
          ['保险人', insurer.name],
          ['保险许可证', insurer.licenceNo],
          ['统一社会信用代码', insurer.creditCode],
          ['保险人客服电话', insurer.hotline],
        ] as [string, string][])
      : ([['保险人', policy.insurerName, 'wide']] as [string, string, 'wide'][])),
    ['保险中介', platform.name],
    ['经纪业务许可证', platform.licenceNo],
    ['平台客服电话', `${platform.hotline}（${platform.serviceHours}）`],
    ['投诉电话', `${platform.complaintPhone}；金融消费者投诉热线 ${platform.regulatorHotline}`],
  ])

  // The seal over the issuing line, bottom right of the last content.
  if (doc.y > doc.page.height - MARGIN - 120) doc.addPage()
  doc.moveDown(1.6)
  const signY = doc.y
  // The issuing lines end beside the seal, which covers their 盖章 as a stamp does.
  const signWidth = width - 96
  doc.font('regular').fontSize(10).fillColor(INK)
  doc.text(`保险人：${insurerName}（盖章）`, MARGIN, signY, { width: signWidth, align: 'right' })
  doc.text(`签发时间：${formatShanghaiDateTime(policy.issuedAt)}`, MARGIN, doc.y + 4, {
    width: signWidth,
    align: 'right',
  })
  doc.font('bold')
  drawSeal(doc, insurerName, MARGIN + width - 58, signY + 12, 50)
  doc.y = signY + 76
  doc.font('regular').fontSize(8.5).fillColor(MUTED)
  doc.text(
    '本电子保单与纸质保单具有同等法律效力。证件号码已部分隐藏。保单真伪可拨打保险人客服电话或登录平台“我的保单”查验。',
    MARGIN,
    doc.y,
    { width },
  )

  // The clauses in full, each where its title links to.
  for (const clause of policy.clauses) {
    const body = clauseBodies.get(clause.id)
    if (!body) continue
    doc.addPage()
    doc.addNamedDestination(clauseDestination(clause.id))
    doc.font('bold').fontSize(14).fillColor(INK).text(`《${clause.title}》`, { width, align: 'center' })
    doc.moveDown(0.6)
    const blocks = clauseBlocks(body)
    // The text's own heading repeats the title printed above it.
    if (blocks[0]?.heading && blocks[0].text.replace(/[《》]/g, '') === clause.title) blocks.shift()
    for (const block of blocks) {
      doc
        .font(block.heading ? 'bold' : 'regular')
        .fontSize(block.heading ? 11 : 10)
        .fillColor(INK)
        .text(block.text, { width, lineGap: 2 })
      doc.moveDown(block.heading ? 0.2 : 0.4)
    }
  }

  // Page numbers, once every page exists.
  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i)
    // Below the bottom margin pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0
    doc.font('regular').fontSize(8).fillColor(MUTED)
    doc.text(
      `保单号 ${policy.policyNo}    第 ${i + 1} 页 / 共 ${pages.count} 页`,
      MARGIN,
      doc.page.height - 32,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    )
  }
  doc.end()
  return finished
}

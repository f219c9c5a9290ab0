import type { Kysely, Transaction } from 'kysely'
import { maskCertificateNumber, maskName } from '../../../src/domain/certificate'
import { relationName } from '../../../src/domain/applicant'
import { PURCHASE_TEXTS } from '../../../src/domain/purchaseTexts'
import type { HealthQuestion } from '../../../src/types/generated/api/catalog'
import type { OrderHealth } from '../../../src/types/generated/api/order'
import type { DB } from '../../db/schema'
import { toIso } from '../../platform/time'
import { AGREEMENT_TITLES } from '../auth/agreements'
import type { Step } from './service'

// The server's trail steps as the purchase and partner flows record them: what was shown or given, in the words
// and versions the buyer saw (people masked as on every staff screen).

export const personLabel = (person: { name: string; certNo: string }) =>
  `${maskName(person.name)}（${maskCertificateNumber(person.certNo)}）`

export function documentStep(
  kind: 'document_opened' | 'document_confirmed',
  document: { document_id: string; title: string; version: number | null; hash: string | null },
): Step {
  return {
    kind,
    data: {
      documentId: document.document_id,
      documentTitle: document.title,
      documentVersion: document.version ?? undefined,
      documentHash: document.hash ?? undefined,
    },
  }
}

export function healthStep(
  questions: readonly HealthQuestion[],
  health: { insuredRelation: string; answers: OrderHealth['answers'] },
  outcome: string,
  exclusions: readonly string[],
): Step {
  const text = new Map(questions.map((q) => [q.id, q.text]))
  return {
    kind: 'health_answered',
    data: {
      insuredRelation: relationName(health.insuredRelation),
      answers: health.answers.map((a) => ({
        questionId: a.questionId,
        question: text.get(a.questionId) ?? a.questionId,
        answer: a.answer,
        ...(a.followUp?.length ? { followUp: a.followUp.map((f) => f.value) } : {}),
      })),
      outcome,
      exclusions: [...exclusions],
    },
  }
}

/**
 * The separate consent to process sensitive personal information (PIPL art. 29), as given: the buyer's latest
 * 《个人敏感信息收集使用授权书》 with its version and time (every login asks it again).
 */
export async function sensitiveConsentStep(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<Step> {
  const given = await db
    .selectFrom('user_agreements')
    .select(['version', 'accepted_at'])
    .where('user_id', '=', userId)
    .where('agreement', '=', 'sensitive')
    .orderBy('accepted_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const consent = `${AGREEMENT_TITLES.sensitive}：${PURCHASE_TEXTS.sensitiveConsent}`
  return given
    ? {
        kind: 'consent',
        data: { consent, consentVersion: given.version, consentedAt: toIso(given.accepted_at) },
      }
    : { kind: 'consent', data: { consent, reason: '未找到该用户的同意记录' } }
}

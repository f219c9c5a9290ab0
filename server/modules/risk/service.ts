import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import {
  isAssessmentValid,
  PRODUCT_RISK_LEVELS,
  RISK_LEVEL_BANDS,
  RISK_LEVEL_INFO,
  RISK_LEVELS,
  RISK_QUESTIONS,
  riskAssessmentExpiresAtMs,
  riskGateRefusal,
  scoreRiskAnswers,
  type ProductRiskLevel,
} from '../../../src/domain/riskAssessment'
import { RISK_ASSESSMENT_PATH } from '../../../src/domain/riskAssessmentPath'
import type {
  MyRiskAssessment,
  Questionnaire,
  RiskAssessment,
  RiskAssessmentSubmit,
} from '../../../src/types/generated/api/risk'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { RiskAssessmentsTable } from './tables'

// The questionnaire goes out without the options' scores: the server scores.
const QUESTIONNAIRE: Questionnaire = {
  questions: RISK_QUESTIONS.map((q) => ({
    id: q.id,
    title: q.title,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
  })),
  levels: RISK_LEVEL_BANDS.map((band, i) => ({
    level: band.level,
    name: RISK_LEVEL_INFO[band.level].name,
    description: RISK_LEVEL_INFO[band.level].description,
    maxProductRiskLevel: PRODUCT_RISK_LEVELS[i],
  })),
}

type Row = Selectable<RiskAssessmentsTable>

/** Each user's risk assessments (append-only; the newest is the current one) and the purchase gate they open. */
export class RiskAssessmentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  questionnaire(): Questionnaire {
    return QUESTIONNAIRE
  }

  private toAssessment(row: Row): RiskAssessment {
    return {
      level: row.level,
      levelName: RISK_LEVEL_INFO[row.level].name,
      description: RISK_LEVEL_INFO[row.level].description,
      score: row.score,
      assessedAt: toIso(row.assessed_at),
      expiresAt: toIso(row.expires_at),
      expired: !isAssessmentValid(row.expires_at.getTime(), this.now().getTime()),
    }
  }

  private latest(userId: string): Promise<Row | undefined> {
    return this.db
      .selectFrom('risk_assessments')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  async mine(userId: string): Promise<MyRiskAssessment> {
    const row = await this.latest(userId)
    return { current: row ? this.toAssessment(row) : null }
  }

  /** Scores the answers (each question once, with one of its options) and records a new assessment. */
  async submit(userId: string, body: RiskAssessmentSubmit): Promise<RiskAssessment> {
    const result = scoreRiskAnswers(body.answers)
    if (!result.ok)
      throw new ApiError(400, 'INVALID_RISK_ANSWERS', result.message, [
        { field: `answers.${result.questionId}`, message: result.message },
      ])
    const order = RISK_QUESTIONS.map((q) => q.id)
    const answers = [...body.answers]
      .sort((a, b) => order.indexOf(a.questionId) - order.indexOf(b.questionId))
      .map((a) => ({ questionId: a.questionId, optionId: a.optionId }))
    const now = this.now()
    const row = await this.db
      .insertInto('risk_assessments')
      .values({
        id: randomUUID(),
        user_id: userId,
        answers: JSON.stringify(answers),
        score: result.score,
        level: result.level,
        assessed_at: now,
        expires_at: new Date(riskAssessmentExpiresAtMs(now.getTime())),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return this.toAssessment(row)
  }

  /**
   * The gate of an investment-type product: throws a 409 (with a link to the questionnaire) unless the user's
   * current assessment is valid and its level fits the product's. Ordinary products (no risk level) pass.
   */
  async assertFits(userId: string, productRiskLevel: ProductRiskLevel | null): Promise<void> {
    if (!productRiskLevel) return
    const row = await this.latest(userId)
    const refusal = riskGateRefusal(
      productRiskLevel,
      row && RISK_LEVELS.includes(row.level)
        ? { level: row.level, expiresAtMs: row.expires_at.getTime() }
        : null,
      this.now().getTime(),
    )
    if (refusal)
      throw new ApiError(409, refusal.code, refusal.message, [
        { field: 'riskAssessment', message: refusal.message, link: RISK_ASSESSMENT_PATH },
      ])
  }
}

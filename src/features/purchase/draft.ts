import { useEffect } from 'react'
import { snapshot, subscribe } from 'valtio'
import { huataiStore, type HuataiState } from '../../state/huatai'

// The application draft (holder / insured / product sections of huataiStore plus the server's application id)
// survives a reload in sessionStorage, per product. It is not part of persist:root, which keeps only user
// and jtcState, and sessionStorage keeps ID numbers off the device once the tab closes.

export const draftKey = (productId: string) => `mall:applicationDraft:${productId}`

/** The premium trial's insured (product page), which prices the purchase until the real one is typed. */
export interface TrialInsured {
  birthDate: string
  gender: string
  socialInsurance: string
}

export interface ApplicationDraft {
  applicationId: string | null
  sections: HuataiState
  trial?: TrialInsured
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function readDraft(productId: string): ApplicationDraft | null {
  const text = storage()?.getItem(draftKey(productId))
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<ApplicationDraft>
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof parsed.sections !== 'object' ||
      parsed.sections === null
    )
      return null
    const trial = parsed.trial
    return {
      applicationId: typeof parsed.applicationId === 'string' ? parsed.applicationId : null,
      sections: parsed.sections,
      ...(trial && typeof trial === 'object' && typeof trial.birthDate === 'string' ? { trial } : {}),
    }
  } catch {
    // A corrupt draft starts clean rather than breaking the flow.
    return null
  }
}

export function writeDraft(productId: string, draft: ApplicationDraft): void {
  try {
    storage()?.setItem(draftKey(productId), JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the flow still works, only without reload survival.
  }
}

export function clearDraft(productId: string): void {
  storage()?.removeItem(draftKey(productId))
}

/** Starts a fresh application draft for a product (new application id, sections back to defaults). */
export function startDraft(productId: string, applicationId: string, trial: TrialInsured): void {
  huataiStore.reset()
  const social = trial.socialInsurance === 'Y' || trial.socialInsurance === 'N' ? trial.socialInsurance : ''
  huataiStore.replaceSection('insurer', {
    ...huataiStore.defaults().insurer,
    birthday: trial.birthDate,
    gender: trial.gender,
    ...(social ? { hasSocialInsurance: social } : {}),
  })
  writeDraft(productId, { applicationId, sections: snapshot(huataiStore.state) as HuataiState, trial })
}

/**
 * Restores the product's draft into huataiStore (once per product) and writes every change back.
 * Returns the draft's application id as read at mount.
 */
export function useApplicationDraft(productId: string | null): string | null {
  const draft = productId ? readDraft(productId) : null
  useEffect(() => {
    if (!productId) return
    const saved = readDraft(productId)
    if (saved) {
      huataiStore.replaceSection('holder', saved.sections.holder ?? {})
      huataiStore.replaceSection('insurer', saved.sections.insurer ?? {})
      huataiStore.replaceSection('product', saved.sections.product ?? {})
    }
    return subscribe(huataiStore.state, () => {
      const current = readDraft(productId)
      writeDraft(productId, {
        applicationId: current?.applicationId ?? null,
        sections: snapshot(huataiStore.state) as HuataiState,
        ...(current?.trial ? { trial: current.trial } : {}),
      })
    })
  }, [productId])
  return draft?.applicationId ?? null
}

import { proxy, snapshot, subscribe } from 'valtio'
import { useEffect } from 'react'
import { sanitize } from '../../state/persist'
import { isPlainObject, type DeepPartial, type PlainObject } from '../../state/createStore'
import {
  airAccidentStore,
  huataiRegressionStore,
  huataiStore,
  huataiTravelStore,
  type ApplicationState,
  type ApplicationStore,
  type HolderSection,
  type InsuredSection,
  type Occupation,
  type ProductSection,
  type SectionName,
} from './applicationStores'
import type { PartnerFlowKey } from './paths'

// The application states bound to the partner screens with the spec's semantics: huatai and huatairegression
// write a section by replacing it whole (replaceSection), huataitravel deep-merges (update). The air-accident
// activity has a state of the huatai shape. Each flow's draft survives a reload in sessionStorage.

export type PartnerStateKey = PartnerFlowKey | 'airAccident'

/** The widest shape of the four states: occupation fields and product type exist on some only. */
export interface PartnerSections {
  holder: HolderSection & Partial<Occupation>
  insured: InsuredSection & Partial<Occupation>
  product: ProductSection & { productType?: string; productPrice?: number }
}

/** What the flow knows besides the three sections: the answers, the quote, the flight or trip, the order. */
export interface FlowExtras {
  healthAnswers: Record<string, boolean>
  quote: { quoteId: string; premiumFen: number; expiresAt: string } | null
  flight: { flightNo: string; date: string }
  /** The travel flow's trip (src/domain/trip.ts). */
  trip: { destination: string; startDate: string; endDate: string }
  orderId: string | null
}

const extrasDefaults = (): FlowExtras => ({
  healthAnswers: {},
  quote: null,
  flight: { flightNo: '', date: '' },
  trip: { destination: '', startDate: '', endDate: '' },
  orderId: null,
})

export interface FlowBinding {
  readonly key: PartnerStateKey
  readonly merge: 'replace' | 'deep'
  /** The valtio proxy of the sections (for useSnapshot). */
  readonly state: PartnerSections
  readonly extras: FlowExtras
  /** Writes fields of one section: replace-flows write the whole section (current fields plus the patch). */
  write<K extends SectionName>(section: K, patch: Partial<PartnerSections[K]>): void
  /**
   * The insured is someone else now: replace-flows start the insured section afresh (keeping phone, email and
   * social insurance), the travel state merges the relation only and keeps what was typed.
   */
  changeRelation(relationType: string): void
  /** Sets what the flow knows besides the sections (the quote, the flight, the order). */
  setExtras(patch: Partial<FlowExtras>): void
  /** One health answer: true for 是. */
  answer(questionId: string, yes: boolean): void
  /** Back to the spec's defaults (sections and extras). */
  reset(): void
}

type AnyState = ApplicationState<HolderSection, InsuredSection, ProductSection>

function bind<S extends AnyState>(
  key: PartnerStateKey,
  store: ApplicationStore<S>,
  merge: 'replace' | 'deep',
): FlowBinding {
  const extras = proxy<FlowExtras>(extrasDefaults())
  const current = () => snapshot(store.state) as unknown as PartnerSections
  const write = <K extends SectionName>(section: K, patch: Partial<PartnerSections[K]>) => {
    if (merge === 'deep') store.update({ [section]: patch } as unknown as DeepPartial<S>)
    else store.replaceSection(section, { ...current()[section], ...patch } as unknown as Partial<S[K]>)
  }
  return {
    key,
    merge,
    state: store.state as unknown as PartnerSections,
    extras,
    write,
    changeRelation(relationType) {
      if (merge === 'deep') return write('insured', { relationType })
      const { phone, email, hasSocialInsurance } = current().insured
      const fresh = { relationType, phone, email, hasSocialInsurance }
      store.replaceSection('insured', fresh as unknown as Partial<S['insured']>)
    },
    setExtras(patch) {
      Object.assign(extras, structuredClone(patch))
    },
    answer(questionId, yes) {
      extras.healthAnswers[questionId] = yes
    },
    reset() {
      store.reset()
      Object.assign(extras, extrasDefaults())
    },
  }
}

export const flowBindings: Record<PartnerStateKey, FlowBinding> = {
  huatai: bind('huatai', huataiStore, 'replace'),
  huatairegression: bind('huatairegression', huataiRegressionStore, 'replace'),
  huataitravel: bind('huataitravel', huataiTravelStore, 'deep'),
  airAccident: bind('airAccident', airAccidentStore, 'replace'),
}

const stores: Record<PartnerStateKey, { defaults(): object }> = {
  huatai: huataiStore,
  huatairegression: huataiRegressionStore,
  huataitravel: huataiTravelStore,
  airAccident: airAccidentStore,
}

// ---- Drafts (sessionStorage per flow: ID numbers leave the device with the tab) ----

export const partnerDraftKey = (key: PartnerStateKey) => `mall:partnerDraft:${key}`

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

interface StoredDraft {
  sections: PartnerSections
  extras: FlowExtras
}

/** The stored draft cleaned against the defaults; null when absent or corrupt (the flow starts clean). */
export function readPartnerDraft(key: PartnerStateKey): StoredDraft | null {
  const text = storage()?.getItem(partnerDraftKey(key))
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (!isPlainObject(parsed)) return null
    const stored = parsed
    const defaults = stores[key].defaults() as unknown as PlainObject
    const sectionsIn = stored.sections
    if (!isPlainObject(sectionsIn)) return null
    const sections: PlainObject = {}
    for (const name of ['holder', 'insured', 'product'] as const) {
      sections[name] = sanitize(defaults[name] as PlainObject, sectionsIn[name]) ?? defaults[name]
    }
    const rawExtras = isPlainObject(stored.extras) ? stored.extras : {}
    const answers = isPlainObject(rawExtras.healthAnswers) ? rawExtras.healthAnswers : {}
    const flight = isPlainObject(rawExtras.flight) ? rawExtras.flight : {}
    const trip = isPlainObject(rawExtras.trip) ? rawExtras.trip : {}
    const str = (value: unknown) => (typeof value === 'string' ? value : '')
    const quote = isPlainObject(rawExtras.quote) ? rawExtras.quote : null
    return {
      sections: sections as unknown as PartnerSections,
      extras: {
        healthAnswers: Object.fromEntries(
          Object.entries(answers).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
        ),
        quote:
          quote && typeof quote.quoteId === 'string' && typeof quote.premiumFen === 'number'
            ? {
                quoteId: quote.quoteId,
                premiumFen: quote.premiumFen,
                expiresAt: String(quote.expiresAt ?? ''),
              }
            : null,
        flight: {
          flightNo: typeof flight.flightNo === 'string' ? flight.flightNo : '',
          date: typeof flight.date === 'string' ? flight.date : '',
        },
        trip: {
          destination: str(trip.destination),
          startDate: str(trip.startDate),
          endDate: str(trip.endDate),
        },
        orderId: typeof rawExtras.orderId === 'string' ? rawExtras.orderId : null,
      },
    }
  } catch {
    // A corrupt draft starts clean rather than breaking the flow.
    storage()?.removeItem(partnerDraftKey(key))
    return null
  }
}

function writePartnerDraft(binding: FlowBinding): void {
  try {
    storage()?.setItem(
      partnerDraftKey(binding.key),
      JSON.stringify({ sections: snapshot(binding.state), extras: snapshot(binding.extras) }),
    )
  } catch {
    // Storage full or blocked: the flow still works, only without reload survival.
  }
}

/** The application is done: its draft goes, and the next one starts from the defaults. */
export function clearPartnerDraft(key: PartnerStateKey): void {
  storage()?.removeItem(partnerDraftKey(key))
  flowBindings[key].reset()
}

const restored = new Set<PartnerStateKey>()

/** Restores the flow's draft once per page load (the store is the truth afterwards). */
export function restorePartnerDraft(key: PartnerStateKey): FlowBinding {
  const binding = flowBindings[key]
  if (restored.has(key)) return binding
  restored.add(key)
  const draft = readPartnerDraft(key)
  if (!draft) return binding
  binding.reset()
  // Restoring is not an edit: every section comes back whole whatever the flow's merge rule.
  const store = stores[key] as unknown as ApplicationStore<AnyState>
  store.replaceSection('holder', draft.sections.holder)
  store.replaceSection('insured', draft.sections.insured)
  store.replaceSection('product', draft.sections.product)
  Object.assign(binding.extras, draft.extras)
  return binding
}

/** The flow's binding with its draft restored, written back on every change while the screen is open. */
export function usePartnerFlowState(key: PartnerStateKey): FlowBinding {
  const binding = restorePartnerDraft(key)
  useEffect(() => {
    const save = () => writePartnerDraft(binding)
    const stopSections = subscribe(binding.state, save)
    const stopExtras = subscribe(binding.extras, save)
    return () => {
      stopSections()
      stopExtras()
    }
  }, [binding])
  return binding
}

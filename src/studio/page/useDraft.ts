// The page screen's working copy of a draft: loaded from the server, every edit kept in localStorage (per page,
// so a reload or a crash loses nothing), validated by the server 300 ms after the last change, saved with the
// revision it was based on (If-Match).
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { JsonText, StudioApiError } from '../api/client'
import { studioApi } from '../api/endpoints'
import type { DraftConflict, PageConfig, PageDetail, StudioConfigError } from '../api/types'

export const VALIDATE_DELAY_MS = 300
/** 校验中… shows only for a validation slower than this: a quick answer would make it flicker at every pause. */
const VALIDATING_SHOWN_AFTER_MS = 400
const storageKey = (id: string) => `studio:draft:${id}`

/** An edit not yet saved, as kept in localStorage. */
export interface StoredDraft {
  baseRevision: number
  config: PageConfig
  at: string
  /** The server's draft at baseRevision (the base of a three-way merge after a conflict). */
  base?: PageConfig
}

export function readStoredDraft(id: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(id))
    if (!raw) return null
    const stored = JSON.parse(raw) as Partial<StoredDraft>
    if (typeof stored.baseRevision !== 'number' || typeof stored.config !== 'object' || !stored.config)
      return null
    return stored as StoredDraft
  } catch {
    return null
  }
}

/**
 * Keeps an edit (`config` and `base` as JSON text: the config's text is also the validation's body, and the base
 * changes only on load and save, so a tick of typing serializes the page once), or forgets it (null).
 */
function writeStoredDraft(
  id: string,
  draft: { baseRevision: number; config: string; at: string; base: string | null } | null,
) {
  try {
    if (draft) {
      const { baseRevision, config, at, base } = draft
      const head = JSON.stringify({ baseRevision, at })
      localStorage.setItem(
        storageKey(id),
        `${head.slice(0, -1)},"config":${config}${base === null ? '' : `,"base":${base}`}}`,
      )
    } else localStorage.removeItem(storageKey(id))
  } catch {
    // Storage full or disabled: the edit stays in memory (and the beforeunload guard still asks).
  }
}

export interface DraftState {
  config: PageConfig
  /** The server revision this working copy is based on (If-Match of the next save). */
  revision: number
  savedBy: string
  savedAt: string
  dirty: boolean
  /** When the working copy came from localStorage: the moment it was kept. */
  restoredAt: string | null
  /** The server's draft at `revision` (null when unknown: an edit kept by an older studio). */
  base: PageConfig | null
}

export type SaveResult =
  | { ok: true; errors?: number }
  | { ok: false; conflict: DraftConflict | null; message: string }
  | { ok: false; invalid: StudioConfigError[]; message: string }

/** The working copy of a page as loaded: the edit kept in localStorage if any (`useStored`), else the server's. */
function loaded(id: string, page: PageDetail, useStored: boolean) {
  const stored = useStored ? readStoredDraft(id) : null
  const draft: DraftState = {
    config: stored?.config ?? page.config,
    revision: stored?.baseRevision ?? page.draftRevision,
    savedBy: page.savedBy,
    savedAt: page.savedAt,
    dirty: Boolean(stored),
    restoredAt: stored?.at ?? null,
    base: stored ? (stored.base ?? null) : page.config,
  }
  return { draft, errors: stored ? [] : page.errors }
}

export function useDraft(id: string, detail: PageDetail | undefined) {
  // A page already in the cache (preload.ts) makes the working copy in the first render.
  const [first] = useState(() => (detail && detail.id === id ? loaded(id, detail, true) : null))
  const [draft, setDraft] = useState<DraftState | null>(first?.draft ?? null)
  const [errors, setErrors] = useState<StudioConfigError[]>(first?.errors ?? [])
  const [validating, setValidating] = useState(false)
  const [saving, setSaving] = useState(false)
  const loadedFor = useRef<string | null>(first ? id : null)

  const load = useCallback(
    (page: PageDetail, useStored: boolean) => {
      if (!useStored) writeStoredDraft(id, null)
      const made = loaded(id, page, useStored)
      setDraft(made.draft)
      setErrors(made.errors)
    },
    [id],
  )

  // The first answer for this page sets the working copy (a later revalidation of the page's status does not).
  useEffect(() => {
    if (!detail || detail.id !== id || loadedFor.current === id) return
    loadedFor.current = id
    load(detail, true)
  }, [detail, id, load])

  const pendingValidation = useRef<AbortController | null>(null)
  // Each change: kept locally and validated once the typing pauses.
  const config = draft?.config
  const dirty = draft?.dirty ?? false
  const revision = draft?.revision ?? 0
  const base = draft?.base
  const baseText = useMemo(() => (base ? JSON.stringify(base) : null), [base])
  useEffect(() => {
    if (!config || !dirty) return
    const controller = new AbortController()
    pendingValidation.current = controller
    let shownTimer: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(() => {
      const text = JSON.stringify(config)
      writeStoredDraft(id, {
        baseRevision: revision,
        config: text,
        at: new Date().toISOString(),
        base: baseText,
      })
      if (controller.signal.aborted) return
      shownTimer = setTimeout(() => {
        if (!controller.signal.aborted) setValidating(true)
      }, VALIDATING_SHOWN_AFTER_MS)
      const done = () => {
        clearTimeout(shownTimer)
        if (!controller.signal.aborted) setValidating(false)
      }
      studioApi.validate(id, new JsonText(text), controller.signal).then(({ errors }) => {
        // The same findings keep the same array, so the workspace does not re-render for nothing.
        if (!controller.signal.aborted)
          setErrors((shown) => (JSON.stringify(shown) === JSON.stringify(errors) ? shown : errors))
        done()
      }, done)
    }, VALIDATE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      clearTimeout(shownTimer)
      controller.abort()
    }
  }, [config, dirty, revision, baseText, id])

  // Saved (or reloaded from the server): nothing of this page is kept locally any more. In an effect, after the
  // commit that also cancels a pending write of the edit, so that write cannot land after this.
  useEffect(() => {
    if (config && !dirty) writeStoredDraft(id, null)
  }, [config, dirty, id])

  // A transition: the preview frame has the edit already (EditorWorkspace posts it from the event), and the
  // editor's re-render of two hundred blocks yields to it instead of delaying it.
  const change = useCallback((next: PageConfig) => {
    startTransition(() =>
      setDraft((current) => (current ? { ...current, config: next, dirty: true } : current)),
    )
  }, [])

  const save = useCallback(async (): Promise<SaveResult> => {
    if (!draft) return { ok: true }
    const sent = draft.config
    // The save's answer is the validator's word on this config: a validation still on its way must not replace
    // the errors a refused save shows.
    pendingValidation.current?.abort()
    setValidating(false)
    setSaving(true)
    try {
      const saved = await studioApi.saveDraft(id, sent, draft.revision)
      setDraft((current) => {
        if (!current) return current
        const unchanged = current.config === sent
        return {
          ...current,
          revision: saved.revision,
          savedAt: saved.savedAt,
          savedBy: saved.savedBy,
          dirty: !unchanged,
          restoredAt: unchanged ? null : current.restoredAt,
          base: sent,
        }
      })
      // Saved with errors too (marked, never publishable): the errors shown stay the validator's.
      if (saved.errors === 0) setErrors([])
      return { ok: true, errors: saved.errors }
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 409) {
        const detail = error.details[0] as DraftConflict | undefined
        return { ok: false, conflict: detail ?? null, message: error.message }
      }
      if (error instanceof StudioApiError && error.status === 400 && error.code === 'CONFIG_INVALID') {
        const invalid = error.details as StudioConfigError[]
        setErrors(invalid)
        return { ok: false, invalid, message: error.message }
      }
      throw error
    } finally {
      setSaving(false)
    }
  }, [draft, id])

  /**
   * 保留我的修改 after a conflict: the working copy becomes the merge of mine and the draft saved meanwhile
   * (threeWayMerge.ts), based on that draft's revision; the next save keeps both.
   */
  const adoptMerge = useCallback((merged: PageConfig, theirs: PageDetail) => {
    setDraft((current) =>
      current
        ? {
            ...current,
            config: merged,
            base: theirs.config,
            revision: theirs.draftRevision,
            savedBy: theirs.savedBy,
            savedAt: theirs.savedAt,
            dirty: true,
          }
        : current,
    )
  }, [])

  return { draft, errors, validating, saving, change, save, adoptMerge, load }
}

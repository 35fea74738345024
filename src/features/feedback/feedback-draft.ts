/**
 * The feedback being written survives a reload (sessionStorage, this tab only) until it is sent.
 * A damaged or outdated entry is read field by field, so it can never break the form.
 */
import type { FeedbackDraft } from './feedback-rules.ts';

export const DRAFT_KEY = 'feedback:draft';

export const emptyDraft: FeedbackDraft = {
  problem_type: null,
  content: '',
  contact_name: '',
  contact_phone: '',
  contact_mailbox: '',
  images: [],
};

/** What was stored, field by field: each one that is not what the form holds is the empty draft's. */
function readStored(stored: Record<string, unknown>): FeedbackDraft {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const { problem_type: type, images } = stored;
  return {
    problem_type: Number.isInteger(type) ? (type as number) : null,
    content: text(stored.content),
    contact_name: text(stored.contact_name),
    contact_phone: text(stored.contact_phone),
    contact_mailbox: text(stored.contact_mailbox),
    images: Array.isArray(images) && images.every((image) => typeof image === 'string') ? images : [],
  };
}

export function loadDraft(): FeedbackDraft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return emptyDraft;
    const stored: unknown = JSON.parse(raw);
    return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? readStored(stored as Record<string, unknown>) : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

export function saveDraft(draft: FeedbackDraft): void {
  try {
    const empty = (Object.keys(emptyDraft) as (keyof FeedbackDraft)[]).every((k) => JSON.stringify(draft[k]) === JSON.stringify(emptyDraft[k]));
    if (empty) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
}

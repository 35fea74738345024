/**
 * The feedback being written survives a reload (sessionStorage, this tab only) until it is sent.
 * A damaged or outdated entry is read field by field, so it can never break the form.
 */
import { z } from '#contract/zod';
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

const storedDraft = z.object({
  problem_type: z.number().int().nullable().catch(null),
  content: z.string().catch(''),
  contact_name: z.string().catch(''),
  contact_phone: z.string().catch(''),
  contact_mailbox: z.string().catch(''),
  images: z.array(z.string()).catch([]),
});

export function loadDraft(): FeedbackDraft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return emptyDraft;
    const parsed = storedDraft.safeParse({ ...emptyDraft, ...(JSON.parse(raw) as object) });
    return parsed.success ? parsed.data : emptyDraft;
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

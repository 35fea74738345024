/**
 * The one form mechanism of the app (decision 014): what was typed (the draft), the messages
 * beside the fields (FieldErrors), sending, and the backend's refusals put where they belong.
 *
 *   const form = useForm({ initial, check, refusals: { codes: { phoneTaken: 'phone' } }, onSubmit });
 *   <form {...form.formProps}> … <Field error={form.errors.phone}> … value={form.draft.phone}
 *                                   onChange={(e) => form.set('phone', e.target.value)} …
 *
 * - `check(draft)` answers the body to send or the messages (usually the contract's own schema),
 *   or a promise of them: a form whose rules load when they are first needed (decision 091: zod
 *   and the schemas are no part of a page's start-up). Such a form names what loads them as
 *   `rules`: it starts when the form is first touched (a focus, a tap), so 提交 rarely waits, and
 *   while a check waits the form is busy (its button says so; another submit is ignored).
 * - Before the first submit nothing is judged; once submitted, the messages follow what is typed
 *   (a message goes as soon as its field is right), except that a field reading itself as it is
 *   typed (an ID number) shows that reading instead. A refusal's message stays until its field, or
 *   anything for a message above the buttons, changes.
 * - After a submit that ends with messages, the first field with one takes the focus.
 * - What was typed is never cleared by a refusal.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { fallbackMessages } from '../api/error-policy.ts';
import { hasErrors, type Checked, type FieldErrors } from './field-errors.ts';
import { placeRefusal, type RefusalPlaces } from './refusals.ts';

/** The first field showing a message (a control, or a group of radios marked as a whole). */
export const FIRST_INVALID = '[aria-invalid="true"]';

/** A group marked invalid takes the focus through its first control (its checked one, if any). */
function focusable(element: HTMLElement | null | undefined): HTMLElement | null {
  if (!element) return null;
  if (element.matches('input, select, textarea, button, [tabindex]')) return element;
  return element.querySelector<HTMLElement>('input:checked, input:not([disabled]), select, textarea, button') ?? element;
}

export interface FormOptions<D, F extends string, B> {
  initial: D | (() => D);
  check: (draft: D) => Checked<B, F> | Promise<Checked<B, F>>;
  /** What a valid submit does: send (a refusal it throws is placed), or ask for a confirmation. */
  onSubmit: (body: B, draft: D) => unknown;
  refusals?: RefusalPlaces<NoInfer<F>>;
  /** The field a key of the draft is shown as, where they differ (default: the same name). */
  fieldOf?: Partial<Record<keyof D, NoInfer<F>>>;
  /** What takes the focus after a failed submit (default: the first field with a message). */
  focus?: string;
  /** Something the form waits for is under way (an upload): a submit is ignored meanwhile. */
  blocked?: boolean;
  /** Fields that read themselves as they are typed (an ID number): their message gives way to it. */
  ownReading?: readonly NoInfer<F>[];
  /** Loads what an asynchronous `check` needs; started when the form is first touched. */
  rules?: () => Promise<unknown>;
}

export function useForm<D extends object, F extends string, B>(options: FormOptions<D, F, B>) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const ref = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(options.initial);
  // Updates may come from async callbacks (an upload that ends) between renders: each builds on the last.
  const draftRef = useRef(draft);
  /** The check's messages (shown once submitted). */
  const [checkErrors, setCheckErrors] = useState<FieldErrors<F>>({});
  /** Messages put beside a field from elsewhere: the backend's refusals, a send-code step. */
  const [placed, setPlaced] = useState<FieldErrors<F>>({});
  const submitted = useRef(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);

  // In the commit that shows the messages, not after it: the focus never lags the message it goes to.
  useLayoutEffect(() => {
    if (focusRequest > 0) focusable(ref.current?.querySelector<HTMLElement>(latest.current.focus ?? FIRST_INVALID))?.focus();
  }, [focusRequest]);

  // Built once: they read the latest options and draft from refs, so callbacks may keep them.
  const actions = useMemo(() => {
    const fieldOf = (key: keyof D) => (latest.current.fieldOf?.[key] ?? key) as F;

    /** Takes new values for some keys of the draft; the messages follow as the header says. */
    function update(change: Partial<D> | ((draft: D) => Partial<D>)) {
      const patch = typeof change === 'function' ? change(draftRef.current) : change;
      const next = { ...draftRef.current, ...patch };
      draftRef.current = next;
      setDraft(next);
      const fields = (Object.keys(patch) as (keyof D)[]).map(fieldOf);
      setPlaced((prev) => withoutKeys(prev, [...fields, 'form' as F]));
      if (submitted.current) {
        const own = fields.filter((f) => latest.current.ownReading?.includes(f));
        // A field reading itself gives way at once, even to a check that answers later.
        if (own.length > 0) setCheckErrors((prev) => withoutKeys(prev, own));
        // A check that loads first answers later: only for the draft still shown.
        whenChecked(latest.current.check(next), (result) => {
          if (draftRef.current === next) setCheckErrors(withoutKeys(result.ok ? {} : result.errors, own));
        });
      } else {
        setCheckErrors((prev) => withoutKeys(prev, fields));
      }
    }

    function set<K extends keyof D>(key: K, value: D[K]) {
      update({ [key]: value } as unknown as Partial<D>);
    }

    /** Takes back the messages of these fields (a field that is not in the draft changed). */
    function dismiss(...fields: F[]) {
      setPlaced((prev) => withoutKeys(prev, [...fields, 'form' as F]));
      setCheckErrors((prev) => withoutKeys(prev, fields));
    }

    /** Shows these messages, beside fields or above the buttons, in place of any shown. */
    function show(messages: FieldErrors<F>, { focus = false }: { focus?: boolean } = {}) {
      setPlaced(messages);
      setCheckErrors({});
      if (focus && Object.keys(messages).some((k) => k !== 'form')) setFocusRequest((n) => n + 1);
    }

    /**
     * Runs a step that may be refused (sending, or a confirmed send); a refusal is placed beside its
     * field or above the buttons. Resolves whether it went through.
     */
    async function run(step: () => unknown): Promise<boolean> {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        await step();
        return true;
      } catch (error) {
        show(placeRefusal(error, latest.current.refusals), { focus: true });
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    }

    async function submit(event?: FormEvent) {
      event?.preventDefault();
      if (running.current || latest.current.blocked) return;
      submitted.current = true;
      setPlaced({});
      const draft = draftRef.current;
      let result: Checked<B, F>;
      const checked = latest.current.check(draft);
      if (checked instanceof Promise) {
        running.current = true;
        setBusy(true);
        try {
          result = await checked;
        } catch {
          // Rules that could not load: a lost connection, said above the buttons; the form stays.
          show({ form: fallbackMessages.network } as FieldErrors<F>);
          return;
        } finally {
          running.current = false;
          setBusy(false);
        }
      } else {
        result = checked;
      }
      if (!result.ok) {
        setCheckErrors(result.errors);
        if (hasErrors(result.errors)) setFocusRequest((n) => n + 1);
        return;
      }
      setCheckErrors({});
      await run(() => latest.current.onSubmit(result.body, draft));
    }

    /** The form's first touch starts loading its rules (once; a failed load is tried again). */
    function touched() {
      void latest.current.rules?.().catch(() => {});
    }

    return { update, set, dismiss, show, run, submit, touched };
  }, []);

  const errors: FieldErrors<F> = { ...checkErrors, ...placed };
  const { touched, ...own } = actions;
  return {
    draft,
    errors,
    ...own,
    /** A step is under way (the form ignores another submit meanwhile). */
    busy,
    formProps: {
      ref,
      noValidate: true,
      onSubmit: (event: FormEvent) => void actions.submit(event),
      ...(options.rules ? { onFocus: touched, onPointerDown: touched } : {}),
    },
  };
}

export type Form<D extends object, F extends string, B = unknown> = ReturnType<typeof useForm<D, F, B>>;

/** Runs `then` with a check's answer: at once when it is there (most forms), else once it comes. */
function whenChecked<T>(answer: T | Promise<T>, then: (result: T) => void) {
  // One that cannot load says so at the submit; meanwhile the messages shown stay.
  if (answer instanceof Promise) answer.then(then, () => {});
  else then(answer);
}

function withoutKeys<F extends string>(errors: FieldErrors<F>, keys: readonly F[]): FieldErrors<F> {
  if (!keys.some((k) => k in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

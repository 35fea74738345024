/**
 * /feedback, 意见反馈: a problem type, a description (with a live count), optional contact
 * details and images. Checked with the contract's own schema before sending (lib/forms/use-form.ts):
 * a refusal keeps everything typed and says why beside the field it names; the draft survives a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextArea, TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../lib/api/queries.ts';
import { problemTypesQuery } from './feedback-page.data.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { failureText } from '../../lib/api/failure-text.ts';
import { useCurrentUser } from '../../lib/session/use-session.ts';
import { clearDraft, loadDraft, saveDraft } from './feedback-draft.ts';
import { contentLength, contentLimits, fieldLabels, type FeedbackBody, type FeedbackDraft, type FieldName } from './feedback-rules.ts';
import { ImagePicker } from './image-picker.tsx';
import styles from './feedback.module.css';
import { href } from '#src/lib/routes.ts';

/** The form's check and its rules: one module, loaded at the form's first touch (decision 091). */
const feedbackCheck = () => import('./feedback-check.ts');

export function FeedbackPage() {
  const [sent, setSent] = useState<{ withContact: boolean } | null>(null);
  return (
    <PageFrame title="意见反馈" intro="您的意见是我们改进的动力。请描述遇到的问题或建议，我们会尽快处理。">
      <div className={styles.layout}>
        {sent ? <ThankYou withContact={sent.withContact} onAgain={() => setSent(null)} /> : <FeedbackForm onSent={setSent} />}
        <aside className={styles.aside} aria-label="其他帮助">
          <h2 className={styles.asideTitle}>提交之前</h2>
          <p>报名、缴费、退费和发票的常见问题，在家长问答里可能已有解答。</p>
          <Link to={href('faq')}>查看家长问答 ›</Link>
          <Link to={href('enquiries')}>联系招生咨询 ›</Link>
        </aside>
      </div>
    </PageFrame>
  );
}

function FeedbackForm({ onSent }: { onSent: (result: { withContact: boolean }) => void }) {
  const [uploading, setUploading] = useState(false);
  const send = useApiMutation('opinion_feedback', { errorHandling: 'manual' });
  const form = useForm({
    initial: loadDraft,
    check: (draft) => feedbackCheck().then(({ validate }) => validate(draft)),
    rules: feedbackCheck,
    refusals: { labels: fieldLabels },
    blocked: uploading,
    onSubmit: async (body: FeedbackBody) => {
      await send.mutateAsync({ body });
      clearDraft();
      onSent({ withContact: Boolean(body.contact_phone || body.contact_mailbox) });
    },
  });
  const { draft, errors } = form;

  useEffect(() => saveDraft(draft), [draft]);

  // A signed-in parent's name is filled in once, unless the draft already has one. The phone
  // and mailbox of personal_data come masked (138****0000), so they cannot be.
  const user = useCurrentUser();
  const realName = user.data?.user_info.real_name?.trim() ?? '';
  const { update } = form;
  // A name the contract would refuse (too long) is not filled in: its rules load for it.
  useEffect(() => {
    if (!realName) return;
    let live = true;
    void feedbackCheck().then(({ validate }) => {
      if (!live) return;
      update((now) => {
        if (now.contact_name) return {};
        const named = validate({ ...now, contact_name: realName });
        return named.ok || !named.errors.contact_name ? { contact_name: realName } : {};
      });
    });
    return () => {
      live = false;
    };
  }, [realName, update]);

  const change = <K extends FieldName>(field: K, value: FeedbackDraft[K]) => form.set(field, value);
  const changeImages = useCallback((images: (images: string[]) => string[]) => update((d) => ({ images: images(d.images) })), [update]);

  const length = contentLength(draft.content);
  const short = length > 0 && length < contentLimits.min;
  return (
    <form {...form.formProps} className={styles.form} aria-label="意见反馈">
      <ProblemTypes value={draft.problem_type} onChange={(v) => change('problem_type', v)} error={errors.problem_type} />

      <Field label={fieldLabels.content} required error={errors.content}>
        {(props) => (
          <div className={styles.textareaBox}>
            <TextArea
              {...props}
              rows={6}
              value={draft.content}
              placeholder={`请详细描述您遇到的问题或建议（${contentLimits.min}-${contentLimits.max}字），如涉及订单请注明订单号`}
              onChange={(e) => change('content', e.target.value)}
            />
            <div className={styles.counterRow}>
              {/* While the rule's own message shows, the nudge would only repeat it. */}
              <span className={styles.counterHint}>{short && !errors.content ? `还需至少${contentLimits.min - length}个字` : ''}</span>
              <span className={`${styles.counter} ${length > contentLimits.max ? styles.over : ''}`}>
                {length}/{contentLimits.max}
              </span>
            </div>
          </div>
        )}
      </Field>

      <Field label={fieldLabels.contact_name} error={errors.contact_name}>
        {(props) => <TextInput {...props} value={draft.contact_name} autoComplete="name" placeholder="选填，怎么称呼您" onChange={(e) => change('contact_name', e.target.value)} />}
      </Field>
      <Field label={fieldLabels.contact_phone} error={errors.contact_phone} hint="留下手机号或邮箱，方便我们回复您">
        {(props) => (
          <TextInput
            {...props}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={draft.contact_phone}
            placeholder="选填，11位手机号"
            onChange={(e) => change('contact_phone', e.target.value)}
          />
        )}
      </Field>
      <Field label={fieldLabels.contact_mailbox} error={errors.contact_mailbox}>
        {(props) => (
          <TextInput {...props} type="email" autoComplete="email" value={draft.contact_mailbox} placeholder="选填，如 name@example.com" onChange={(e) => change('contact_mailbox', e.target.value)} />
        )}
      </Field>

      <ImagePicker images={draft.images} onChange={changeImages} onBusyChange={setUploading} error={errors.images} />

      <div className={styles.submitRow}>
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <div className={styles.submitLine}>
          <Button type="submit" size="lg" loading={form.busy || send.isPending} disabled={uploading}>
            提交反馈
          </Button>
          {uploading && <span className={styles.waiting}>图片上传中，请稍候</span>}
        </div>
      </div>
    </form>
  );
}

function ProblemTypes({ value, onChange, error }: { value: number | null; onChange: (value: number) => void; error?: string }) {
  const query = useQuery(problemTypesQuery());
  return (
    <div className={`${styles.row} ${error ? styles.invalid : ''}`}>
      <span id="problem-type-label" className={styles.label}>
        <span className={styles.required} aria-hidden="true">
          *
        </span>
        {fieldLabels.problem_type}
      </span>
      <div className={styles.control}>
        {query.isPending ? (
          <p className={styles.hint}>正在加载问题类型…</p>
        ) : query.isError ? (
          <p className={styles.error} role="alert">
            问题类型加载失败：{failureText(query.error)}
            <Button variant="link" onClick={() => void query.refetch()}>
              重新加载
            </Button>
          </p>
        ) : (
          <div
            role="radiogroup"
            aria-labelledby="problem-type-label"
            aria-required="true"
            aria-describedby={error ? 'problem-type-error' : undefined}
            aria-invalid={error ? true : undefined}
            className={styles.choices}
          >
            {query.data.list.map((type) => (
              <label key={type.value} className={`${styles.choice} ${value === type.value ? styles.chosen : ''}`}>
                <input type="radio" name="problem_type" className={styles.radio} value={type.value} checked={value === type.value} onChange={() => onChange(type.value)} />
                {type.label}
              </label>
            ))}
          </div>
        )}
        {error && (
          <p id="problem-type-error" className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function ThankYou({ withContact, onAgain }: { withContact: boolean; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the thanks, so the parent (and a screen reader) knows it went through.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className={styles.thanks}>
      <svg className={styles.tick} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="32" />
        <path d="m20 33 8 8 16-17" />
      </svg>
      <h2 ref={heading} tabIndex={-1} className={styles.thanksTitle}>
        感谢您的反馈
      </h2>
      <p className={styles.thanksText}>我们已收到您的意见，工作人员会尽快处理。{withContact ? '如需进一步了解情况，我们会通过您留下的联系方式与您联系。' : ''}</p>
      <div className={styles.thanksActions}>
        <Button variant="secondary" onClick={onAgain}>
          再写一条
        </Button>
        <Link to={href('home')} className={styles.homeLink}>
          返回首页
        </Link>
      </div>
    </div>
  );
}

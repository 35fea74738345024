/** Contacts (the parent's children) and system messages. */
import { contactAuditStatus, credentialType, maskIdNumber, maskPhone } from '#contract/index';
import { nextId, type Row } from '../core/db.ts';
import { checkDeletable, checkGrade, checkNotDuplicate, identityOf, type ContactInput } from '../rules/contacts.ts';
import { contactOf } from '../rules/sign-up.ts';
import type { MockState } from '../core/state.ts';
import { contactDetailOf, contactSummaryOf, messageDetailOf, messageSummaryOf } from '../views/contacts.ts';
import { defineHandlers, owned, paginate, userOf } from './define.ts';

/** The fields a parent may change besides the identity; optional ones left out become empty. */
function detailsOf(input: ContactInput) {
  return {
    name: input.name,
    grade_type: input.grade_type ?? null,
    school: input.school ?? null,
    guardian_name: input.guardian_name,
    guardian_relation: input.guardian_relation,
    guardian_phone: input.guardian_phone,
    health_notes: input.health_notes ?? null,
    avatar: input.avatar ?? null,
  };
}

function messagesOf(state: MockState, user: Row<'parents'>) {
  return state.db.messages.findMany((q) => q.where({ parent_id: user.id })).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

export const contactHandlers = defineHandlers({
  contact_information: (ctx) => {
    const user = userOf(ctx);
    const rows = ctx.state.db.contacts
      .findMany((q) => q.where({ parent_id: user.id, deleted: false }))
      .filter((c) => !ctx.input.query.passed || c.audit_status === contactAuditStatus.values.passed)
      .sort((a, b) => a.id - b.id);
    return paginate(
      rows.map((c) => contactSummaryOf(c, ctx.state.now())),
      ctx.input.query,
    );
  },

  add_contact_information: async (ctx) => {
    const user = userOf(ctx);
    const input = ctx.input.body;
    const identity = identityOf(ctx.state, input, ctx.refuse);
    checkNotDuplicate(ctx.state, user.id, identity.id_number, undefined, ctx.refuse);
    checkGrade(ctx.state, input.grade_type, ctx.refuse);
    const id = nextId(ctx.state.db.contacts.all());
    // The mock stands for the public-security check of ID cards; other credentials wait for a person.
    const passedAtOnce = identity.credential_type === credentialType.values.idCard;
    await ctx.state.db.contacts.create({
      id,
      parent_id: user.id,
      ...identity,
      ...detailsOf(input),
      audit_status: passedAtOnce ? contactAuditStatus.values.passed : contactAuditStatus.values.reviewing,
      reject_reason: null,
      created_at: ctx.state.nowIso(),
      deleted: false,
    });
    return { id };
  },

  edit_contact_information: async (ctx) => {
    const user = userOf(ctx);
    const contact = contactOf(ctx.state, user, ctx.input.pathParams.id, ctx.refuse);
    // Left out, or masked as the parent was shown it: the stored number, unchanged.
    const kept = (sent: string | undefined, stored: string, mask: (v: string) => string, refuse: () => never) => {
      if (sent === undefined) return stored;
      if (!sent.includes('*')) return sent;
      return sent === mask(stored) ? stored : refuse();
    };
    const input: ContactInput = {
      ...ctx.input.body,
      id_number: kept(ctx.input.body.id_number, contact.id_number, maskIdNumber, () => {
        throw ctx.refuse('idNumberInvalid', '证件号码与原号码不符，请输入完整号码');
      }),
      guardian_phone: kept(ctx.input.body.guardian_phone, contact.guardian_phone, maskPhone, () => {
        throw ctx.refuse('invalidRequest', '监护人手机号：与原号码不符，请输入完整号码');
      }),
    };
    const identity = identityOf(ctx.state, input, ctx.refuse);
    checkNotDuplicate(ctx.state, user.id, identity.id_number, contact.id, ctx.refuse);
    checkGrade(ctx.state, input.grade_type, ctx.refuse);
    const identityChanged = (['credential_type', 'id_number', 'birth_date', 'gender'] as const).some((k) => identity[k] !== contact[k]);
    // A changed identity (or a rejected one sent again) is checked again: at once for an ID card,
    // by a person (a day) otherwise. Names, school and guardian need no review.
    const review = identityChanged || contact.audit_status === contactAuditStatus.values.rejected;
    const passedAtOnce = identity.credential_type === credentialType.values.idCard;
    const nowIso = ctx.state.nowIso();
    await ctx.state.db.contacts.update((q) => q.where({ id: contact.id }), {
      data(c) {
        Object.assign(c, identity, detailsOf(input));
        if (!review) return;
        c.reject_reason = null;
        c.audit_status = passedAtOnce ? contactAuditStatus.values.passed : contactAuditStatus.values.reviewing;
        // Interim: the review timer reads created_at (rules/account-time.ts contactReviewStartedAt).
        if (!passedAtOnce) c.created_at = nowIso;
      },
    });
    return null;
  },

  delete_contact_information: async (ctx) => {
    const user = userOf(ctx);
    const contact = contactOf(ctx.state, user, ctx.input.pathParams.id, ctx.refuse);
    checkDeletable(ctx.state, contact, ctx.refuse);
    // Soft delete: orders and sign-ups of the past still name the child.
    await ctx.state.db.contacts.update((q) => q.where({ id: contact.id }), { data: (c) => void (c.deleted = true) });
    return null;
  },

  detail_contact_information: (ctx) => {
    const user = userOf(ctx);
    return contactDetailOf(contactOf(ctx.state, user, ctx.input.pathParams.id, ctx.refuse), ctx.state.now());
  },

  grade_type_enum_choose: (ctx) => ({
    list: ctx.state.db.choices
      .findMany((q) => q.where({ kind: 'grade' }))
      .sort((a, b) => a.sort - b.sort)
      .map(({ value, label }) => ({ value, label })),
  }),

  system_message_list: (ctx) => paginate(messagesOf(ctx.state, userOf(ctx)).map(messageSummaryOf), ctx.input.query),

  system_message_detail: async (ctx) => {
    const user = userOf(ctx);
    const message = owned(
      ctx.state.db.messages.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
      user,
      '消息',
      ctx.refuse,
    );
    if (message.is_see) return messageDetailOf(message);
    const read = await ctx.state.db.messages.update(message, { data: (m) => void (m.is_see = true) });
    // A GET that changes a table: the adapter saves only after non-GET calls.
    ctx.state.onChange?.();
    return messageDetailOf(read ?? message);
  },

  system_message_all_read: async (ctx) => {
    const user = userOf(ctx);
    await ctx.state.db.messages.updateMany((q) => q.where({ parent_id: user.id, is_see: false }), { data: (m) => void (m.is_see = true) });
    return null;
  },

  system_message_is_see_num: (ctx) => ({
    num: ctx.state.db.messages.findMany((q) => q.where({ parent_id: userOf(ctx).id, is_see: false })).length,
  }),
});

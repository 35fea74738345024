/** Spec §7, 'Browsing': public calls, no sign-in needed. */
import { z } from '../zod.ts';
import { assumedObject, defineOperations } from '../core.ts';
import { admissionKind, timeOfDay, weekday } from '../enums.ts';
import { FAQ_KEYWORD_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_IMAGES_MAX, SEARCH_AGE_MAX, SEARCH_NAME_MAX } from '../limits.ts';
import { classCardSchema, classCategorySchema, classDetailSchema, classSessionSchema, specialtySchema } from '../schemas/classes.ts';
import { absoluteUrl, dateTime, fileUrl, id, linkUrl, listOf, mailbox, money, nothing, pageOf, pageQuery, phone, socketUrl } from '../schemas/common.ts';

const idParam = z.object({ id });
const classList = listOf(classCardSchema);

export const bannerSchema = assumedObject({ id, title: z.string(), image_url: fileUrl, link_url: linkUrl.nullable(), sort: z.number().int() });
export const centerSchema = assumedObject({
  id,
  name: z.string(),
  cover_url: fileUrl,
  description: z.string(),
  address: z.string(),
  class_count: z.number().int().nonnegative(),
});

export const siteInformationSchema = assumedObject({
  name: z.string(),
  phone: z.string().meta({ description: 'the side tool’s consultation number' }),
  address: z.string(),
  email: z.string(),
  work_hours: z.string(),
  icp: z.string().meta({ description: 'ICP licence number for the footer' }),
  copyright: z.string(),
  microblog_url: linkUrl,
  official_site_url: linkUrl.meta({ description: 'footer link 官方网站' }),
  ticket_url: linkUrl.meta({ description: 'footer link 票务服务' }),
  about_url: linkUrl.meta({ description: 'footer link 关于我们' }),
  app_download_url: absoluteUrl.meta({ description: 'encoded in the app QR code' }),
  mini_program_url: absoluteUrl.meta({ description: 'encoded in the mini-program QR code' }),
  official_account_url: absoluteUrl.meta({ description: 'encoded in the public account QR code' }),
  registration_notice: z.string().meta({ description: 'footer registration notice' }),
});

export const browsingOperations = defineOperations('browsing', () => ({
  class_category: {
    method: 'GET',
    auth: false,
    summary: 'Class categories with their specialties (the left menu); asked for as every page starts.',
    response: z.object({ class_list: z.array(classCategorySchema) }),
    errors: [],
  },
  exhibition_banner: {
    method: 'GET',
    auth: false,
    summary: 'Home page banners.',
    response: listOf(bannerSchema),
    errors: [],
  },
  homepage_center: {
    method: 'GET',
    auth: false,
    summary: 'The centers shown on the home page.',
    response: listOf(centerSchema),
    errors: [],
  },
  search_page_specialty: {
    method: 'GET',
    auth: false,
    summary: 'The specialties of one center (category), for the search page’s filter.',
    pathParams: idParam,
    response: assumedObject({ center: specialtySchema, list: z.array(specialtySchema) }),
    errors: ['notFound'],
  },
  search_by_screening_conditions: {
    method: 'GET',
    auth: false,
    summary: 'Searches classes by name and filters; paginated.',
    query: assumedObject({
      name: z.string().trim().max(SEARCH_NAME_MAX).optional(),
      center: id.optional(),
      specialty: id.optional(),
      age: z.number().int().min(0).max(SEARCH_AGE_MAX).optional(),
      weekday: weekday.schema.optional(),
      time_of_day: timeOfDay.schema.optional(),
      admission_kind: admissionKind.schema.optional(),
      fee_min: money.optional(),
      fee_max: money.optional(),
      available: z.boolean().optional().meta({ description: 'only classes open with seats left' }),
      ...pageQuery,
    }),
    response: pageOf(classCardSchema),
    errors: [],
  },
  class_detail: {
    method: 'GET',
    auth: false,
    client: 'fresh',
    summary: 'One class in full, with its seats left.',
    pathParams: idParam,
    response: classDetailSchema,
    errors: ['notFound'],
  },
  get_major_categories_of_projects: {
    method: 'GET',
    auth: false,
    summary: 'The project category (center and specialty) a class belongs to, for the breadcrumb.',
    pathParams: idParam,
    response: assumedObject({ center_id: id, center_name: z.string(), specialty_id: id, specialty_name: z.string() }),
    errors: ['notFound'],
  },
  class_detail_datetime_and_classroom: {
    method: 'GET',
    auth: false,
    summary: 'The sessions of a class: date, time and classroom.',
    pathParams: idParam,
    response: listOf(classSessionSchema),
    errors: ['notFound'],
  },
  site_information: {
    method: 'GET',
    auth: false,
    summary: 'The center’s contact details, links and footer text.',
    response: siteInformationSchema,
    errors: [],
  },
  seckill_class_curriculum: {
    method: 'GET',
    auth: false,
    client: 'fresh',
    summary: '秒杀 classes with their opening time.',
    response: classList,
    errors: [],
  },
  sign_up_for_upcoming_class: {
    method: 'GET',
    auth: false,
    summary: 'Classes whose sign-up opens soon.',
    response: classList,
    errors: [],
  },
  sign_up_is_coming_to_end: {
    method: 'GET',
    auth: false,
    summary: 'Classes whose sign-up closes soon.',
    response: classList,
    errors: [],
  },
  make_full_appointment_class: {
    method: 'GET',
    auth: false,
    summary: 'Classes that are full.',
    response: classList,
    errors: [],
  },
  parents_questions_and_answers: {
    method: 'GET',
    auth: false,
    summary: 'Parent Q&A, searchable by keyword.',
    query: assumedObject({ keyword: z.string().trim().max(FAQ_KEYWORD_MAX).optional(), ...pageQuery }),
    response: pageOf(assumedObject({ id, question: z.string(), answer: z.string().meta({ description: 'rich text (HTML)' }), category: z.string() })),
    errors: [],
  },
  contact_us: {
    method: 'GET',
    auth: false,
    summary: 'Admissions consultation: how to reach the admissions office.',
    response: assumedObject({
      phone: z.string(),
      email: z.string(),
      address: z.string(),
      work_hours: z.string(),
      content: z.string().meta({ description: 'rich text (HTML)' }),
    }),
    errors: [],
  },
  get_all_org: {
    method: 'GET',
    auth: false,
    summary: 'Every organisation (campus) with its address and phone.',
    response: listOf(assumedObject({ id, name: z.string(), address: z.string(), phone: z.string(), traffic: z.string() })),
    errors: [],
  },
  global_config: {
    method: 'GET',
    auth: false,
    summary: 'Front-end configuration, including the payment websocket address.',
    response: assumedObject({
      pay_ws_url: socketUrl.meta({ description: 'payment websocket; absolute ws(s):// or a path on this origin' }),
      pay_window_minutes: z.number().int().positive(),
      invoice_window_days: z.number().int().positive(),
      max_pickers_per_child: z.number().int().positive(),
      service_phone: z.string(),
      term: z.string(),
    }),
    errors: [],
  },
  feedback_get_problem_type: {
    method: 'GET',
    auth: false,
    summary: 'Problem types for the feedback form.',
    response: listOf(assumedObject({ value: z.number().int(), label: z.string() })),
    errors: [],
  },
  opinion_feedback: {
    method: 'POST',
    auth: false,
    summary: 'Sends feedback; signed-in or not.',
    body: assumedObject({
      problem_type: z.number({ error: '请选择问题类型' }).int(),
      content: z.string().trim().min(FEEDBACK_CONTENT_MIN, `请至少填写${FEEDBACK_CONTENT_MIN}个字，方便我们了解问题`).max(FEEDBACK_CONTENT_MAX, `最多${FEEDBACK_CONTENT_MAX}字`),
      contact_name: z.string().trim().max(20, '称呼最多20个字').optional(),
      contact_phone: phone.optional(),
      contact_mailbox: mailbox.optional(),
      images: z.array(fileUrl).max(FEEDBACK_IMAGES_MAX, `最多上传${FEEDBACK_IMAGES_MAX}张图片`).optional(),
    }),
    response: nothing,
    errors: [],
  },
  get_front_content: {
    method: 'GET',
    auth: false,
    client: 'fresh',
    summary: 'Content of a front-end module; module=9 is the payment notice (also used by the mini-app).',
    query: z.object({ module: z.number().int().positive() }),
    response: assumedObject({
      module: z.number().int(),
      title: z.string(),
      content: z.string().meta({ description: 'rich text (HTML)' }),
      updated_at: dateTime,
    }),
    errors: ['notFound'],
  },
}));

/** Spec §7, 'Browsing': public calls, no sign-in needed. */
import { z } from '../zod.ts';
import { assumedObject, defineOperation } from '../core.ts';
import { admissionKind, timeOfDay, weekday } from '../enums.ts';
import { classCardSchema, classCategorySchema, classDetailSchema, classSessionSchema, specialtySchema } from '../schemas/classes.ts';
import { dateTime, fileUrl, id, listOf, mailbox, money, nothing, pageOf, pageQuery, phone } from '../schemas/common.ts';

const domain = 'browsing' as const;
const idParam = z.object({ id });
const classList = listOf(classCardSchema);

export const bannerSchema = assumedObject({ id, title: z.string(), image_url: fileUrl, link_url: z.string().nullable(), sort: z.number().int() });
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
  microblog_url: z.string(),
  official_site_url: z.string().meta({ description: 'footer link 官方网站' }),
  ticket_url: z.string().meta({ description: 'footer link 票务服务' }),
  about_url: z.string().meta({ description: 'footer link 关于我们' }),
  app_download_url: z.string().meta({ description: 'encoded in the app QR code' }),
  mini_program_url: z.string().meta({ description: 'encoded in the mini-program QR code' }),
  official_account_url: z.string().meta({ description: 'encoded in the public account QR code' }),
  registration_notice: z.string().meta({ description: 'footer registration notice' }),
});

export const browsingOperations = {
  class_category: defineOperation('class_category', {
    name: 'class_category', method: 'GET', path: 'class_category', domain, auth: false,
    summary: 'Class categories with their specialties (the left menu); loaded before every page renders.',
    response: z.object({ class_list: z.array(classCategorySchema) }),
  }),
  exhibition_banner: defineOperation('exhibition_banner', {
    name: 'exhibition_banner', method: 'GET', path: 'exhibition_banner', domain, auth: false,
    summary: 'Home page banners.',
    response: listOf(bannerSchema),
  }),
  homepage_center: defineOperation('homepage_center', {
    name: 'homepage_center', method: 'GET', path: 'homepage_center', domain, auth: false,
    summary: 'The centers shown on the home page.',
    response: listOf(centerSchema),
  }),
  search_page_specialty: defineOperation('search_page_specialty', {
    name: 'search_page_specialty', method: 'GET', path: 'search_page_specialty/{id}', domain, auth: false,
    summary: 'The specialties of one center (category), for the search page’s filter.',
    pathParams: idParam,
    response: assumedObject({ center: specialtySchema, list: z.array(specialtySchema) }),
  }),
  search_by_screening_conditions: defineOperation('search_by_screening_conditions', {
    name: 'search_by_screening_conditions', method: 'GET', path: 'search_by_screening_conditions', domain, auth: false,
    summary: 'Searches classes by name and filters; paginated.',
    query: assumedObject({
      name: z.string().trim().max(50).optional(),
      center: id.optional(),
      specialty: id.optional(),
      age: z.number().int().min(0).max(18).optional(),
      weekday: weekday.schema.optional(),
      time_of_day: timeOfDay.schema.optional(),
      admission_kind: admissionKind.schema.optional(),
      fee_min: money.optional(),
      fee_max: money.optional(),
      available: z.boolean().optional().meta({ description: 'only classes open with seats left' }),
      ...pageQuery,
    }),
    response: pageOf(classCardSchema),
  }),
  class_detail: defineOperation('class_detail', {
    name: 'class_detail', method: 'GET', path: 'class_detail/{id}', domain, auth: false,
    client: 'fresh',
    summary: 'One class in full, with its seats left.',
    pathParams: idParam,
    response: classDetailSchema,
  }),
  get_major_categories_of_projects: defineOperation('get_major_categories_of_projects', {
    name: 'get_major_categories_of_projects', method: 'GET', path: 'get_major_categories_of_projects/{id}', domain, auth: false,
    summary: 'The project category (center and specialty) a class belongs to, for the breadcrumb.',
    pathParams: idParam,
    response: assumedObject({ center_id: id, center_name: z.string(), specialty_id: id, specialty_name: z.string() }),
  }),
  class_detail_datetime_and_classroom: defineOperation('class_detail_datetime_and_classroom', {
    name: 'class_detail_datetime_and_classroom', method: 'GET', path: 'class_detail_datetime_and_classroom/{id}', domain, auth: false,
    summary: 'The sessions of a class: date, time and classroom.',
    pathParams: idParam,
    response: listOf(classSessionSchema),
  }),
  site_information: defineOperation('site_information', {
    name: 'site_information', method: 'GET', path: 'site_information', domain, auth: false,
    summary: 'The center’s contact details, links and footer text.',
    response: siteInformationSchema,
  }),
  seckill_class_curriculum: defineOperation('seckill_class_curriculum', {
    name: 'seckill_class_curriculum', method: 'GET', path: 'seckill_class_curriculum', domain, auth: false,
    client: 'fresh',
    summary: '秒杀 classes with their opening time.',
    response: classList,
  }),
  sign_up_for_upcoming_class: defineOperation('sign_up_for_upcoming_class', {
    name: 'sign_up_for_upcoming_class', method: 'GET', path: 'sign_up_for_upcoming_class', domain, auth: false,
    summary: 'Classes whose sign-up opens soon.',
    response: classList,
  }),
  sign_up_is_coming_to_end: defineOperation('sign_up_is_coming_to_end', {
    name: 'sign_up_is_coming_to_end', method: 'GET', path: 'sign_up_is_coming_to_end', domain, auth: false,
    summary: 'Classes whose sign-up closes soon.',
    response: classList,
  }),
  make_full_appointment_class: defineOperation('make_full_appointment_class', {
    name: 'make_full_appointment_class', method: 'GET', path: 'make_full_appointment_class', domain, auth: false,
    summary: 'Classes that are full.',
    response: classList,
  }),
  parents_questions_and_answers: defineOperation('parents_questions_and_answers', {
    name: 'parents_questions_and_answers', method: 'GET', path: 'parents_questions_and_answers', domain, auth: false,
    summary: 'Parent Q&A, searchable by keyword.',
    query: assumedObject({ keyword: z.string().trim().max(50).optional(), ...pageQuery }),
    response: pageOf(assumedObject({ id, question: z.string(), answer: z.string().meta({ description: 'rich text (HTML)' }), category: z.string() })),
  }),
  contact_us: defineOperation('contact_us', {
    name: 'contact_us', method: 'GET', path: 'contact_us', domain, auth: false,
    summary: 'Admissions consultation: how to reach the admissions office.',
    response: assumedObject({
      phone: z.string(),
      email: z.string(),
      address: z.string(),
      work_hours: z.string(),
      content: z.string().meta({ description: 'rich text (HTML)' }),
    }),
  }),
  get_all_org: defineOperation('get_all_org', {
    name: 'get_all_org', method: 'GET', path: 'get_all_org', domain, auth: false,
    summary: 'Every organisation (campus) with its address and phone.',
    response: listOf(assumedObject({ id, name: z.string(), address: z.string(), phone: z.string(), traffic: z.string() })),
  }),
  global_config: defineOperation('global_config', {
    name: 'global_config', method: 'GET', path: 'global_config', domain, auth: false,
    summary: 'Front-end configuration, including the payment websocket address.',
    response: assumedObject({
      pay_ws_url: z.string().meta({ description: 'payment websocket; absolute ws(s):// or a path on this origin' }),
      pay_window_minutes: z.number().int().positive(),
      invoice_window_days: z.number().int().positive(),
      max_pickers_per_child: z.number().int().positive(),
      service_phone: z.string(),
      term: z.string(),
    }),
  }),
  feedback_get_problem_type: defineOperation('feedback_get_problem_type', {
    name: 'feedback_get_problem_type', method: 'GET', path: 'feedback_get_problem_type', domain, auth: false,
    summary: 'Problem types for the feedback form.',
    response: listOf(assumedObject({ value: z.number().int(), label: z.string() })),
  }),
  opinion_feedback: defineOperation('opinion_feedback', {
    name: 'opinion_feedback', method: 'POST', path: 'opinion_feedback', domain, auth: false,
    summary: 'Sends feedback; signed-in or not.',
    body: assumedObject({
      problem_type: z.number({ error: '请选择问题类型' }).int(),
      content: z.string().trim().min(10, '请至少填写10个字，方便我们了解问题').max(500, '最多500字'),
      contact_name: z.string().trim().max(20, '称呼最多20个字').optional(),
      contact_phone: phone.optional(),
      contact_mailbox: mailbox.optional(),
      images: z.array(fileUrl).max(3, '最多上传3张图片').optional(),
    }),
    response: nothing,
  }),
  get_front_content: defineOperation('get_front_content', {
    name: 'get_front_content', method: 'GET', path: 'get_front_content', domain, auth: false,
    client: 'fresh',
    summary: 'Content of a front-end module; module=9 is the payment notice (also used by the mini-app).',
    query: z.object({ module: z.number().int().positive() }),
    response: assumedObject({
      module: z.number().int(),
      title: z.string(),
      content: z.string().meta({ description: 'rich text (HTML)' }),
      updated_at: dateTime,
    }),
  }),
};

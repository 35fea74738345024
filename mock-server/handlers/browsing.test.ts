import { createFactories } from '#fixtures/factories';
import { describe, expect, it } from 'vitest';
import { admissionKind, classSignUpState, collectionType, orderStatus, signUpStatus, siteInformationSchema, timeOfDay, weekday, type InputOf, type Operations } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { DAY, HOUR, toIso } from '#fixtures/time';
import { PAY_WS_PATH } from '../core/config.ts';
import { setupMockForTests } from '../testing.ts';
import { HOME_LIST_LIMIT } from './browsing.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00'); // a Tuesday
const iso = (offset: number) => toIso(NOW + offset);

const site = createFactories(1, NOW).site({ oss_base_url: null });

/**
 * Two centers (音乐 sorts first), three specialties, and classes in every sign-up state:
 *  1 国画启蒙班  open, closes in 10 days   5 书法秒杀班  秒杀, opens in 20 days
 *  2 书法提高班  秒杀, opens in 2 days      6 国画秒杀班  秒杀, ended
 *  3 钢琴精英班  full (1 seat, paid order)  7 钢琴周末班  opens in 1 day
 *  4 钢琴启蒙班  ended, and full            8 国画周末班  open, closes in 1 day
 */
const mock = setupMockForTests({
  world: () =>
    buildWorld(11, NOW, ({ f, add }) => {
      const [art] = add('centers', f.center({ name: '美术中心', sort: 2 }));
      const [music] = add('centers', f.center({ name: '音乐中心', sort: 1 }));
      const [ink] = add('specialties', f.specialty(art!.id, { name: '国画', sort: 2 }));
      const [callig] = add('specialties', f.specialty(art!.id, { name: '书法', sort: 1 }));
      const [piano] = add('specialties', f.specialty(music!.id, { name: '钢琴' }));
      const window = (start: number, end: number) => ({ sign_up_start_at: iso(start), sign_up_end_at: iso(end) });
      const classes = add(
        'classes',
        f.classRow({ center_id: art!.id, specialty_id: ink!.id, name: '国画启蒙班', min_age: 6, max_age: 10, fee: 1600, first_session_date: '2026-09-19', weekdays: [weekday.values.saturday] }),
        f.classRow({
          center_id: art!.id,
          specialty_id: callig!.id,
          name: '书法提高班',
          admission_kind: admissionKind.values.seckill,
          min_age: 8,
          max_age: 12,
          fee: 2000,
          time_of_day: timeOfDay.values.afternoon,
          start_time: '14:00',
          end_time: '15:30',
          first_session_date: '2026-09-20',
          weekdays: [weekday.values.sunday],
          ...window(2 * DAY, 5 * DAY),
        }),
        f.classRow({
          center_id: music!.id,
          specialty_id: piano!.id,
          name: '钢琴精英班',
          admission_kind: admissionKind.values.interview,
          min_age: 10,
          max_age: 14,
          fee: 3000,
          capacity: 1,
          time_of_day: timeOfDay.values.evening,
          start_time: '18:30',
          end_time: '20:00',
          first_session_date: '2026-09-16',
          weekdays: [weekday.values.wednesday],
          ...window(-DAY, 2 * DAY),
        }),
        f.classRow({
          center_id: music!.id,
          specialty_id: piano!.id,
          name: '钢琴启蒙班',
          admission_kind: admissionKind.values.lottery,
          min_age: 4,
          max_age: 6,
          fee: 1200,
          capacity: 1,
          first_session_date: '2026-09-19',
          weekdays: [weekday.values.saturday],
          ...window(-10 * DAY, -DAY),
        }),
        f.classRow({ center_id: art!.id, specialty_id: callig!.id, name: '书法秒杀班', admission_kind: admissionKind.values.seckill, ...window(20 * DAY, 22 * DAY) }),
        f.classRow({ center_id: art!.id, specialty_id: ink!.id, name: '国画秒杀班', admission_kind: admissionKind.values.seckill, ...window(-5 * DAY, -HOUR) }),
        f.classRow({ center_id: music!.id, specialty_id: piano!.id, name: '钢琴周末班', ...window(DAY, 6 * DAY) }),
        f.classRow({
          center_id: art!.id,
          specialty_id: ink!.id,
          name: '国画周末班',
          min_age: 5,
          max_age: 8,
          fee: 1800,
          first_session_date: '2026-09-19',
          weekdays: [weekday.values.saturday, weekday.values.sunday],
          ...window(-DAY, DAY),
        }),
      );
      // Sessions of class 1, stored out of order.
      add('classSessions', ...f.sessionsOf(classes[0]!, 0).slice(0, 3).reverse());

      const [alice] = add('parents', f.parent({ username: 'alice' }));
      const [bob] = add('parents', f.parent({ username: 'bob' }));
      const [child] = add('contacts', f.contact(alice!.id));
      for (const classId of [3, 4]) {
        const [signUp] = add('signUps', f.signUp({ parent_id: alice!.id, class_id: classId, contact_id: child!.id, status: signUpStatus.values.enrolled }));
        const [order] = add('orders', f.order({ parent_id: alice!.id, sign_up_id: signUp!.id, class_id: classId, contact_id: child!.id, amount: 3000, status: orderStatus.values.paid }));
        signUp!.order_id = order!.id;
      }

      add(
        'collections',
        { id: 1, parent_id: alice!.id, class_id: 1, type: collectionType.values.classes, created_at: iso(-2 * DAY) },
        { id: 2, parent_id: alice!.id, class_id: 3, type: collectionType.values.classes, created_at: iso(-DAY) },
        { id: 3, parent_id: alice!.id, class_id: 8, type: collectionType.values.activities, created_at: iso(-DAY) },
        { id: 4, parent_id: bob!.id, class_id: 1, type: collectionType.values.classes, created_at: iso(-DAY) },
      );

      add('banners', { id: 1, title: '秋季招生', image_url: 'banner/1.svg', link_url: '/apply', sort: 2 }, { id: 2, title: '国庆活动', image_url: 'banner/2.svg', link_url: null, sort: 1 });
      add(
        'faqs',
        { id: 1, question: '如何报名？', answer: '<p>登录后选择班级，点击<strong>立即报名</strong>。</p>', category: '报名', sort: 2 },
        { id: 2, question: '可以退费吗？', answer: '<p>开课前可全额退费。</p>', category: '退费', sort: 1 },
        { id: 3, question: '孩子年龄怎么算？', answer: '<p>按报名时的周岁计算。</p>', category: '报名', sort: 3 },
      );
      add(
        'orgs',
        { id: 2, name: '中国儿童中心（南区）', address: '北京市丰台区', phone: '010-66160002', traffic: '地铁10号线' },
        { id: 1, name: '中国儿童中心（本部）', address: '北京市西城区', phone: '010-66160001', traffic: '地铁4号线平安里站' },
      );
      add('choices', { kind: 'problem', value: 2, label: '支付问题', sort: 2 }, { kind: 'problem', value: 1, label: '报名问题', sort: 1 }, { kind: 'grade', value: 9, label: '一年级', sort: 1 });
      add('contents', { module: 9, title: '缴费须知', content: '<p>请在30分钟内完成支付。</p>', updated_at: iso(-DAY) });
      add('site', site);
    }),
});

const ids = (list: { id: number }[]) => list.map((c) => c.id);
const notFound = (msg: string) => ({ status: 404, error_code: 404001, msg, data: null });

describe('categories and centers', () => {
  it('class_category lists centers by sort with their specialties by sort', async () => {
    const answer = await mock.call('class_category', {});
    expect(answer).toMatchObject({ status: 200, error_code: 999999 });
    expect(answer.data.class_list).toEqual([
      { id: 2, name: '音乐中心', children: [{ id: 3, name: '钢琴' }] },
      {
        id: 1,
        name: '美术中心',
        children: [
          { id: 2, name: '书法' },
          { id: 1, name: '国画' },
        ],
      },
    ]);
  });

  it('exhibition_banner lists banners by sort', async () => {
    const { data } = await mock.call('exhibition_banner', {});
    expect(data.list.map((b) => b.title)).toEqual(['国庆活动', '秋季招生']);
  });

  it('homepage_center counts each center’s classes from the classes table', async () => {
    const { data } = await mock.call('homepage_center', {});
    expect(data.list.map((c) => [c.name, c.class_count])).toEqual([
      ['音乐中心', 3],
      ['美术中心', 5],
    ]);
  });

  it('search_page_specialty lists one center’s specialties', async () => {
    const { data } = await mock.call('search_page_specialty', { pathParams: { id: 1 } });
    expect(data).toEqual({
      center: { id: 1, name: '美术中心' },
      list: [
        { id: 2, name: '书法' },
        { id: 1, name: '国画' },
      ],
    });
  });

  it('search_page_specialty answers 404 for an unknown center', async () => {
    expect(await mock.call('search_page_specialty', { pathParams: { id: 99 } })).toEqual(notFound('分类不存在'));
  });
});

describe('search_by_screening_conditions', () => {
  const search = async (query: InputOf<Operations['search_by_screening_conditions']>['query'] = {}) => {
    const answer = await mock.call('search_by_screening_conditions', { query: { page_size: 100, ...query } });
    expect(answer.status).toBe(200);
    return answer.data;
  };

  it('orders open first, then opening soonest first, then full, then ended', async () => {
    const data = await search();
    expect(ids(data.list)).toEqual([1, 8, 7, 2, 5, 3, 4, 6]);
    expect(data.list.map((c) => c.sign_up_state)).toEqual([
      classSignUpState.values.open,
      classSignUpState.values.open,
      classSignUpState.values.notStarted,
      classSignUpState.values.notStarted,
      classSignUpState.values.notStarted,
      classSignUpState.values.full,
      classSignUpState.values.ended,
      classSignUpState.values.ended,
    ]);
    expect(data.total).toBe(8);
  });

  it('paginates with total, page and page_size', async () => {
    const { data } = await mock.call('search_by_screening_conditions', { query: { page: 2, page_size: 3 } });
    expect(data).toMatchObject({ total: 8, page: 2, page_size: 3 });
    expect(ids(data.list)).toEqual([2, 5, 3]);
    const defaults = await mock.call('search_by_screening_conditions', {});
    expect(defaults.data).toMatchObject({ total: 8, page: 1, page_size: 10 });
  });

  it('matches the name case-insensitively in the class, specialty and center names', async () => {
    expect(ids((await search({ name: '周末' })).list)).toEqual([8, 7]);
    // No class is named 音乐 or 书法: the center and the specialty match.
    expect(ids((await search({ name: '音乐' })).list)).toEqual([7, 3, 4]);
    await mock.state.db.classes.update((q) => q.where({ id: 2 }), {
      data(c) {
        c.name = '硬笔提高班';
      },
    });
    expect(ids((await search({ name: '书法' })).list)).toEqual([2, 5]);
    await mock.state.db.classes.update((q) => q.where({ id: 1 }), {
      data(c) {
        c.name = 'Scratch 启蒙班';
      },
    });
    expect(ids((await search({ name: 'scratch' })).list)).toEqual([1]);
    expect((await search({ name: '不存在的班' })).total).toBe(0);
  });

  it('filters by center and specialty; a specialty of another center finds nothing', async () => {
    expect(ids((await search({ center: 2 })).list)).toEqual([7, 3, 4]);
    expect(ids((await search({ specialty: 1 })).list)).toEqual([1, 8, 6]);
    expect(ids((await search({ center: 1, specialty: 2 })).list)).toEqual([2, 5]);
    const answer = await mock.call('search_by_screening_conditions', { query: { center: 2, specialty: 1 } });
    expect(answer).toMatchObject({ status: 200, error_code: 999999, data: { list: [], total: 0 } });
  });

  it('filters by age within the class range, bounds included', async () => {
    expect(ids((await search({ age: 10 })).list)).toEqual([1, 7, 2, 5, 3, 6]);
    expect(ids((await search({ age: 4 })).list)).toEqual([4]);
  });

  it('filters by weekday, time of day and admission kind', async () => {
    expect(ids((await search({ weekday: weekday.values.sunday })).list)).toEqual([8, 2]);
    expect(ids((await search({ time_of_day: timeOfDay.values.evening })).list)).toEqual([3]);
    expect(ids((await search({ admission_kind: admissionKind.values.seckill })).list)).toEqual([2, 5, 6]);
  });

  it('filters by fee, bounds included', async () => {
    expect(ids((await search({ fee_min: 1800, fee_max: 2000 })).list)).toEqual([8, 2]);
    expect(ids((await search({ fee_min: 3000 })).list)).toEqual([3]);
    expect(ids((await search({ fee_max: 1200 })).list)).toEqual([4]);
  });

  it('available keeps only classes open with seats left', async () => {
    expect(ids((await search({ available: true })).list)).toEqual([1, 8]);
    expect((await search({ available: false })).total).toBe(8);
  });

  it('refuses an input the contract forbids with 400 and a msg naming the field', async () => {
    const answer = await mock.raw('GET', 'search_by_screening_conditions?age=19');
    expect(answer).toMatchObject({ status: 400, error_code: 400001 });
    expect(answer.msg).toMatch(/^age：/);
  });
});

describe('one class', () => {
  it('class_detail shows the class with its seats left and state', async () => {
    const { status, data } = await mock.call('class_detail', { pathParams: { id: 3 } });
    expect(status).toBe(200);
    expect(data).toMatchObject({ id: 3, name: '钢琴精英班', center_name: '音乐中心', specialty_name: '钢琴', capacity: 1, seats_left: 0, sign_up_state: classSignUpState.values.full });
    expect(data.sign_up_notice).toContain('<li>');
  });

  it('get_major_categories_of_projects names the class’s center and specialty', async () => {
    const { data } = await mock.call('get_major_categories_of_projects', { pathParams: { id: 2 } });
    expect(data).toEqual({ center_id: 1, center_name: '美术中心', specialty_id: 2, specialty_name: '书法' });
  });

  it('class_detail_datetime_and_classroom lists the sessions in order', async () => {
    const { data } = await mock.call('class_detail_datetime_and_classroom', { pathParams: { id: 1 } });
    expect(data.list.map((s) => [s.index, s.date])).toEqual([
      [1, '2026-09-19'],
      [2, '2026-09-26'],
      [3, '2026-10-03'],
    ]);
    expect(data.list[0]).not.toHaveProperty('class_id');
    const none = await mock.call('class_detail_datetime_and_classroom', { pathParams: { id: 2 } });
    expect(none.data.list).toEqual([]);
  });

  it.each(['class_detail', 'get_major_categories_of_projects', 'class_detail_datetime_and_classroom'] as const)('%s answers 404 for an unknown class', async (id) => {
    expect(await mock.call(id, { pathParams: { id: 99 } })).toEqual(notFound('班级不存在或已下架'));
  });
});

describe('home lists', () => {
  it('seckill_class_curriculum lists 秒杀 classes not yet ended, soonest opening first', async () => {
    await mock.state.db.classes.update((q) => q.where({ id: 1 }), {
      data(c) {
        c.admission_kind = admissionKind.values.seckill; // open now (opened 3 days ago)
      },
    });
    const { data } = await mock.call('seckill_class_curriculum', {});
    expect(ids(data.list)).toEqual([1, 2, 5]);
  });

  it('sign_up_for_upcoming_class lists classes opening within 14 days, soonest first', async () => {
    expect(ids((await mock.call('sign_up_for_upcoming_class', {})).data.list)).toEqual([7, 2]);
    mock.state.clock.set(NOW + 7 * DAY); // 书法秒杀班 now opens in 13 days; the others are open
    expect(ids((await mock.call('sign_up_for_upcoming_class', {})).data.list)).toEqual([5]);
  });

  it('sign_up_is_coming_to_end lists open classes closing within 3 days, soonest first', async () => {
    // 钢琴精英班 closes in 2 days too but is full.
    expect(ids((await mock.call('sign_up_is_coming_to_end', {})).data.list)).toEqual([8]);
    mock.state.clock.set(NOW + 8 * DAY);
    expect(ids((await mock.call('sign_up_is_coming_to_end', {})).data.list)).toEqual([1]);
  });

  it('make_full_appointment_class lists classes with no seat whose window has not ended', async () => {
    // 钢琴启蒙班 has no seat either, but its window is over.
    expect(ids((await mock.call('make_full_appointment_class', {})).data.list)).toEqual([3]);
    mock.state.clock.set(NOW + 2 * DAY);
    expect((await mock.call('make_full_appointment_class', {})).data.list).toEqual([]);
  });

  it('caps every home list', async () => {
    const template = mock.state.db.classes.findFirst((q) => q.where({ id: 5 }), { strict: true });
    for (let id = 10; id < 10 + HOME_LIST_LIMIT + 2; id += 1) {
      await mock.state.db.classes.create({ ...JSON.parse(JSON.stringify(template)), id, sign_up_start_at: iso(DAY + id * HOUR) });
    }
    const { data } = await mock.call('seckill_class_curriculum', {});
    expect(data.list).toHaveLength(HOME_LIST_LIMIT);
    expect(ids(data.list).slice(0, 3)).toEqual([10, 11, 12]);
    expect((await mock.call('sign_up_for_upcoming_class', {})).data.list).toHaveLength(HOME_LIST_LIMIT);
  });
});

describe('parents_questions_and_answers', () => {
  it('lists by sort and paginates', async () => {
    const { data } = await mock.call('parents_questions_and_answers', { query: { page: 1, page_size: 2 } });
    expect(data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(ids(data.list)).toEqual([2, 1]);
    expect(ids((await mock.call('parents_questions_and_answers', { query: { page: 2, page_size: 2 } })).data.list)).toEqual([3]);
  });

  it('finds a keyword in the question or in the answer’s text, never in its tags', async () => {
    const find = async (keyword: string) => ids((await mock.call('parents_questions_and_answers', { query: { keyword } })).data.list);
    expect(await find('退费')).toEqual([2]);
    expect(await find('周岁')).toEqual([3]);
    expect(await find('点击立即报名')).toEqual([1]);
    expect(await find('strong')).toEqual([]);
  });
});

describe('site texts and configuration', () => {
  it('site_information answers the site row’s public fields only', async () => {
    const { data } = await mock.call('site_information', {});
    expect(Object.keys(data).sort()).toEqual(Object.keys(siteInformationSchema.shape).sort());
    expect(data).toMatchObject({ name: '中国儿童中心', phone: '010-66160000', icp: '京ICP备00000000号' });
  });

  it('contact_us answers the admissions office’s details', async () => {
    const { data } = await mock.call('contact_us', {});
    expect(data).toEqual({ phone: site.phone, email: 'zhaosheng@example.org', address: site.address, work_hours: site.work_hours, content: site.contact_us_content });
  });

  it('get_all_org lists organisations by id', async () => {
    const { data } = await mock.call('get_all_org', {});
    expect(data.list.map((o) => o.name)).toEqual(['中国儿童中心（本部）', '中国儿童中心（南区）']);
  });

  it('global_config carries the payment socket, the windows and the site’s phone and term', async () => {
    const { data } = await mock.call('global_config', {});
    expect(data).toEqual({
      pay_ws_url: PAY_WS_PATH,
      pay_window_minutes: 30,
      invoice_window_days: 90,
      max_pickers_per_child: 3,
      service_phone: '010-66160000',
      term: '2026-2027学年第一学期',
    });
  });

  it('get_front_content answers a module’s content', async () => {
    const { data } = await mock.call('get_front_content', { query: { module: 9 } });
    expect(data).toEqual({ module: 9, title: '缴费须知', content: '<p>请在30分钟内完成支付。</p>', updated_at: iso(-DAY) });
  });

  it('get_front_content answers 404 for an unknown module', async () => {
    expect(await mock.call('get_front_content', { query: { module: 3 } })).toEqual(notFound('内容不存在'));
  });
});

describe('feedback', () => {
  const body = { problem_type: 2, content: '支付成功后订单仍显示待支付。', images: ['upload/1.png'] };

  it('feedback_get_problem_type lists only the problem types, by sort', async () => {
    const { data } = await mock.call('feedback_get_problem_type', {});
    expect(data.list).toEqual([
      { value: 1, label: '报名问题' },
      { value: 2, label: '支付问题' },
    ]);
  });

  it('opinion_feedback stores anonymous feedback without a parent', async () => {
    const answer = await mock.call('opinion_feedback', { body: { ...body, contact_phone: '13800000000' } });
    expect(answer).toEqual({ status: 200, error_code: 999999, msg: '感谢您的反馈，我们会尽快处理', data: null });
    expect(mock.state.db.feedback.all()).toEqual([
      {
        id: 1,
        parent_id: null,
        problem_type: 2,
        content: body.content,
        contact_name: null,
        contact_phone: '13800000000',
        contact_mailbox: null,
        images: ['upload/1.png'],
        created_at: iso(0),
      },
    ]);
  });

  it('opinion_feedback stores the signed-in parent', async () => {
    const me = await mock.signIn('bob');
    expect((await mock.call('opinion_feedback', { body }, me)).status).toBe(200);
    expect(mock.state.db.feedback.all()[0]).toMatchObject({ id: 1, parent_id: 2, images: ['upload/1.png'] });
  });

  it('opinion_feedback refuses an unknown problem type and stores nothing', async () => {
    const before = mock.state.snapshot();
    // 9 exists, but as another kind of choice.
    const answer = await mock.call('opinion_feedback', { body: { ...body, problem_type: 9 } });
    expect(answer).toEqual({ status: 400, error_code: 400001, msg: 'problem_type：问题类型不存在，请重新选择', data: null });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('opinion_feedback refuses too short a text with the contract’s msg', async () => {
    const answer = await mock.call('opinion_feedback', { body: { problem_type: 1, content: '太慢了' } });
    expect(answer).toMatchObject({ status: 400, error_code: 400001, msg: 'content：请至少填写10个字，方便我们了解问题' });
    expect(mock.state.db.feedback.count()).toBe(0);
  });
});

describe('collections', () => {
  it('get_collection_type lists the kinds with their labels', async () => {
    const { data } = await mock.call('get_collection_type', {});
    expect(data.list).toEqual([
      { value: collectionType.values.classes, label: '课程' },
      { value: collectionType.values.activities, label: '活动' },
    ]);
  });

  it('add_my_collection stores the collection, and judge_whether_collection then says so', async () => {
    const me = await mock.signIn('alice');
    expect((await mock.call('judge_whether_collection', { pathParams: { id: 2 } }, me)).data).toEqual({ is_collection: false, collection_id: null });
    const answer = await mock.call('add_my_collection', { body: { class_id: 2, type: collectionType.values.classes } }, me);
    expect(answer).toEqual({ status: 200, error_code: 999999, msg: '收藏成功', data: { id: 5 } });
    expect(mock.state.db.collections.findFirst((q) => q.where({ id: 5 }))).toEqual({
      id: 5,
      parent_id: 1,
      class_id: 2,
      type: collectionType.values.classes,
      created_at: iso(0),
    });
    expect((await mock.call('judge_whether_collection', { pathParams: { id: 2 } }, me)).data).toEqual({ is_collection: true, collection_id: 5 });
  });

  it('add_my_collection refuses a class collected already, whatever the type, and changes nothing', async () => {
    const me = await mock.signIn('alice');
    const before = mock.state.snapshot();
    const answer = await mock.call('add_my_collection', { body: { class_id: 1, type: collectionType.values.activities } }, me);
    expect(answer).toEqual({ status: 200, error_code: 300801, msg: '已收藏过该课程', data: null });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('add_my_collection answers 404 for an unknown class and changes nothing', async () => {
    const me = await mock.signIn('alice');
    const before = mock.state.snapshot();
    expect(await mock.call('add_my_collection', { body: { class_id: 99, type: collectionType.values.classes } }, me)).toEqual(notFound('班级不存在或已下架'));
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('asks for a sign-in', async () => {
    expect(await mock.call('add_my_collection', { body: { class_id: 2, type: collectionType.values.classes } })).toMatchObject({ status: 401, error_code: 99995 });
    expect(mock.state.db.collections.count()).toBe(4);
    expect(await mock.call('get_my_collection', { pathParams: { type: collectionType.values.classes } })).toMatchObject({ status: 401, error_code: 99995 });
  });

  it('judge_whether_collection counts only the parent’s own collections', async () => {
    const bob = await mock.signIn('bob');
    expect((await mock.call('judge_whether_collection', { pathParams: { id: 1 } }, bob)).data).toEqual({ is_collection: true, collection_id: 4 });
    expect((await mock.call('judge_whether_collection', { pathParams: { id: 3 } }, bob)).data).toEqual({ is_collection: false, collection_id: null });
  });

  it('judge_whether_collection answers 404 for an unknown class', async () => {
    const me = await mock.signIn('alice');
    expect(await mock.call('judge_whether_collection', { pathParams: { id: 99 } }, me)).toEqual(notFound('班级不存在或已下架'));
  });

  it('get_my_collection lists the parent’s collections of one type, newest first, with class cards', async () => {
    const me = await mock.signIn('alice');
    const { data } = await mock.call('get_my_collection', { pathParams: { type: collectionType.values.classes } }, me);
    expect(data).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(data.list.map((c) => [c.id, c.class.id, c.class.name])).toEqual([
      [2, 3, '钢琴精英班'],
      [1, 1, '国画启蒙班'],
    ]);
    expect(data.list[0]).toMatchObject({ type: collectionType.values.classes, created_at: iso(-DAY), class: { seats_left: 0, sign_up_state: classSignUpState.values.full } });
    expect(data.list[0]!.class).not.toHaveProperty('description');
    const activities = await mock.call('get_my_collection', { pathParams: { type: collectionType.values.activities } }, me);
    expect(activities.data.list.map((c) => c.id)).toEqual([3]);
  });

  it('get_my_collection paginates and leaves out classes taken off the catalogue', async () => {
    const me = await mock.signIn('alice');
    const page2 = await mock.call('get_my_collection', { pathParams: { type: collectionType.values.classes }, query: { page: 2, page_size: 1 } }, me);
    expect(page2.data).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.data.list.map((c) => c.id)).toEqual([1]);
    mock.state.db.classes.delete((q) => q.where({ id: 3 }));
    const { data } = await mock.call('get_my_collection', { pathParams: { type: collectionType.values.classes } }, me);
    expect(data.list.map((c) => c.id)).toEqual([1]);
    expect(data.total).toBe(1);
  });

  it('delete_my_collection removes the parent’s own collection', async () => {
    const me = await mock.signIn('alice');
    const answer = await mock.call('delete_my_collection', { pathParams: { id: 1 } }, me);
    expect(answer).toEqual({ status: 200, error_code: 999999, msg: '已取消收藏', data: null });
    expect(ids(mock.state.db.collections.all()).sort()).toEqual([2, 3, 4]);
  });

  it('delete_my_collection answers 404 for another parent’s or an unknown id and changes nothing', async () => {
    const me = await mock.signIn('alice');
    const before = mock.state.snapshot();
    expect(await mock.call('delete_my_collection', { pathParams: { id: 4 } }, me)).toEqual(notFound('收藏不存在或已删除'));
    expect(await mock.call('delete_my_collection', { pathParams: { id: 99 } }, me)).toEqual(notFound('收藏不存在或已删除'));
    expect(mock.state.snapshot()).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { classCardSchema, classDetailSchema, classSignUpState, orderStatus } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { HOUR, toIso } from '#fixtures/time';
import { MockRefusal, refuserFor } from '../core/refusal.ts';
import { setupMockForTests } from '../testing.ts';
import { classOrNotFound, signUpStateOf } from '../rules/classes.ts';
import { presentClassCard, presentClassDetail } from './classes.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00');

const mock = setupMockForTests({
  world: () =>
    buildWorld(3, NOW, ({ f, add }) => {
      const [art] = add('centers', f.center({ name: '美术中心' }));
      const [ink] = add('specialties', f.specialty(art!.id, { name: '国画' }));
      const [klass] = add('classes', f.classRow({ center_id: art!.id, specialty_id: ink!.id, name: '国画启蒙班', capacity: 3 }));
      const [parent] = add('parents', f.parent());
      const [child] = add('contacts', f.contact(parent!.id));
      // Two seats held (paid, unpaid in its window), one given back (cancelled).
      for (const status of [orderStatus.values.paid, orderStatus.values.unpaid, orderStatus.values.cancelled]) {
        const [signUp] = add('signUps', f.signUp({ parent_id: parent!.id, class_id: klass!.id, contact_id: child!.id }));
        add('orders', f.order({ parent_id: parent!.id, sign_up_id: signUp!.id, class_id: klass!.id, contact_id: child!.id, amount: 1600, status }));
      }
    }),
});

const theClass = () => mock.state.db.classes.findFirst((q) => q.where({ id: 1 }), { strict: true });

describe('signUpStateOf', () => {
  const window = { sign_up_start_at: toIso(NOW), sign_up_end_at: toIso(NOW + 2 * HOUR) };

  it('is not started before the opening instant and open from it on', () => {
    expect(signUpStateOf(window, 5, NOW - 1000)).toBe(classSignUpState.values.notStarted);
    expect(signUpStateOf(window, 5, NOW)).toBe(classSignUpState.values.open);
  });

  it('is full inside the window when no seat is left', () => {
    expect(signUpStateOf(window, 0, NOW + HOUR)).toBe(classSignUpState.values.full);
  });

  it('is ended from the closing instant on, seats or not', () => {
    expect(signUpStateOf(window, 5, NOW + 2 * HOUR - 1000)).toBe(classSignUpState.values.open);
    expect(signUpStateOf(window, 5, NOW + 2 * HOUR)).toBe(classSignUpState.values.ended);
    expect(signUpStateOf(window, 0, NOW + 3 * HOUR)).toBe(classSignUpState.values.ended);
  });
});

describe('presentClassCard', () => {
  it('shows the names, the seats left and the state as the clock and orders say', () => {
    const card = presentClassCard(mock.state, theClass());
    expect(card).toMatchObject({
      id: 1,
      name: '国画启蒙班',
      center_id: 1,
      center_name: '美术中心',
      specialty_id: 1,
      specialty_name: '国画',
      capacity: 3,
      seats_left: 1,
      sign_up_state: classSignUpState.values.open,
    });
  });

  it('is exactly a contract card: no private field of the record leaks', () => {
    const card = presentClassCard(mock.state, theClass());
    expect(Object.keys(card).sort()).toEqual(Object.keys(classCardSchema.shape).sort());
    // The view is the parsed form (money in fen): written to the wire and read back, it is the same.
    expect(classCardSchema.parse(classCardSchema.encode(card))).toEqual(card);
  });

  it('turns full when the last seat is taken and follows the clock', async () => {
    await mock.state.db.orders.update((q) => q.where({ status: orderStatus.values.cancelled }), {
      data(o) {
        o.status = orderStatus.values.paid;
      },
    });
    expect(presentClassCard(mock.state, theClass())).toMatchObject({ seats_left: 0, sign_up_state: classSignUpState.values.full });
    mock.state.clock.set(Date.parse(theClass().sign_up_end_at));
    expect(presentClassCard(mock.state, theClass()).sign_up_state).toBe(classSignUpState.values.ended);
  });

  it('follows a renamed center', async () => {
    await mock.state.db.centers.update((q) => q.where({ id: 1 }), {
      data(c) {
        c.name = '艺术中心';
      },
    });
    expect(presentClassCard(mock.state, theClass()).center_name).toBe('艺术中心');
  });
});

describe('presentClassDetail', () => {
  it('is the card plus the class page fields, exactly the contract detail', () => {
    const row = theClass();
    const detail = presentClassDetail(mock.state, row);
    expect(detail).toMatchObject({ ...presentClassCard(mock.state, row), description: row.description, refund_rule: row.refund_rule });
    expect(Object.keys(detail).sort()).toEqual(Object.keys(classDetailSchema.shape).sort());
    expect(classDetailSchema.parse(classDetailSchema.encode(detail))).toEqual(detail);
  });
});

describe('classOrNotFound', () => {
  const refuse = refuserFor<'notFound'>();
  it('finds the row or refuses with a 404 and a Chinese msg', () => {
    expect(classOrNotFound(mock.state, 1, refuse).name).toBe('国画启蒙班');
    const refusal = (() => {
      try {
        classOrNotFound(mock.state, 99, refuse);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(MockRefusal);
    expect(refusal).toMatchObject({ status: 404, code: 404001, message: '班级不存在或已下架' });
  });
});

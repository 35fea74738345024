/**
 * The world most component tests start from, built with the shared factories (fixtures/): small,
 * with names a test can state.
 *
 *   the site row, one center 艺术中心 (id 1) with specialties 国画 (1) and 舞蹈 (2);
 *   parent 张伟 (username 'zhangwei', id 1, phone 13800000000, real-name passed, a password);
 *   his children 张小明 (boy, 7, id 1) and 张小红 (girl, 5, id 2), both passed;
 *   another parent 李娜 ('lina', id 2) with 李乐 (id 3), to show what is not his.
 *
 * The clock is the scenarios' Saturday 2026-12-05 10:00 (Beijing). `steps` adds what the test is
 * about: classes (b.klass), sign-ups and orders (fixtures/world.ts enrol), anything else (b.add).
 *
 *   const world = familyWorld((b) => {
 *     const art = b.klass({ name: '少儿国画启蒙班' });
 *     enrol(b, { parent: b.parent, child: b.xiaoming, klass: art, signedUpAt: TEST_NOW - DAY, outcome: 'paid' });
 *   });
 *   await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
 */
import { contactAuditStatus, gender } from '#contract/index';
import type { Row } from '#fixtures/records';
import { SCENARIO_NOW } from '#fixtures/scenarios';
import { buildWorld, type WorldBuilder } from '#fixtures/snapshot';
import type { World } from './render-route.tsx';

export const TEST_NOW = SCENARIO_NOW;

export interface FamilyBuilder extends WorldBuilder {
  parent: Row<'parents'>;
  xiaoming: Row<'contacts'>;
  xiaohong: Row<'contacts'>;
  other: Row<'parents'>;
  otherChild: Row<'contacts'>;
  center: Row<'centers'>;
  /** 国画 and 舞蹈. */
  specialties: [Row<'specialties'>, Row<'specialties'>];
  /** A class of the center (default specialty 国画), with its sessions. */
  klass: (o: Partial<Row<'classes'>> & { name: string }) => Row<'classes'>;
}

export function familyWorld(steps?: (b: FamilyBuilder) => void, options: { seed?: number; now?: number } = {}): () => World {
  return () =>
    buildWorld(options.seed ?? 1, options.now ?? TEST_NOW, (base) => {
      const { f, add } = base;
      add('site', f.site());
      const [parent, other] = add(
        'parents',
        f.parent({ id: 1, username: 'zhangwei', real_name: '张伟', phone: '13800000000' }),
        f.parent({ id: 2, username: 'lina', real_name: '李娜', phone: '13900000000' }),
      ) as [Row<'parents'>, Row<'parents'>];
      const passed = { audit_status: contactAuditStatus.values.passed };
      const [xiaoming, xiaohong, otherChild] = add(
        'contacts',
        f.contact(parent.id, { id: 1, name: '张小明', age: 7, gender: gender.values.male, ...passed }),
        f.contact(parent.id, { id: 2, name: '张小红', age: 5, gender: gender.values.female, ...passed }),
        f.contact(other.id, { id: 3, name: '李乐', age: 8, gender: gender.values.male, ...passed }),
      ) as [Row<'contacts'>, Row<'contacts'>, Row<'contacts'>];
      const center = add('centers', f.center({ id: 1, name: '艺术中心' }))[0]!;
      const specialties = add('specialties', f.specialty(center.id, { id: 1, name: '国画' }), f.specialty(center.id, { id: 2, name: '舞蹈' })) as [Row<'specialties'>, Row<'specialties'>];
      let nextSession = 1;
      const klass = (o: Partial<Row<'classes'>> & { name: string }) => {
        const row = f.classRow({ center_id: center.id, specialty_id: specialties[0].id, ...o });
        add('classes', row);
        const sessions = f.sessionsOf(row, nextSession - 1);
        nextSession += sessions.length;
        add('classSessions', ...sessions);
        return row;
      };
      steps?.({ ...base, parent, xiaoming, xiaohong, other, otherChild, center, specialties, klass });
    });
}

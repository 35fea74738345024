/** The course badges of the spec: interview, lottery, age and class type (and 秒杀). */
import { admissionKind, classType } from '#contract/coded-values';
import type { classCardSchema } from '#contract/index';
import type { z } from 'zod';
import { Badge } from '../ui/badge.tsx';

type ClassCard = z.output<typeof classCardSchema>;

export function ClassBadges({ klass }: { klass: Pick<ClassCard, 'admission_kind' | 'class_type' | 'min_age' | 'max_age'> }) {
  const kind = klass.admission_kind;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 6 }}>
      {kind === admissionKind.values.interview && (
        <Badge tone="warning" title="需参加面试，通过后方可缴费">
          面试
        </Badge>
      )}
      {kind === admissionKind.values.lottery && (
        <Badge tone="info" title="报名结束后摇号确定录取名单">
          摇号
        </Badge>
      )}
      {kind === admissionKind.values.seckill && (
        <Badge tone="danger" title="定时开抢，先到先得">
          秒杀
        </Badge>
      )}
      <Badge tone="primary" title="适合年龄">
        {klass.min_age}-{klass.max_age}岁
      </Badge>
      <Badge tone="muted">{classType.label(klass.class_type)}</Badge>
    </span>
  );
}

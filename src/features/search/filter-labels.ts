/** How each filter of the search reads to a parent: in the chips, the tags and the suggestions. */
import { admissionKind, timeOfDay, weekday } from '#contract/coded-values';
import { fenOf, yuanOf } from '#contract/fen';
import type { FilterKey, SearchState } from './search-params.ts';

/** The fee presets; a custom range typed by the parent reads like them. */
export const FEE_RANGES = [
  { label: '1000元以下', fee_min: undefined, fee_max: fenOf(1000) },
  { label: '1000-2000元', fee_min: fenOf(1000), fee_max: fenOf(2000) },
  { label: '2000-3000元', fee_min: fenOf(2000), fee_max: fenOf(3000) },
  { label: '3000元以上', fee_min: fenOf(3000), fee_max: undefined },
];

/** Ages offered as chips: the children the center teaches. */
export const AGE_CHOICES = Array.from({ length: 13 }, (_, i) => i + 3);

/** 1000, 1999.5: as the presets write amounts (no ¥, no thousands separator). */
const plainYuan = (fen: number) => String(yuanOf(fen));

export function feeText(min: number | undefined, max: number | undefined): string {
  const preset = FEE_RANGES.find((r) => r.fee_min === min && r.fee_max === max);
  if (preset) return preset.label;
  if (min !== undefined && max !== undefined) return `${plainYuan(min)}-${plainYuan(max)}元`;
  if (min !== undefined) return `${plainYuan(min)}元以上`;
  if (max !== undefined) return `${plainYuan(max)}元以下`;
  return '不限';
}

/** The tag of one active filter (fee_min and fee_max share the fee tag). */
export function filterText(key: FilterKey, state: SearchState, names: { center?: string; specialty?: string }): string {
  switch (key) {
    case 'name':
      return `关键词：${state.name}`;
    case 'center':
      return names.center ?? '所选中心';
    case 'specialty':
      return names.specialty ?? '所选专业';
    case 'age':
      return `${state.age}岁`;
    case 'weekday':
      return weekday.label(state.weekday!);
    case 'time_of_day':
      return timeOfDay.label(state.time_of_day!);
    case 'admission_kind':
      return admissionKind.label(state.admission_kind!);
    case 'fee_min':
    case 'fee_max':
      return feeText(state.fee_min, state.fee_max);
    case 'available':
      return '只看可报名';
  }
}

/** What removing a filter is called in the suggestions of an empty result. */
export function loosenText(key: FilterKey, state: SearchState, names: { center?: string; specialty?: string }): string {
  switch (key) {
    case 'name':
      return `不限关键词“${state.name}”`;
    case 'age':
      return '不限年龄';
    case 'available':
      return '也看未开始和已满员的班级';
    case 'fee_min':
    case 'fee_max':
      return '不限费用';
    default:
      return `去掉“${filterText(key, state, names)}”`;
  }
}

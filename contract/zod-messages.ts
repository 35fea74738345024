/**
 * zod's messages in plain Chinese, for every kind of issue: the one error map of the project
 * (contract/zod.ts installs it). A schema's own message (`z.string().min(2, '请输入发票抬头')`)
 * still wins; this is what is said where a schema says nothing, so a refusal a parent or a tester
 * reads is never zod's English ("Invalid input: expected string, received number").
 */
import type { z } from 'zod';

const typeNames: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  tuple: '列表',
  set: '列表',
  object: '对象',
  record: '对象',
  map: '对象',
  date: '日期',
  null: '空值',
  undefined: '空',
  file: '文件',
  nan: '非数字',
};

function received(input: unknown): string {
  if (input === null) return '空值';
  if (input === undefined) return '空';
  if (Array.isArray(input)) return '列表';
  if (typeof input === 'number') return Number.isNaN(input) ? '非数字' : '数字';
  return typeNames[typeof input] ?? typeof input;
}

const formats: Record<string, string> = {
  email: '邮箱地址',
  url: '网址',
  datetime: '带时区的日期时间（如 2026-09-01T10:00:00+08:00）',
  date: '日期（如 2026-09-01）',
  time: '时间（如 10:00）',
  uuid: 'UUID',
  regex: '规定的格式',
  ipv4: 'IPv4 地址',
  ipv6: 'IPv6 地址',
  base64: 'base64 文本',
  json_string: 'JSON 文本',
};

const show = (value: unknown) => (typeof value === 'string' ? `“${value}”` : String(value));

/** The Chinese message of one issue (zod 4's raw issue, before it has a message). */
export function zhMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '缺少此项';
      return `应为${typeNames[issue.expected] ?? issue.expected}，收到${received(issue.input)}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少${min}个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? '至少选择一项' : `至少${min}项`;
      if (issue.origin === 'file') return `文件至少${min}字节`;
      return issue.inclusive ? `不能小于${min}` : `应大于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `最多${max}个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
      if (issue.origin === 'file') return `文件不能超过${max}字节`;
      return issue.inclusive ? `不能大于${max}` : `应小于${max}`;
    }
    case 'invalid_format':
      return `格式不正确，应为${formats[issue.format] ?? '规定的格式'}`;
    case 'not_multiple_of':
      return `应为${String(issue.divisor)}的整数倍`;
    case 'unrecognized_keys':
      return `有无法识别的字段：${issue.keys.join('、')}`;
    case 'invalid_key':
      return '字段名不符合要求';
    case 'invalid_element':
      return '列表中有不符合要求的一项';
    case 'invalid_union':
      return '内容不符合要求';
    case 'invalid_value':
      return issue.values.length === 1 ? `应为${show(issue.values[0])}` : `应为以下之一：${issue.values.map(show).join('、')}`;
    case 'custom':
    default:
      return '内容不符合要求';
  }
}

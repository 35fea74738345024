// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scheduleText, seatsText, weekdaysText } from './class-card.tsx';

describe('how a class card writes its schedule and seats', () => {
  it('writes three or more days in a row as a range', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('周一至周五');
    expect(weekdaysText([1, 3])).toBe('周一、周三');
    expect(weekdaysText([6, 7])).toBe('周六、周日');
    expect(weekdaysText([5, 1, 2, 3, 7])).toBe('周一至周三、周五、周日');
    expect(scheduleText({ weekdays: [1, 2, 3, 4], start_time: '09:00', end_time: '11:00' })).toBe('周一至周四 09:00-11:00');
  });

  it('says when no seat is left', () => {
    expect(seatsText({ seats_left: 3, sign_up_state: 2 })).toBe('剩余3个名额');
    expect(seatsText({ seats_left: 0, sign_up_state: 2 })).toBe('名额已满');
    expect(seatsText({ seats_left: 2, sign_up_state: 3 })).toBe('名额已满');
  });
});

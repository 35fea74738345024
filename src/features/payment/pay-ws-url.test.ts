import { describe, expect, it } from 'vitest';
import { payWsUrl } from './use-pay-socket.ts';

const https = { protocol: 'https:', host: 'portal.example.org' };
const http = { protocol: 'http:', host: 'localhost:4173' };

describe('pay_ws_url (the contract’s websocket kind, decision 046)', () => {
  it('is a ws(s) address, or a path of the portal over wss when the page is https', () => {
    expect(payWsUrl('/children_center/front/ws/pay', https)).toBe('wss://portal.example.org/children_center/front/ws/pay');
    expect(payWsUrl('/children_center/front/ws/pay', http)).toBe('ws://localhost:4173/children_center/front/ws/pay');
    expect(payWsUrl('wss://pay.example.org/ws', http)).toBe('wss://pay.example.org/ws');
  });

  it('is none otherwise: the page then polls', () => {
    for (const value of ['', 'ws', 'javascript:alert(1)', '//evil.example/ws', 'https://pay.example.org/ws', ' wss://pay.example.org/ws']) expect(payWsUrl(value, https), value).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from './email-address.ts';
import { checkWithdrawalForm, ORDER_NUMBER_MESSAGE } from './withdrawal-form.ts';

describe('checkWithdrawalForm', () => {
  it('answers the order and address to look up, spaces around them dropped', () => {
    expect(checkWithdrawalForm({ orderNumber: ' 1042 ', email: ' kari@example.no ' })).toEqual({
      ok: true,
      orderId: 1042,
      email: 'kari@example.no',
    });
  });

  it.each(['', '0', '0042', '10 42', '1042a', '-3', '1.5', '1234567890123456'])(
    'refuses the order number %j',
    (orderNumber) => {
      expect(checkWithdrawalForm({ orderNumber, email: 'kari@example.no' })).toEqual({
        ok: false,
        errors: { orderNumber: ORDER_NUMBER_MESSAGE },
      });
    },
  );

  it.each(['', 'kari', 'kari@example', 'kari @example.no', 'kari@@example.no', '@example.no'])(
    'refuses the address %j',
    (email) => {
      expect(checkWithdrawalForm({ orderNumber: '1042', email })).toEqual({
        ok: false,
        errors: { email: EMAIL_MESSAGE },
      });
    },
  );

  it('names both fields when both are wrong', () => {
    expect(checkWithdrawalForm({ orderNumber: '', email: '' })).toEqual({
      ok: false,
      errors: { orderNumber: ORDER_NUMBER_MESSAGE, email: EMAIL_MESSAGE },
    });
  });
});

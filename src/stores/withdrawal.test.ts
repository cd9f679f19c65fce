import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api/client.ts';
import type { WithdrawalAccess } from '../lib/domain/withdrawal.ts';
import type { CustomerOrder, Withdrawal } from '../lib/types.ts';
import { $withdrawal, closeWithdrawal, confirmWithdrawal, startWithdrawal } from './withdrawal.ts';

// The withdrawal calls are stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  withdrawalOrder: vi.fn<(id: number, access: WithdrawalAccess) => Promise<CustomerOrder>>(),
  withdrawOrder: vi.fn<(id: number, access: WithdrawalAccess) => Promise<Withdrawal>>(),
}));
vi.mock('../lib/api/withdrawal.ts', () => api);

const order: CustomerOrder = {
  id: 7,
  vat: 25,
  vatTotal: 100,
  netAmount: 400,
  total: 500,
  lines: [],
  date: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  withdrawal: { receivedDay: '2026-11-26', lastDay: '2026-12-10', withdrawnAt: null },
};
const receipt: Withdrawal = {
  orderId: 7,
  withdrawnAt: '2026-11-27T10:00:00.000Z',
  email: 'kari@example.no',
};

beforeEach(() => {
  // Within the order's period, whatever day the tests run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  api.withdrawalOrder.mockReset();
  api.withdrawOrder.mockReset();
  closeWithdrawal();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('startWithdrawal', () => {
  it('asks to confirm an order at hand without loading it', async () => {
    await startWithdrawal(7, null, order);
    expect($withdrawal.get()).toMatchObject({ step: 'confirm', orderId: 7, order });
    expect(api.withdrawalOrder).not.toHaveBeenCalled();
  });

  it('loads the order of a link by its token', async () => {
    api.withdrawalOrder.mockResolvedValue(order);
    const started = startWithdrawal(7, { token: 'tok' });
    expect($withdrawal.get().step).toBe('loading');
    await started;
    expect(api.withdrawalOrder).toHaveBeenCalledWith(7, { token: 'tok' });
    expect($withdrawal.get()).toMatchObject({ step: 'confirm', access: { token: 'tok' }, order });
  });

  it('loads the order of the withdrawal form by its e-mail address, and withdraws by it', async () => {
    api.withdrawalOrder.mockResolvedValue(order);
    api.withdrawOrder.mockResolvedValue(receipt);
    await startWithdrawal(7, { email: 'kari@example.no' });
    expect(api.withdrawalOrder).toHaveBeenCalledWith(7, { email: 'kari@example.no' });
    expect(await confirmWithdrawal()).toEqual(receipt);
    expect(api.withdrawOrder).toHaveBeenCalledWith(7, { email: 'kari@example.no' });
  });

  it('says so when the order number and address do not belong together', async () => {
    const message =
      'Vi fant ingen ordre med dette ordrenummeret og denne e-postadressen. Sjekk ordrebekreftelsen.';
    api.withdrawalOrder.mockRejectedValue(new ApiRequestError(404, message));
    await startWithdrawal(7, { email: 'ola@example.no' });
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false });
  });

  it('says why instead of asking when the loaded order is withdrawn already', async () => {
    api.withdrawalOrder.mockResolvedValue({ ...order, status: 'withdrawn' });
    await startWithdrawal(7, { token: 'tok' });
    expect($withdrawal.get()).toMatchObject({
      step: 'error',
      message: 'Ordre 7 er allerede angret.',
      retry: false,
    });
  });

  it('says so when the link is not the order’s', async () => {
    const message = 'Vi fant ikke ordren. Sjekk lenken i ordrebekreftelsen.';
    api.withdrawalOrder.mockRejectedValue(new ApiRequestError(404, message));
    await startWithdrawal(7, { token: 'wrong' });
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false });
  });
});

describe('confirmWithdrawal', () => {
  it('records the withdrawal and shows the order as withdrawn', async () => {
    api.withdrawOrder.mockResolvedValue(receipt);
    await startWithdrawal(7, { token: 'tok' }, order);
    expect(await confirmWithdrawal()).toEqual(receipt);
    expect(api.withdrawOrder).toHaveBeenCalledWith(7, { token: 'tok' });
    expect($withdrawal.get()).toMatchObject({
      step: 'done',
      receipt,
      order: { id: 7, status: 'withdrawn' },
    });
    // A second confirmation once done sends nothing.
    expect(await confirmWithdrawal()).toBeNull();
    expect(api.withdrawOrder).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal after the period as the backend words it', async () => {
    const message = 'Angrefristen for denne ordren gikk ut 12. november 2026.';
    api.withdrawOrder.mockRejectedValue(new ApiRequestError(422, message));
    await startWithdrawal(7, null, order);
    expect(await confirmWithdrawal()).toBeNull();
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false, order });
  });

  it('offers a retry when no answer came, and the retry can succeed', async () => {
    api.withdrawOrder.mockRejectedValueOnce(new ApiRequestError(0, 'offline'));
    api.withdrawOrder.mockResolvedValueOnce(receipt);
    await startWithdrawal(7, null, order);
    await confirmWithdrawal();
    expect($withdrawal.get()).toMatchObject({ step: 'error', retry: true });
    expect(await confirmWithdrawal()).toEqual(receipt);
    expect($withdrawal.get().step).toBe('done');
  });
});
